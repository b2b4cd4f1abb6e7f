/**
 * The upstream's `failureReason` object: `failureCode` (e.g. `PM-001`) and `failureMessage`,
 * each a string or `null` ("null values when not failed").
 * @module
 */
import * as z from 'zod/mini';

/** Why a transaction failed, as the upstream reports it. */
export const failureReasonSchema = z.looseObject({
  failureCode: z.optional(z.nullable(z.string())),
  failureMessage: z.optional(z.nullable(z.string())),
});

/** Why a transaction failed. */
export type FailureReason = z.output<typeof failureReasonSchema>;

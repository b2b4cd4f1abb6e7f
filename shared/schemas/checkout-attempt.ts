/**
 * The body of `POST /v1/checkout/:id/attempts` (public checkout API): the payer's choice of
 * country and method and the fields that method needs. Strings are trimmed; unknown keys are
 * refused. The per-method rules (which fields, phone form, ID checksum, bank codes) are
 * checked on the collection params built from it (see `validateCollectionParams`), whose
 * field names are the same.
 * @module
 */
import * as z from 'zod/mini';
import { PAYER_FIELD_MAX } from '../attempt-field-limits';
import { positiveInteger, trimmedText } from './fields';

/** Longest accepted value of each attempt field. */
export const ATTEMPT_FIELD_MAX = { method: 64, ...PAYER_FIELD_MAX } as const;

/**
 * The attempt body.
 *
 * @example
 * const attempt = validate(attemptBodySchema, await c.req.json());
 * if (attempt.ok) attempt.value.method; // 'send money'
 */
export const attemptBodySchema = z.strictObject({
  country_id: positiveInteger(),
  method: trimmedText(ATTEMPT_FIELD_MAX.method),
  mobile: z.optional(trimmedText(ATTEMPT_FIELD_MAX.mobile)),
  first_name: z.optional(trimmedText(ATTEMPT_FIELD_MAX.first_name)),
  last_name: z.optional(trimmedText(ATTEMPT_FIELD_MAX.last_name)),
  name: z.optional(trimmedText(ATTEMPT_FIELD_MAX.name)),
  account_name: z.optional(trimmedText(ATTEMPT_FIELD_MAX.account_name)),
  bank_code: z.optional(trimmedText(ATTEMPT_FIELD_MAX.bank_code)),
  id_number: z.optional(trimmedText(ATTEMPT_FIELD_MAX.id_number)),
  /** The payer confirmed the merchant's prefilled phone (shown masked): the session uses the
   * number it holds. Not together with `mobile`. */
  use_prefilled_mobile: z.optional(z.literal(true)),
});

/** A valid attempt body. */
export type AttemptBody = z.output<typeof attemptBodySchema>;

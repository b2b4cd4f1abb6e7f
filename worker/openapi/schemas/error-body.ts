/**
 * The error body every route answers with, as the document describes it: `code` is one of
 * shared/errors.ts. `request_id` and `doc_url` are optional here until the API conventions
 * (issue #26, shared/schemas/error-body.ts) make them required.
 * @module
 */
import * as z from 'zod';
import { ErrorCode } from '../../../shared/errors';
import { named } from '../registry';

/** Every error code, in the order of shared/errors.ts. */
export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** The error code enum. */
export const errorCodeSchema = named(
  'ErrorCode',
  z.enum(ERROR_CODES),
  'A stable error code (shared/errors.ts); each has an entry in the Errors section of /docs.',
);

/** `{ error: { code, message, param?, details?, request_id?, doc_url? } }` for some codes. */
export function errorBodyOf(code: z.ZodType) {
  return z.object({
    error: z.object({
      code,
      message: z.string().describe('A human sentence; may be reworded, the code never changes.'),
      param: z.string().optional().describe('The one field at fault, when there is one.'),
      details: z.record(z.string(), z.unknown()).optional(),
      request_id: z.string().optional(),
      doc_url: z.string().optional(),
    }),
  });
}

/** The error body with any code. */
export const errorBodySchema = named('ErrorBody', errorBodyOf(errorCodeSchema));

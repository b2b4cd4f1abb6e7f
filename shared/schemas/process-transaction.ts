/**
 * Params of the OTP step (`POST /api/v4/service-unified-process-transaction`): the payer's
 * `otp` and the `payment_token` returned by the collection request. The response body is
 * not documented.
 * @module
 */
import * as z from 'zod/mini';
import { successFlag, text } from './fields';

/** The OTP step's params. */
export const processTransactionParamsSchema = z.looseObject({
  otp: text(16),
  payment_token: text(2048),
});

/** The OTP step's params. */
export type ProcessTransactionParams = z.output<typeof processTransactionParamsSchema>;

/**
 * The OTP step's answer. Its body is not documented: only the success flag is read (a success
 * means the code was accepted; the money is still pending).
 */
export const processTransactionResponseSchema = z.looseObject({
  success: successFlag,
});

/** The OTP step's answer. */
export type ProcessTransactionResponse = z.output<typeof processTransactionResponseSchema>;

/**
 * The body of `POST /v1/checkout/:id/otp` (public checkout API): `{ otp }`, 4 to 8 digits
 * (`OTP_DIGITS` of `shared/references.ts`).
 * Unknown keys are refused.
 * @module
 */
import * as z from 'zod/mini';
import { OTP_DIGITS, OTP_PATTERN } from '../references';

/**
 * The OTP body.
 *
 * @example
 * const body = validate(otpBodySchema, await c.req.json());
 * if (body.ok) await submitOtp(body.value.otp);
 */
export const otpBodySchema = z.strictObject({
  otp: z
    .string()
    .check(z.trim(), z.regex(OTP_PATTERN, `must be ${OTP_DIGITS.min} to ${OTP_DIGITS.max} digits`)),
});

/** A valid OTP body. */
export type OtpBody = z.output<typeof otpBodySchema>;

/**
 * The body of `POST /v1/checkout/:id/otp` (public checkout API): `{ otp }`, 4 to 8 digits.
 * Unknown keys are refused.
 * @module
 */
import * as z from 'zod/mini';

/**
 * The OTP body.
 *
 * @example
 * const body = validate(otpBodySchema, await c.req.json());
 * if (body.ok) await submitOtp(body.value.otp);
 */
export const otpBodySchema = z.strictObject({
  otp: z.string().check(z.trim(), z.regex(/^\d{4,8}$/, 'must be 4 to 8 digits')),
});

/** A valid OTP body. */
export type OtpBody = z.output<typeof otpBodySchema>;

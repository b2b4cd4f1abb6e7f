/**
 * POST /api/v4/service-unified-process-transaction: the OTP step of the OTP-verified method.
 * params: otp, payment_token. `000000` within the token's 2 sandbox minutes: 200
 * `{ success: true, message, data, status_code: "000000" }` (data as a collection's, still
 * pending; the terminal callback follows). Otherwise 400 `{ success: false, message }`: a
 * wrong OTP leaves the transaction pending (retry until expiry), an expired token has failed
 * it, an unknown token or a finished transaction is refused. Envelope failures: 403.
 * @module
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { SandboxApp } from '../app-env';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { signedEnvelope } from '../middleware/envelope';
import { injectedFaults } from '../middleware/faults';
import { collectionData } from '../records';
import { refusal } from '../respond';
import { text } from '../rules/fields';
import { checkParams, refuse } from '../rules/refusal';

const OtpParams = z.object({ otp: text, payment_token: text });

/** The process-transaction route. */
export const processTransaction = new Hono<SandboxApp>();

processTransaction.post(
  ENDPOINTS['process-transaction'].path,
  injectedFaults('process-transaction'),
  signedEnvelope({ refused: FAILURE.collectionRefused, notVerified: FAILURE.notVerified }),
  async (c) => {
    const parsed = checkParams(OtpParams, c.get('params'), FAILURE.collectionRefused);
    if (!parsed.ok) return refusal(c, parsed);
    const submitted = await ledger(c.env).submitOtp(parsed.value.payment_token, parsed.value.otp);
    switch (submitted.result) {
      case 'unknown':
        return refusal(c, refuse(400, FAILURE.unknownToken, 'no transaction holds this token'));
      case 'wrong':
        return refusal(c, refuse(400, FAILURE.wrongOtp, 'wrong OTP; the sandbox OTP is 000000'));
      case 'expired':
        return refusal(c, refuse(400, FAILURE.otpExpired, 'the payment token expired'));
      case 'closed':
        return refusal(c, refuse(400, FAILURE.alreadyProcessed, 'the OTP step is over'));
      case 'accepted':
        return c.json({
          success: true,
          message: SUCCESS.otpAccepted,
          data: collectionData(submitted.tx, c.env.SANDBOX_PUBLIC_URL),
          status_code: '000000',
        });
    }
  },
);

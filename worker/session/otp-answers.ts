/**
 * What an answer of process-transaction tells about the payer's code
 * (docs/upstream-api.md, "POST /api/v4/service-unified-process-transaction"; its refusals are
 * not documented). Only a definite "wrong code" is the payer's: it alone counts toward the
 * lock. "Already processed" is the upstream saying it had a code on this token: `accepted`.
 * No answer (a timeout, a 5xx, an unreadable body) is `unknown`: the code may or may not have
 * arrived, so it may be sent again (the token makes a repeat harmless).
 * @module
 */
import type { ProcessTransactionResponse } from '../../shared/schemas';
import type { UpstreamResult } from '../upstream';

/** What one process-transaction answer means for the attempt. */
export type OtpAnswer =
  /** 2xx with success: the code was accepted; or a refusal saying the step is already over
   * (an earlier code, whose answer we may never have heard, was applied). */
  | { kind: 'accepted'; already: boolean }
  /** No answer: a timeout, a 5xx, an unreadable body. The code may or may not have arrived. */
  | { kind: 'unknown'; reason: string }
  /** A definite refusal of the code itself: a wrong try. */
  | { kind: 'wrong_code'; message: string }
  /** The token's validity is over: no code can pass any more. */
  | { kind: 'expired'; message: string }
  /** The upstream refused our own credentials (401, 403): not the payer's doing. */
  | { kind: 'auth_refused'; status: number; message: string }
  /** Any other definite refusal (an unknown token, a rule): nothing happened, and nothing
   * of it is the payer's doing. */
  | { kind: 'refused'; status: number; message: string };

/** "The step is over" wordings (the sandbox: "This transaction has already been processed."). */
const ALREADY_PROCESSED = /\balready\b.*\b(processed|confirmed|verified|completed|used)\b/i;
/** "The token expired" wordings. */
const EXPIRED = /\bexpired?\b/i;
/** A wrong code names the code and says it is wrong (the sandbox: "Invalid OTP. …"); "Invalid
 * payment token." names no code and is not one. */
const CODE_WORD = /\b(otp|code|pin|one[- ]time)\b/i;
const WRONG_WORD =
  /\b(invalid|wrong|incorrect|mismatch(ed)?|not match|does not match|not valid)\b/i;

/**
 * Reads one process-transaction answer.
 *
 * @example
 * otpAnswer({ kind: 'timeout' }); // { kind: 'unknown', reason: 'timeout' }
 * otpAnswer({ kind: 'rejected', status: 400, message: 'Invalid OTP.', body: {} }).kind; // 'wrong_code'
 */
export function otpAnswer(result: UpstreamResult<ProcessTransactionResponse>): OtpAnswer {
  switch (result.kind) {
    case 'ok':
      return { kind: 'accepted', already: false };
    case 'timeout':
      return { kind: 'unknown', reason: 'timeout' };
    case 'unavailable':
      return { kind: 'unknown', reason: result.reason };
    case 'rejected': {
      const { status, message } = result;
      if (status === 401 || status === 403) return { kind: 'auth_refused', status, message };
      if (ALREADY_PROCESSED.test(message)) return { kind: 'accepted', already: true };
      if (EXPIRED.test(message)) return { kind: 'expired', message };
      const payerStatus = status === 200 || status === 400 || status === 422;
      if (payerStatus && CODE_WORD.test(message) && WRONG_WORD.test(message)) {
        return { kind: 'wrong_code', message };
      }
      return { kind: 'refused', status, message };
    }
  }
}

/**
 * The payer's one-time code for the OTP-verified method
 * (docs/upstream-api.md, "POST /api/v4/service-unified-process-transaction"): one code checked
 * at a time, at most {@link MAX_OTP_TRIES} definite wrong ones (./otp-answers.ts), and an
 * accepted code (or one whose answer we never heard) only closes the payer's input: the
 * upstream's report still settles the money.
 * @module
 */
import { processTransactionResponseSchema } from '../../shared/schemas';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { CheckoutView, NextAction } from '../../shared/view';
import { fail, type Outcome } from '../durable/outcome';
import { firstQueryDelay } from '../durable/reconcile-backoff';
import { logLine } from '../middleware/request-log';
import { callUpstream } from '../upstream';
import type { SessionContext } from './context';
import { otpAnswer } from './otp-answers';
import { parseJson, type AttemptRow } from './store';
import { setInput } from './transitions';
import { noteUpstreamAuthRefusal, UPSTREAM_AUTH_MESSAGE } from './upstream-faults';
import { queueWebhook } from './webhooks';

/** Wrong OTPs an attempt accepts before its input closes. */
export const MAX_OTP_TRIES = 3;

/** The refusal of a code for an attempt whose input lapsed (locked, or expired). */
function lapsed(cx: SessionContext, locked: boolean): Outcome<CheckoutView> {
  return locked
    ? fail('OTP_LOCKED', 'Too many wrong codes; start a new payment.', { view: cx.view() })
    : fail('OTP_EXPIRED', 'The code has expired; start a new payment.', { view: cx.view() });
}

/**
 * Submits the payer's OTP for the latest OTP attempt (the payment_token never leaves here).
 * Once a code is accepted, or its answer was unknown (a timeout, a 5xx, an unreadable body,
 * "already processed"), the input is `given`: the session holds, and further codes are refused
 * here and never forwarded, so a repeat is never a wrong try. Only a definite wrong code uses
 * a try; a refusal of our credentials (403) or any other refusal does not. A refused code
 * never fails the attempt (only the upstream's report does): after {@link MAX_OTP_TRIES} the
 * attempt's input closes, and it is still reconciled.
 *
 * @example
 * return submitOtp(cx, '123456'); // OTP_INVALID with details.tries_left after a wrong code
 */
export async function submitOtp(cx: SessionContext, otp: string): Promise<Outcome<CheckoutView>> {
  const session = cx.store.session();
  if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  if (session.status === 'succeeded') {
    return fail('SESSION_CLOSED', 'This checkout is already paid.');
  }
  const row = cx.store.latestAttempt();
  if (!row || row.kind !== 'otp_operator' || row.status !== 'pending' || !row.payment_token) {
    return fail('NO_ATTEMPT_WAITING', 'No payment is waiting for a one-time code.');
  }
  if (row.input === 'given') {
    return fail(
      'NO_ATTEMPT_WAITING',
      'The code was already sent; the payment is being confirmed. Do not pay again.',
      { view: cx.view() },
    );
  }
  if (row.input === 'lapsed') return lapsed(cx, row.lapse_reason === 'otp_locked');
  if (cx.otpChecking === row.id) {
    return fail('ATTEMPT_IN_PROGRESS', 'A code is already being checked; wait for its answer.');
  }
  cx.otpChecking = row.id;
  const result = await callUpstream(
    cx.env,
    cx.config,
    UPSTREAM_PATHS.processTransaction,
    { params: { otp, payment_token: row.payment_token } },
    processTransactionResponseSchema,
  ).finally(() => {
    cx.otpChecking = null;
  });
  const answer = otpAnswer(result);
  switch (answer.kind) {
    case 'accepted':
      cx.log('otp_accepted', row.id, null);
      return codeGiven(cx, row.id);
    case 'maybe_accepted':
      // Unknown is not "no": the code may have passed, so no new attempt may start and no
      // code is sent again; the upstream's report settles it.
      cx.store.updateAttempt(row.id, { upstream_message: answer.reason, updated_at: Date.now() });
      cx.log('otp_unknown', row.id, { reason: answer.reason });
      return codeGiven(cx, row.id);
    case 'wrong_code':
      return wrongCode(cx, row, answer.message);
    case 'expired':
      cx.store.updateAttempt(row.id, { upstream_message: answer.message, updated_at: Date.now() });
      cx.log('otp_refused', row.id, { kind: 'expired' });
      setInput(cx, row.id, 'input_lapsed', 'otp_expired');
      return lapsed(cx, false);
    case 'auth_refused':
      return otpAuthRefused(cx, row.id, answer.status, answer.message);
    case 'refused':
      // Not the payer's doing (an unknown token, a rule): no try is used.
      cx.store.updateAttempt(row.id, { upstream_message: answer.message, updated_at: Date.now() });
      cx.log('otp_refused', row.id, { kind: 'refused', status: answer.status });
      return fail('UPSTREAM_REJECTED', 'The code could not be checked; try again in a moment.');
  }
}

/** The code was (or may have been) accepted: input `given`, and a status query soon. */
function codeGiven(cx: SessionContext, attemptId: string): Outcome<CheckoutView> {
  setInput(cx, attemptId, 'input_given');
  // The payer acted: ask soon rather than at the end of the backoff.
  if (cx.store.attempt(attemptId)!.status === 'pending') {
    const dueAt = Date.now() + firstQueryDelay(cx.config);
    cx.tasks.schedule(`reconcile:${attemptId}`, 'reconcile', dueAt, attemptId);
  }
  return { ok: true, value: cx.view()! };
}

/** A definite wrong code: one try used; the last one closes the input (locked). */
function wrongCode(cx: SessionContext, row: AttemptRow, message: string): Outcome<CheckoutView> {
  const tries = row.otp_tries + 1;
  const left = Math.max(0, MAX_OTP_TRIES - tries);
  const next = parseJson<NextAction>(row.next);
  if (next?.type === 'enter_otp') next.tries_left = left;
  cx.store.updateAttempt(row.id, {
    otp_tries: tries,
    upstream_message: message,
    next: JSON.stringify(next),
    updated_at: Date.now(),
  });
  cx.log('otp_refused', row.id, { kind: 'wrong_code', tries });
  if (left === 0) {
    setInput(cx, row.id, 'input_lapsed', 'otp_locked');
    return lapsed(cx, true);
  }
  cx.bump();
  // The upstream's wording stays in the merchant's records (upstream_message), not the payer's.
  return fail('OTP_INVALID', 'That code was not accepted.', { tries_left: left });
}

/** The upstream refused our credentials on the OTP step: no try is used, the input stays
 * open, and the platform hears of it as for a create (one `integration.error` per attempt, an
 * error line, `GET /health` degraded). */
async function otpAuthRefused(
  cx: SessionContext,
  attemptId: string,
  status: number,
  message: string,
): Promise<Outcome<CheckoutView>> {
  cx.store.updateAttempt(attemptId, { upstream_message: message, updated_at: Date.now() });
  cx.log('integration_error', attemptId, { kind: 'upstream_auth', status });
  queueWebhook(
    cx,
    `evt_${attemptId}_integration_error`,
    'integration.error',
    cx.store.attempt(attemptId),
    {
      kind: 'upstream_auth',
      attempt_id: attemptId,
      upstream_message: message,
    },
  );
  logLine('error', 'upstream_auth_refused', { route: UPSTREAM_PATHS.processTransaction, status });
  await noteUpstreamAuthRefusal(cx.env).catch(() => undefined);
  return fail('UPSTREAM_AUTH', UPSTREAM_AUTH_MESSAGE, { view: cx.view() });
}

/**
 * The payer's one-time code for the OTP-verified method
 * (docs/upstream-api.md, "POST /api/v4/service-unified-process-transaction"): one code checked
 * at a time, sent once more by itself when no answer came, at most {@link MAX_OTP_TRIES}
 * definite wrong ones (./otp-answers.ts), and an accepted code only closes the payer's input:
 * the upstream's report still settles the money.
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
import { otpAnswer, type OtpAnswer } from './otp-answers';
import { parseJson, type AttemptRow } from './store';
import { setInput } from './transitions';
import { noteUpstreamAuthRefusal, UPSTREAM_AUTH_MESSAGE } from './upstream-faults';
import { queueWebhook } from './webhooks';

type OtpNext = Extract<NextAction, { type: 'enter_otp' }>;

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
 * When no answer comes (a timeout, a 5xx, an unreadable body) the same code goes once more on
 * the same token before the payer hears anything: a code the upstream already has is answered
 * "already processed", which like an acceptance makes the input `given`. If that answer is lost
 * too, the input stays open and marked `unconfirmed` (the session holds): the payer may enter
 * the code again, and it is sent. Only a definite wrong code uses a try; a refusal of our
 * credentials (403) or any other refusal does not. A refused code never fails the attempt
 * (only the upstream's report does): after {@link MAX_OTP_TRIES} the attempt's input closes,
 * and it is still reconciled.
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
    return fail('NO_ATTEMPT_WAITING', 'No code is needed now; the payment is being confirmed.', {
      view: cx.view(),
    });
  }
  if (row.input === 'lapsed') return lapsed(cx, row.lapse_reason === 'otp_locked');
  if (cx.otpChecking === row.id) {
    return fail('ATTEMPT_IN_PROGRESS', 'A code is already being checked; wait for its answer.');
  }
  cx.otpChecking = row.id;
  const answer = await sendCode(cx, row, otp).finally(() => {
    cx.otpChecking = null;
  });
  switch (answer.kind) {
    case 'accepted':
      cx.log('otp_accepted', row.id, answer.already ? { already: true } : null);
      return codeGiven(cx, row);
    case 'unknown':
      return codeUnconfirmed(cx, row, answer.reason);
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

/** Sends the code; with no answer, the same code once more on the same token (the token makes
 * a repeat harmless: a code it already has is answered "already processed"). */
async function sendCode(cx: SessionContext, row: AttemptRow, otp: string): Promise<OtpAnswer> {
  const send = async () =>
    otpAnswer(
      await callUpstream(
        cx.env,
        cx.config,
        UPSTREAM_PATHS.processTransaction,
        { params: { otp, payment_token: row.payment_token } },
        processTransactionResponseSchema,
      ),
    );
  const first = await send();
  if (first.kind !== 'unknown') return first;
  cx.log('otp_resent', row.id, { reason: first.reason });
  return send();
}

/** The code was accepted (or the upstream already had one): input `given`, a status query soon. */
function codeGiven(cx: SessionContext, row: AttemptRow): Outcome<CheckoutView> {
  const next = otpNext(row, (otp) => delete otp.unconfirmed);
  cx.store.updateAttempt(row.id, { next, updated_at: Date.now() });
  setInput(cx, row.id, 'input_given');
  askSoon(cx, row.id);
  return { ok: true, value: cx.view()! };
}

/** An attempt's stored `enter_otp` action, edited, as JSON. */
function otpNext(row: AttemptRow, edit: (next: OtpNext) => void): string {
  const next = parseJson<NextAction>(row.next);
  if (next?.type === 'enter_otp') edit(next);
  return JSON.stringify(next);
}

/** The payer acted: a status query soon rather than at the end of the backoff. */
function askSoon(cx: SessionContext, attemptId: string): void {
  if (cx.store.attempt(attemptId)?.status !== 'pending') return;
  const dueAt = Date.now() + firstQueryDelay(cx.config);
  cx.tasks.schedule(`reconcile:${attemptId}`, 'reconcile', dueAt, attemptId);
}

/** Neither send of the code was answered. Unknown is not "no": the input stays open and the
 * session holds (no new attempt); the payer may send the code again. If the window closes
 * first, the input is `given` (worker/session/as-of.ts, `windowCloses`). */
function codeUnconfirmed(
  cx: SessionContext,
  row: AttemptRow,
  reason: string,
): Outcome<CheckoutView> {
  cx.store.updateAttempt(row.id, {
    upstream_message: reason,
    next: otpNext(row, (next) => (next.unconfirmed = true)),
    updated_at: Date.now(),
  });
  cx.log('otp_unknown', row.id, { reason });
  askSoon(cx, row.id);
  cx.bump();
  return { ok: true, value: cx.view()! };
}

/** A definite wrong code: one try used; the last one closes the input (locked). */
function wrongCode(cx: SessionContext, row: AttemptRow, message: string): Outcome<CheckoutView> {
  const tries = row.otp_tries + 1;
  const left = Math.max(0, MAX_OTP_TRIES - tries);
  // A definite answer about a code: none of the earlier ones is with the upstream.
  const next = otpNext(row, (otp) => {
    otp.tries_left = left;
    delete otp.unconfirmed;
  });
  cx.store.updateAttempt(row.id, {
    otp_tries: tries,
    upstream_message: message,
    next,
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

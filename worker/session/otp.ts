/**
 * The payer's one-time code for the OTP-verified method
 * (docs/upstream-api.md, "POST /api/v4/service-unified-process-transaction"): one code checked
 * at a time, at most {@link MAX_OTP_TRIES} wrong ones, and an accepted code only closes the
 * payer's input: the upstream's answer still settles the money.
 * @module
 */
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { CheckoutView, NextAction } from '../../shared/view';
import { fail, type Outcome } from '../durable/outcome';
import { firstQueryDelay } from '../durable/reconcile-backoff';
import { callUpstream } from '../upstream';
import type { SessionContext } from './context';
import { parseJson } from './store';
import { setInput } from './transitions';

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
 * Once a code is accepted, further codes are refused here and never forwarded; a refused
 * code never fails the attempt (only the upstream's status does): after {@link MAX_OTP_TRIES}
 * the attempt's input closes, and it is still reconciled.
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
      'The code was already accepted; the payment is being confirmed. Do not pay again.',
      { view: cx.view() },
    );
  }
  if (row.input === 'lapsed') return lapsed(cx, row.lapse_reason === 'otp_locked');
  if (cx.otpChecking === row.id) {
    return fail('ATTEMPT_IN_PROGRESS', 'A code is already being checked; wait for its answer.');
  }
  cx.otpChecking = row.id;
  const result = await callUpstream(cx.env, cx.config, UPSTREAM_PATHS.processTransaction, {
    params: { otp, payment_token: row.payment_token },
  }).finally(() => {
    cx.otpChecking = null;
  });
  if (result.kind === 'ok') {
    cx.log('otp_accepted', row.id, null);
    setInput(cx, row.id, 'input_given');
    // The payer acted: ask soon rather than at the end of the backoff.
    if (cx.store.attempt(row.id)!.status === 'pending') {
      const dueAt = Date.now() + firstQueryDelay(cx.config);
      cx.tasks.schedule(`reconcile:${row.id}`, 'reconcile', dueAt, row.id);
    }
    return { ok: true, value: cx.view()! };
  }
  if (result.kind === 'rejected') {
    const tries = row.otp_tries + 1;
    const left = Math.max(0, MAX_OTP_TRIES - tries);
    const next = parseJson<NextAction>(row.next);
    if (next?.type === 'enter_otp') next.tries_left = left;
    cx.store.updateAttempt(row.id, {
      otp_tries: tries,
      upstream_message: result.message,
      next: JSON.stringify(next),
      updated_at: Date.now(),
    });
    cx.log('otp_refused', row.id, { tries });
    if (left === 0) {
      setInput(cx, row.id, 'input_lapsed', 'otp_locked');
      return lapsed(cx, true);
    }
    cx.bump();
    // The upstream's wording stays in the merchant's records (upstream_message), not the payer's.
    return fail('OTP_INVALID', 'That code was not accepted.', { tries_left: left });
  }
  return fail(
    result.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
    'The payment service did not answer; try the code again in a moment.',
  );
}

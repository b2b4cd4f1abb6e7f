/**
 * The merchant cancels a checkout (`POST /v1/sessions/:id/expire`, docs/design.md, "Merchant
 * API"): an `open` session nobody paid and nobody may be paying closes at once; a paid one, or
 * one with money that may be moving or held, is refused and left as it is (docs/design.md,
 * "Money rules": unknown is not no).
 * @module
 */
import { mayHoldMoney } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';
import type { SessionContext } from './context';
import { merchantSession, type MerchantSession } from './merchant-view';
import type { AttemptRow, SessionRow } from './store';
import { applyClock, expireByMerchant } from './transitions';

/** Why the merchant may not expire the session (checked after the clock is applied), or null. */
export function expireRefusal(
  session: SessionRow,
  attempts: readonly AttemptRow[],
): Outcome<never> | null {
  if (session.status === 'succeeded') {
    return fail('ALREADY_PAID', 'This checkout is already paid; refund it instead.');
  }
  const held = attempts.find((a) => mayHoldMoney(a.status));
  if (!held) return null;
  const details = { attempt_id: held.id, attempt_status: held.status, input: held.input };
  return fail('PAYMENT_IN_PROGRESS', heldMessage(held), details);
}

/** What the merchant reads about the attempt that keeps the session from expiring. */
function heldMessage(attempt: AttemptRow): string {
  if (attempt.status === 'mismatch' || attempt.status === 'needs_review') {
    return (
      'A payment of this checkout needs your decision (checkout.requires_action): money may ' +
      'have been taken. Refund it or accept it; the checkout cannot be expired meanwhile.'
    );
  }
  if (attempt.input === 'given') {
    return (
      'The payer approved a payment of this checkout and the payment service has not settled ' +
      'it yet; wait for checkout.succeeded or checkout.failed.'
    );
  }
  if (attempt.input === 'awaiting') {
    return (
      'A payment of this checkout is waiting for the payer, who may still approve it; ' +
      'try again once it has settled or its time has run out and it failed.'
    );
  }
  return (
    "The payer's time for a payment of this checkout ran out, but the payment service has not " +
    'said it failed (it may still be paid); wait for checkout.failed, or ask with ' +
    'POST /v1/sessions/:id/reconcile.'
  );
}

/**
 * Expires the session for the merchant, or answers why not. Idempotent: a session already
 * `expired` or `failed` (by the clock, by its attempts, or by an earlier call) is answered as it
 * is, and nothing is sent again.
 *
 * @example
 * return respond(c, await sessionStub(c.env, id).expire());
 */
export function expireForMerchant(cx: SessionContext): Outcome<MerchantSession> {
  if (!cx.store.session()) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  // What the clock already decided is written first: a session past its time expires as the
  // clock's (no reason), before the merchant's call is judged.
  applyClock(cx);
  const session = cx.store.session()!;
  const refused = expireRefusal(session, cx.store.attempts());
  if (refused) return refused;
  if (session.status === 'open') expireByMerchant(cx);
  return { ok: true, value: merchantSession(cx)! };
}

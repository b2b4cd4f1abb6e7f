/**
 * A create the upstream refused, for every kind that creates a payment upstream (a checkout
 * attempt's collection, a payout, a refund's payout): the refusal means "not charged" only when
 * nothing the upstream said contradicts it (docs/design.md, "Money rules"). A verified callback
 * that came while the create was on its way is the upstream's own word about this payment: it
 * is judged first, and a payment it settled stays settled. When one was heard and the payment
 * is still pending, the refusal is not "not charged": the create's state is unknown, and the
 * status queries decide.
 * @module
 */

/** What one kind provides to {@link judgeRefusal}. */
export interface RefusalPort {
  /** Judges the verified callbacks that waited (those that came while the create was on its
   * way, or that wait for a status query). */
  judgeWaiting(): void;
  /** True while the payment is `pending`. */
  pending(): boolean;
  /** True when a verified report (a callback, a status record) showed the upstream has it. */
  heard(): boolean;
  /** Keeps the payment pending with its create state `unknown` (its status queries decide). */
  keepUnknown(): void;
}

/**
 * What a refused create means: `settled` (a waiting callback settled the payment), `unknown`
 * (a heard callback contradicts the refusal: pending, the status query decides) or `refused`
 * (nothing contradicts it: not charged, the kind fails the payment its own way).
 *
 * @example
 * if (judgeRefusal(port) !== 'refused') return { ok: true, value: view() };
 */
export function judgeRefusal(port: RefusalPort): 'settled' | 'unknown' | 'refused' {
  port.judgeWaiting();
  if (!port.pending()) return 'settled';
  if (!port.heard()) return 'refused';
  port.keepUnknown();
  return 'unknown';
}

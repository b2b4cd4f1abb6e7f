/**
 * Judging one upstream report (a verified callback or a status-query record) against what we
 * recorded for the payment, for every kind of payment (checkout attempt, payout, payment-link
 * payment): docs/design.md, "Money rules", rules 1, 4 and 5. Pure: the kinds read their report's
 * fields into a {@link Report}, say what they expected in an {@link Expected}, and apply the
 * {@link Judgement} through their own transition.
 * @module
 */
import type { MoneyDifference, ReportedOutcome } from '../../shared/money-report';
import { reportEvent, type AttemptEvent } from '../../shared/status';

/**
 * How a reported amount must compare with ours:
 * - `reversed_excess`: at least ours; more is a plain success (NGN virtual accounts: the
 *   upstream processes the expected amount and reverses the excess);
 * - `exact_or_overpaid`: exactly ours; more is a success plus an `overpaid` anomaly, less a
 *   mismatch (every other collection);
 * - `exact`: exactly ours; any other amount is a mismatch (payouts, payment links);
 * - `payer_chooses`: any amount matches, `amount` is not read (a payment link recorded without
 *   an amount, or created elsewhere, before its first settling report: the kind records what
 *   was paid and compares later reports with it `exact`).
 */
export type AmountRule = 'reversed_excess' | 'exact_or_overpaid' | 'exact' | 'payer_chooses';

/**
 * The two roles the upstream gives its references (docs/upstream-api.md): the `collection`
 * reference (a create's depositId / MerchantRequestID, a payout create's reference) and the
 * `transaction` reference (a callback's `reference`, a status record's `ref` and
 * `transaction_id`). They may be different values for one payment.
 */
export type RefRole = 'collection' | 'transaction';

/** References by role. */
export type Refs = Readonly<Record<RefRole, readonly string[]>>;

/** No references. */
export const NO_REFS: Refs = { collection: [], transaction: [] };

/** What we recorded when the money was asked for. */
export interface Expected {
  /** Whole units (not read under `payer_chooses`). */
  amount: number;
  /** Null: not known yet (a payment link created elsewhere, before its first settling report),
   * so not compared. */
  currency: string | null;
  amountRule: AmountRule;
  /** Our own reference of the transaction (its third_party_reference_1). */
  ownRef: string;
  /** Every upstream reference we have been given for this transaction (create answer, status
   * records, reports that matched), by role. */
  knownRefs: Refs;
}

/** What one report says, read from whatever fields its source names. */
export interface Report {
  outcome: ReportedOutcome;
  /** The amount paid; null when the report leaves it out. */
  amount: number | null;
  currency: string | null;
  /** Our reference as the report names it (third_party_reference_1), when it does. */
  ownRef: string | null;
  /** Every upstream reference the report names (depositId, MerchantRequestID, reference, ref,
   * transaction_id), by role, without duplicates. */
  upstreamRefs: Refs;
  /** True for a status record: the upstream's answer to a query by our own reference, so its
   * upstream references are given for this transaction (learnt, not compared). */
  answersOwnRef: boolean;
}

/**
 * A report that names nothing but its outcome (a horizon reached, a refused create): no amount,
 * currency or reference to compare.
 *
 * @example
 * emptyReport('unknown'); // { outcome: 'unknown', amount: null, …, upstreamRefs: NO_REFS }
 */
export function emptyReport(outcome: ReportedOutcome): Report {
  return {
    outcome,
    amount: null,
    currency: null,
    ownRef: null,
    upstreamRefs: NO_REFS,
    answersOwnRef: false,
  };
}

/** A report, judged. */
export interface Judgement {
  event: AttemptEvent;
  /** A success that cannot be judged yet: it names no amount (ask the status to learn it). */
  needsAmount: boolean;
  /** A success that names no upstream reference we can compare (we were given none of its
   * roles, or it names none): a status query gives the transaction's references first. */
  needsRefs: boolean;
  /** For a success: the fields that disagree (a non-empty list makes it a mismatch). */
  differences: MoneyDifference[];
  /** A matching success paid above our amount under `exact_or_overpaid` (an anomaly). */
  overpaid: { expected: number; reported: number } | null;
  /** Upstream references to remember for this transaction (only when nothing disagrees). */
  learnt: Refs;
  /** A failure naming a reference we were never given for this payment: not its failure
   * (`still_unknown`), an anomaly; `differences` says which reference. */
  unmatchedFailure: boolean;
  /** For a success naming its amount, what the upstream kept (money heard is money counted,
   * worker/payment/money-count.ts): in the report's currency (ours when it names none); under
   * `reversed_excess`, no more than our amount in our currency (the excess is reversed). */
  kept: { amount: number; currency: string | null } | null;
}

/** A non-empty string, else null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A finite amount (a number, or a decimal text), else null. */
export function amountOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/** The distinct non-empty references among `values`. */
export function refsOf(...values: unknown[]): string[] {
  return [...new Set(values.map(text).filter((v): v is string => v !== null))];
}

function amountDifference(expected: Expected, reported: number): MoneyDifference | null {
  if (expected.amountRule === 'payer_chooses') return null;
  const ok =
    expected.amountRule === 'exact' ? reported === expected.amount : reported >= expected.amount;
  return ok ? null : { field: 'amount', expected: expected.amount, reported };
}

function keptBy(report: Report, expected: Expected): Judgement['kept'] {
  if (report.outcome !== 'success' || report.amount === null) return null;
  const currency = report.currency ?? expected.currency;
  const reversed =
    expected.amountRule === 'reversed_excess' &&
    currency !== null &&
    expected.currency !== null &&
    currency.toUpperCase() === expected.currency.toUpperCase();
  return { amount: reversed ? Math.min(report.amount, expected.amount) : report.amount, currency };
}

/** Every reference of `refs`, collection ones first. */
export function allRefs(refs: Refs): string[] {
  return [...new Set([...refs.collection, ...refs.transaction])];
}

/**
 * The reference check: our own reference first (a report naming another one is not ours); then,
 * for each role, when the report names references of it and we were given some, at least one of
 * them must be ours. A status record answers a query by our own reference: its references are
 * given to us, not compared. A role we know nothing of yet is learnt from a report that matched.
 */
function referenceCheck(
  expected: Expected,
  report: Report,
): { difference: MoneyDifference | null; compared: boolean } {
  if (report.ownRef !== null && report.ownRef !== expected.ownRef) {
    const difference = {
      field: 'upstream_reference' as const,
      expected: expected.ownRef,
      reported: report.ownRef,
    };
    return { difference, compared: true };
  }
  if (report.answersOwnRef) return { difference: null, compared: true };
  let compared = false;
  for (const role of ['collection', 'transaction'] as const) {
    const known = expected.knownRefs[role];
    const named = report.upstreamRefs[role];
    if (known.length === 0 || named.length === 0) continue;
    compared = true;
    if (named.some((ref) => known.includes(ref))) continue;
    const difference = {
      field: 'upstream_reference' as const,
      expected: known.join(' '),
      reported: named.join(' '),
    };
    return { difference, compared };
  }
  return { difference: null, compared };
}

/** True when `refs` holds at least one reference. */
export function hasRefs(refs: Refs): boolean {
  return refs.collection.length > 0 || refs.transaction.length > 0;
}

/** The first reference of `refs` (a collection one first), or null. */
export function firstRef(refs: Refs): string | null {
  return refs.collection[0] ?? refs.transaction[0] ?? null;
}

function unknownRefs(report: Refs, known: Refs): Refs {
  return {
    collection: report.collection.filter((r) => !known.collection.includes(r)),
    transaction: report.transaction.filter((r) => !known.transaction.includes(r)),
  };
}

/**
 * Judges one report. A failure is matched on references only ({@link judgeFailure}); a success
 * is compared in full. A success without an amount is unknown
 * (`needsAmount`) until a status record says it, and so is one naming no upstream reference we
 * can compare with one we were given (`needsRefs`) until a status record gives them. Once its
 * references are ours, a report that differs in a field it names is a mismatch even when it
 * leaves out its amount.
 *
 * @example
 * judge({ outcome: 'success', amount: 1000, currency: null, ownRef: 'a1',
 *   upstreamRefs: { collection: ['R1'], transaction: ['T1'] }, answersOwnRef: false },
 *   { amount: 1000, currency: 'KES', amountRule: 'exact_or_overpaid', ownRef: 'a1',
 *   knownRefs: { collection: ['R1'], transaction: [] } }).event; // 'confirmed_success'
 */
export function judge(report: Report, expected: Expected): Judgement {
  const none: Judgement = {
    event: reportEvent(report.outcome, []),
    needsAmount: false,
    needsRefs: false,
    differences: [],
    overpaid: null,
    learnt: NO_REFS,
    unmatchedFailure: false,
    kept: keptBy(report, expected),
  };
  if (report.outcome === 'failed') return judgeFailure(report, expected, none);
  if (report.outcome !== 'success') return none;
  const differences: MoneyDifference[] = [];
  const amount = report.amount === null ? null : amountDifference(expected, report.amount);
  if (amount) differences.push(amount);
  if (
    report.currency !== null &&
    expected.currency !== null &&
    report.currency.toUpperCase() !== expected.currency.toUpperCase()
  ) {
    differences.push({ field: 'currency', expected: expected.currency, reported: report.currency });
  }
  const reference = referenceCheck(expected, report);
  if (reference.difference) differences.push(reference.difference);
  // Not yet known to be about this payment (no reference we could compare): nothing else it
  // says is judged until a status record gives the references.
  if (!reference.compared) {
    return {
      ...none,
      event: 'still_unknown',
      needsAmount: report.amount === null,
      needsRefs: true,
    };
  }
  if (differences.length === 0 && report.amount === null) {
    return { ...none, event: 'still_unknown', needsAmount: true };
  }
  const overpaid =
    report.amount !== null &&
    differences.length === 0 &&
    expected.amountRule === 'exact_or_overpaid' &&
    report.amount > expected.amount
      ? { expected: expected.amount, reported: report.amount }
      : null;
  return {
    event: reportEvent('success', differences),
    needsAmount: false,
    needsRefs: false,
    differences,
    overpaid,
    learnt:
      differences.length === 0 ? unknownRefs(report.upstreamRefs, expected.knownRefs) : NO_REFS,
    unmatchedFailure: false,
    kept: none.kept,
  };
}

/**
 * A failure is matched on references as a success is: one naming a reference we were never
 * given for this payment is not its failure (an anomaly, `unmatchedFailure`); one naming no
 * upstream reference we can compare waits for a status record (`needsRefs`). Its amount and
 * currency are not compared (nothing was paid).
 */
function judgeFailure(report: Report, expected: Expected, none: Judgement): Judgement {
  const reference = referenceCheck(expected, report);
  if (reference.difference) {
    return {
      ...none,
      event: 'still_unknown',
      differences: [reference.difference],
      unmatchedFailure: true,
    };
  }
  if (!reference.compared) return { ...none, event: 'still_unknown', needsRefs: true };
  return none;
}

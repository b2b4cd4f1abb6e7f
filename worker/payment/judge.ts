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
 * - `exact`: exactly ours; any other amount is a mismatch (payouts).
 */
export type AmountRule = 'reversed_excess' | 'exact_or_overpaid' | 'exact';

/** What we recorded when the money was asked for. */
export interface Expected {
  /** Whole units. */
  amount: number;
  currency: string;
  amountRule: AmountRule;
  /** Our own reference of the transaction (its third_party_reference_1). */
  ownRef: string;
  /** Every upstream reference we have been given for this transaction (create answer, status
   * records, reports that matched). */
  knownRefs: readonly string[];
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
   * transaction_id), without duplicates. */
  upstreamRefs: readonly string[];
  /** True for a status record: the upstream's answer to a query by our own reference, so its
   * upstream references are given for this transaction (learnt, not compared). */
  answersOwnRef: boolean;
}

/** A report, judged. */
export interface Judgement {
  event: AttemptEvent;
  /** A success that cannot be judged yet: it names no amount (ask the status to learn it). */
  needsAmount: boolean;
  /** For a success: the fields that disagree (a non-empty list makes it a mismatch). */
  differences: MoneyDifference[];
  /** A matching success paid above our amount under `exact_or_overpaid` (an anomaly). */
  overpaid: { expected: number; reported: number } | null;
  /** Upstream references to remember for this transaction (only when nothing disagrees). */
  learnt: string[];
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
  const ok =
    expected.amountRule === 'exact' ? reported === expected.amount : reported >= expected.amount;
  return ok ? null : { field: 'amount', expected: expected.amount, reported };
}

/**
 * The reference check: our own reference first (a report naming another one is not ours); then
 * at least one upstream reference the report names must be one we were given, unless the report
 * answers a query by our own reference or we were given none yet.
 */
function referenceDifference(expected: Expected, report: Report): MoneyDifference | null {
  if (report.ownRef !== null && report.ownRef !== expected.ownRef) {
    return { field: 'upstream_reference', expected: expected.ownRef, reported: report.ownRef };
  }
  if (report.answersOwnRef || report.upstreamRefs.length === 0) return null;
  if (expected.knownRefs.length === 0) return null;
  if (report.upstreamRefs.some((ref) => expected.knownRefs.includes(ref))) return null;
  return {
    field: 'upstream_reference',
    expected: expected.knownRefs.join(' '),
    reported: report.upstreamRefs.join(' '),
  };
}

/**
 * Judges one report. Only a success is compared; a success without an amount is unknown
 * (`needsAmount`) until a status record says it.
 *
 * @example
 * judge({ outcome: 'success', amount: 1000, currency: null, ownRef: 'a1', upstreamRefs: ['R1'],
 *   answersOwnRef: false }, { amount: 1000, currency: 'KES', amountRule: 'exact_or_overpaid',
 *   ownRef: 'a1', knownRefs: ['R1'] }).event; // 'confirmed_success'
 */
export function judge(report: Report, expected: Expected): Judgement {
  const none: Judgement = {
    event: reportEvent(report.outcome, []),
    needsAmount: false,
    differences: [],
    overpaid: null,
    learnt: [],
  };
  if (report.outcome !== 'success') return none;
  if (report.amount === null) return { ...none, event: 'still_unknown', needsAmount: true };
  const differences: MoneyDifference[] = [];
  const amount = amountDifference(expected, report.amount);
  if (amount) differences.push(amount);
  if (
    report.currency !== null &&
    report.currency.toUpperCase() !== expected.currency.toUpperCase()
  ) {
    differences.push({ field: 'currency', expected: expected.currency, reported: report.currency });
  }
  const reference = referenceDifference(expected, report);
  if (reference) differences.push(reference);
  const overpaid =
    differences.length === 0 &&
    expected.amountRule === 'exact_or_overpaid' &&
    report.amount > expected.amount
      ? { expected: expected.amount, reported: report.amount }
      : null;
  return {
    event: reportEvent('success', differences),
    needsAmount: false,
    differences,
    overpaid,
    learnt:
      differences.length === 0
        ? report.upstreamRefs.filter((r) => !expected.knownRefs.includes(r))
        : [],
  };
}

/**
 * Judging one report (a callback or a status record) of a payment-link payment against what
 * we recorded (docs/design.md, "Money rules", rule 14). Pure and kind-neutral: what was
 * expected (the link the proxy created, else what the payment settled as) and what the report
 * said in, the attempt event, the move of the payment's status, the differing fields and the
 * anomaly to raise out. Nothing here reads storage or sends anything
 * (worker/ledger/link-payments.ts applies the verdict).
 *
 * - A report without an upstream reference cannot be told apart from any other payment:
 *   `missing_reference`, and it moves nothing (never a second `paid`).
 * - A success for a link we created must carry an amount (else it is unknown and the status is
 *   queried): exactly the link's amount (a link has one price; the NGN over-payment rule is for
 *   virtual accounts) and, when reported, its currency. A link whose amount the payer chooses
 *   records what was paid, and later reports are compared with that.
 * - A link created elsewhere is compared only with what its payment settled as, field by field
 *   where both sides have one (its first final report settles it, as before).
 * @module
 */
import {
  nextAttemptStatus,
  reportEvent,
  type AttemptAnomaly,
  type AttemptEvent,
  type AttemptStatus,
  type MoneyDifference,
  type ReportedOutcome,
} from '../../shared/status';

/** What the proxy recorded when it created the link (null amount: the payer chooses). */
export interface LinkExpectation {
  amount: number | null;
  currency: string;
}

/** What is recorded of the payment so far (absent: its first report). */
export interface LinkPaymentState {
  status: AttemptStatus;
  amount: number | null;
  currency: string | null;
}

/** What one report said. */
export interface LinkReport {
  outcome: ReportedOutcome;
  amount: number | null;
  currency: string | null;
  /** The upstream's reference of the payment (`reference`, else `depositId`; a record's `ref`). */
  upstreamRef: string | null;
}

/** The anomalies of a payment-link payment: the attempt machine's, and a report we cannot
 * assign to one payment. */
export type LinkAnomaly = AttemptAnomaly | 'missing_reference';

/** The verdict on one report. */
export interface LinkVerdict {
  event: AttemptEvent;
  /** The payment's status after the report (the same one when nothing changed). */
  status: AttemptStatus;
  changed: boolean;
  /** Where a success disagrees with what was expected (empty otherwise). */
  differences: MoneyDifference[];
  anomaly: LinkAnomaly | null;
}

/** Both sides known and different (a field a side lacks is not compared). */
function differs<T extends string | number>(
  field: MoneyDifference['field'],
  expected: T | null | undefined,
  reported: T | null | undefined,
  same: (a: T, b: T) => boolean,
): MoneyDifference[] {
  if (expected === null || expected === undefined || reported === null || reported === undefined) {
    return [];
  }
  return same(expected, reported) ? [] : [{ field, expected, reported }];
}

/**
 * The fields of a success that disagree with what was expected: the link's (else the settled
 * payment's) amount exactly, and its currency case-insensitively.
 *
 * @example
 * linkDifferences({ amount: 1500, currency: 'KES' }, null, { amount: 900, currency: 'KES' });
 * // [{ field: 'amount', expected: 1500, reported: 900 }]
 */
export function linkDifferences(
  expected: LinkExpectation | null,
  current: LinkPaymentState | null,
  report: Pick<LinkReport, 'amount' | 'currency'>,
): MoneyDifference[] {
  const settled = current && current.status !== 'pending' && current.status !== 'needs_review';
  const amount = expected?.amount ?? (settled ? current.amount : null);
  const currency = expected?.currency ?? (settled ? current.currency : null);
  return [
    ...differs('amount', amount, report.amount, (a, b) => a === b),
    ...differs(
      'currency',
      currency,
      report.currency,
      (a, b) => a.toUpperCase() === b.toUpperCase(),
    ),
  ];
}

/**
 * Judges one report of a payment-link payment.
 *
 * @example
 * judgeLinkReport({ amount: 1500, currency: 'KES' }, null,
 *   { outcome: 'success', amount: 1500, currency: null, upstreamRef: 'SBX-1' });
 * // { event: 'confirmed_success', status: 'succeeded', changed: true, differences: [], anomaly: null }
 */
export function judgeLinkReport(
  expected: LinkExpectation | null,
  current: LinkPaymentState | null,
  report: LinkReport,
): LinkVerdict {
  const before = current?.status ?? 'pending';
  if (report.upstreamRef === null) {
    return {
      event: 'still_unknown',
      status: before,
      changed: false,
      differences: [],
      anomaly: 'missing_reference',
    };
  }
  // How much a payer paid on our link is what settles it: without an amount it is unknown.
  const outcome: ReportedOutcome =
    report.outcome === 'success' && expected !== null && report.amount === null
      ? 'unknown'
      : report.outcome;
  const differences = outcome === 'success' ? linkDifferences(expected, current, report) : [];
  const event = reportEvent(outcome, differences);
  const step = nextAttemptStatus(before, event);
  // A payment already paid, reported paid again with other money, is a mismatch too.
  const anomaly =
    step.anomaly ?? (before === 'succeeded' && event === 'confirmed_mismatch' ? 'mismatch' : null);
  return { event, status: step.status, changed: step.changed, differences, anomaly };
}

/**
 * The verdict when the status query has answered nothing final until the horizon: the payment
 * becomes `needs_review` (one anomaly), unless it is already settled.
 *
 * @example
 * horizonVerdict('pending'); // { event: 'horizon_reached', status: 'needs_review', … }
 */
export function horizonVerdict(status: AttemptStatus): LinkVerdict {
  const step = nextAttemptStatus(status, 'horizon_reached');
  return {
    event: 'horizon_reached',
    status: step.status,
    changed: step.changed,
    differences: [],
    anomaly: step.anomaly ?? null,
  };
}

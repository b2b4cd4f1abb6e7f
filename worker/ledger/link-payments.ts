/**
 * Payment-link payments (docs/design.md, "Merchant webhooks" and "Money rules", rule 14): one
 * payment per upstream reference (the callback's `reference`, else `depositId`; `<key>` in
 * event ids). Each report is judged by the one rule of every payment (worker/payment/judge.ts)
 * against what the payment expects (worker/ledger/link-report.ts: the link the proxy created,
 * else what the payment settled as) and the references it was given
 * (worker/payment/ref-store.ts), and the judgement applied here:
 * - a payment with only unknown reports (pending, `000006`, payment_step 1, a success without
 *   an amount) is recorded `pending` and its status is queried (worker/ledger/link-reconcile.ts);
 * - it settles once: `succeeded` sends one `payment_link.paid` (its id comes from the reference,
 *   so a retried callback that differs in any other field never sends a second one),
 *   `mismatch` and `needs_review` one `payment_link.anomaly`, `failed` nothing;
 * - a later report that contradicts it sends one `payment_link.anomaly` per kind;
 * - a final report without an upstream reference sends one `payment_link.anomaly`
 *   (`missing_reference`) per distinct callback and settles nothing.
 * @module
 */
import { nextAttemptStatus, type AttemptAnomaly, type MoneyDifference } from '../../shared/status';
import type { AnomalyData } from '../durable/webhook-outbox';
import { allRefs, amountOf, emptyReport, hasRefs, judge, type Report } from '../payment/judge';
import { countedJson, countReported } from '../payment/money-store';
import { knownRefs, learnRefs } from '../payment/ref-store';
import { linkExpected } from './link-report';
import type { LinkRow } from './links';
import { linkPaymentKey } from './shards';
import type { LedgerStore, LinkPaymentRow } from './store';
import { writeLinkPayment, type LinkPaymentFacts } from './transitions';

/** One report of a payment-link payment, read from a callback or a status record. */
export interface LinkPaymentReport {
  source: 'callback' | 'status_query';
  /** What it says, for the judge (worker/ledger/link-report.ts). */
  read: Report;
  /** The payment's upstream reference: the callback's `reference`, else `depositId`; a
   * record's, the one it was asked by. Null: the report names none. */
  upstreamRef: string | null;
  /** The merchant's reference it carries (`third_party_reference_1`, …), if any. */
  reference: string | null;
  /** How the payer paid (`payment_method_type`), if said. */
  paymentType: string | null;
  /** The callback's digest: the key of a payment that names no upstream reference. */
  digest: string;
}

/** The anomalies of a payment-link payment: the attempt machine's, and a report we cannot
 * assign to one payment. */
export type LinkAnomaly = AttemptAnomaly | 'missing_reference';

/** What one report did to its payment. */
interface LinkVerdict {
  anomaly: LinkAnomaly | null;
  /** Where a success disagrees with what was expected (empty otherwise). */
  differences: MoneyDifference[];
}

/** A non-empty text (a finite number as text), else null. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The status word of a payment for webhook payloads. */
function statusWord(status: LinkPaymentRow['status'] | undefined): string | null {
  if (status === undefined) return null;
  return status === 'succeeded' ? 'success' : status;
}

/** A row's amount as a number (stored as text). */
function rowAmount(row: LinkPaymentRow | undefined): number | null {
  return row ? amountOf(row.amount) : null;
}

/**
 * Applies one report to its payment (in the shard of its link, else of its key): `known`, the
 * payment it was found or routed to, else the one its upstream reference names. Answers the
 * payment's key and whether its status should be queried (it is `pending`).
 */
export async function applyLinkReport(
  store: LedgerStore,
  link: LinkRow | null,
  report: LinkPaymentReport,
  known: string | null = null,
): Promise<{ key: string; query: boolean }> {
  // A report without an upstream reference is never another payment's (its own anomaly).
  const key =
    report.upstreamRef !== null && known !== null
      ? known
      : await linkPaymentKey(report.upstreamRef, report.digest);
  return { key, query: applyToPayment(store, link, key, report) };
}

/**
 * Applies one report to the payment `key` (see {@link applyLinkReport}); answers whether it is
 * `pending` (its status should be queried).
 */
export function applyToPayment(
  store: LedgerStore,
  link: LinkRow | null,
  key: string,
  report: LinkPaymentReport,
): boolean {
  const { sql } = store;
  const existing = store.linkPayment(key);
  if (report.upstreamRef === null) {
    const verdict: LinkVerdict = { anomaly: 'missing_reference', differences: [] };
    raiseAnomaly(store, key, verdict, link, existing, report);
    return false;
  }
  // The first report of a payment names it: its references are the payment's.
  const known = knownRefs(sql, key);
  const first = !hasRefs(known);
  const judged = judge(
    report.read,
    linkExpected(link, existing, key, known, report.read.upstreamRefs),
  );
  learnRefs(sql, key, first ? report.read.upstreamRefs : judged.learnt, report.source);
  // Money heard is money counted, whatever the payment's status (a second report, more money
  // later, another currency), in the currency the link or the payment was recorded in when
  // the report names none.
  const counted = countReported(
    sql,
    key,
    judged.event,
    judged.kept && { ...judged.kept, refs: allRefs(report.read.upstreamRefs) },
    link?.currency ?? existing?.currency ?? null,
    report.source,
  );
  const before = existing?.status ?? 'pending';
  const step = nextAttemptStatus(before, judged.event);
  const verdict: LinkVerdict = {
    differences: judged.differences,
    // A payment already paid, reported paid again with other money, is a mismatch too.
    anomaly: judged.unmatchedFailure
      ? 'unmatched_failure'
      : (step.anomaly ??
        (before === 'succeeded' && judged.event === 'confirmed_mismatch' ? 'mismatch' : null)),
  };
  if (!existing || step.changed) {
    const settles = step.status !== 'pending' && step.status !== 'needs_review';
    const facts: LinkPaymentFacts = {
      key,
      reference: report.reference,
      upstream_reference: report.upstreamRef ?? '',
      link_id: link?.id ?? null,
      payment_type: report.paymentType,
      // What was paid is what the settling report said (the link's currency when it is silent).
      amount: settles ? report.read.amount : null,
      currency: settles
        ? (report.read.currency ?? link?.currency ?? null)
        : (link?.currency ?? null),
    };
    writeLinkPayment(sql, facts, step.status);
    stageLinkPayment(store, key);
    if (step.status === 'succeeded') paidEvent(store, key);
  } else if ((counted?.added ?? 0) > 0) {
    // Its index row carries what was counted (the settlement report reads it).
    store.touchLinkPayment(key);
    stageLinkPayment(store, key);
  }
  if (verdict.anomaly) raiseAnomaly(store, key, verdict, link, existing, report);
  return step.status === 'pending';
}

/** Queues the one `payment_link.paid` of a payment. */
function paidEvent(store: LedgerStore, key: string): void {
  const row = store.linkPayment(key)!;
  store.open().outbox.enqueue(`evt_pl_${key}_paid`, 'payment_link.paid', {
    reference: row.reference,
    upstream_reference: row.upstream_reference || null,
    link_id: row.link_id,
    amount: rowAmount(row),
    currency: row.currency,
    payment_type: row.payment_type,
    status: 'success',
  });
}

/** One `payment_link.anomaly` per payment and kind, with both sides. */
function raiseAnomaly(
  store: LedgerStore,
  key: string,
  verdict: LinkVerdict,
  link: LinkRow | null,
  existing: LinkPaymentRow | undefined,
  report: LinkPaymentReport,
): void {
  const kind = verdict.anomaly!;
  const data: AnomalyData & Record<string, unknown> = {
    reference: existing?.reference ?? report.reference ?? key,
    upstream_reference: report.upstreamRef ?? (existing?.upstream_reference || null),
    link_id: link?.id ?? existing?.link_id ?? null,
    kind,
    expected: {
      status: statusWord(existing?.status),
      amount: link ? link.amount : rowAmount(existing),
      currency: link ? link.currency : (existing?.currency ?? null),
    },
    reported:
      kind === 'needs_review'
        ? null
        : {
            source: report.source,
            status: report.read.outcome,
            amount: report.read.amount,
            currency: report.read.currency,
            payment_type: report.paymentType,
          },
    differences: verdict.differences,
  };
  store.open().outbox.enqueue(`evt_pl_${key}_anomaly_${kind}`, 'payment_link.anomaly', data);
  console.warn(`payment_link_anomaly ${kind}`);
}

/** Stages one payment-link payment's index row from its record. */
export function stageLinkPayment(store: LedgerStore, key: string): void {
  const row = store.linkPayment(key);
  if (!row) return;
  const unsettled = row.status === 'pending' || row.status === 'needs_review';
  store.open().index.stage('link_payment', {
    id: row.key,
    status: row.status,
    amount: rowAmount(row),
    currency: row.currency,
    reference: row.reference,
    upstream_reference: row.upstream_reference || null,
    link_id: row.link_id,
    payment_type: row.payment_type,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Rows from before `settled_at` settled with their first report.
    settled_at: unsettled ? null : (row.settled_at ?? row.created_at),
    counted: countedJson(store.sql, row.key),
  });
}

/**
 * The horizon passed with no final answer: a `pending` payment becomes `needs_review` with one
 * `payment_link.anomaly` (a later final report still settles it).
 */
export function applyLinkHorizon(store: LedgerStore, key: string): void {
  const row = store.linkPayment(key);
  if (!row) return;
  const step = nextAttemptStatus(row.status, 'horizon_reached');
  if (!step.changed) return;
  writeLinkPayment(
    store.sql,
    {
      key,
      reference: row.reference,
      upstream_reference: row.upstream_reference,
      link_id: row.link_id,
      payment_type: row.payment_type,
      amount: null,
      currency: null,
    },
    step.status,
  );
  stageLinkPayment(store, key);
  const link = row.link_id ? (store.linkById(row.link_id) ?? null) : null;
  const report: LinkPaymentReport = {
    source: 'status_query',
    read: emptyReport('unknown'),
    upstreamRef: row.upstream_reference || null,
    reference: row.reference,
    paymentType: null,
    digest: '',
  };
  const verdict: LinkVerdict = { anomaly: step.anomaly ?? null, differences: [] };
  if (verdict.anomaly) raiseAnomaly(store, key, verdict, link, row, report);
}

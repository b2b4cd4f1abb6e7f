/**
 * Payment-link payments (docs/design.md, "Merchant webhooks" and "Money rules", rule 14): one
 * payment per upstream reference (the callback's `reference`, else `depositId`; `<key>` in
 * event ids). Each report is judged by worker/ledger/link-judge.ts against the link the proxy
 * created (else against what the payment settled as), and the verdict applied here:
 * - a payment with only unknown reports (pending, `000006`, payment_step 1, a success without
 *   an amount on our link) is recorded `pending` and its status is queried
 *   (worker/ledger/link-reconcile.ts);
 * - it settles once: `succeeded` sends one `payment_link.paid` (its id comes from the reference,
 *   so a retried callback that differs in any other field never sends a second one),
 *   `mismatch` and `needs_review` one `payment_link.anomaly`, `failed` nothing;
 * - a later report that contradicts it sends one `payment_link.anomaly` per kind;
 * - a final report without an upstream reference sends one `payment_link.anomaly`
 *   (`missing_reference`) per distinct callback and settles nothing.
 * @module
 */
import type { OpenTables } from '../durable/object-tables';
import type { AnomalyData } from '../durable/webhook-outbox';
import { horizonVerdict, judgeLinkReport, type LinkReport, type LinkVerdict } from './link-judge';
import { linkById, type LinkRow } from './links';
import { linkPaymentKey } from './shards';
import { linkPayment, type LinkPaymentRow } from './store';
import { writeLinkPayment, type LinkPaymentFacts } from './transitions';

/** What a ledger object works with besides its SQL. */
export type LedgerParts = Pick<OpenTables<string>, 'outbox' | 'index'>;

/** One report of a payment-link payment, read from a callback or a status record. */
export interface LinkPaymentReport extends LinkReport {
  source: 'callback' | 'status_query';
  /** The merchant's reference it carries (`third_party_reference_1`, …), if any. */
  reference: string | null;
  /** How the payer paid (`payment_method_type`), if said. */
  paymentType: string | null;
  /** The callback's digest: the key of a payment that names no upstream reference. */
  digest: string;
}

/** The number a report's amount field holds ("1500" and 1500.00 are 1500), else null. */
export function amountOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
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
 * Applies one report to its payment (in the shard of its link, else of its key). Answers the
 * payment's key and whether its status should be queried (it is `pending`).
 */
export async function applyLinkReport(
  sql: SqlStorage,
  parts: LedgerParts,
  link: LinkRow | null,
  report: LinkPaymentReport,
): Promise<{ key: string; query: boolean }> {
  const key = await linkPaymentKey(report.upstreamRef, report.digest);
  const existing = linkPayment(sql, key);
  const expected = link ? { amount: link.amount, currency: link.currency } : null;
  const current = existing
    ? { status: existing.status, amount: rowAmount(existing), currency: existing.currency }
    : null;
  const verdict = judgeLinkReport(expected, current, report);
  if (verdict.anomaly === 'missing_reference') {
    raiseAnomaly(parts, key, verdict, link, existing, report);
    return { key, query: false };
  }
  if (!existing || verdict.changed) {
    const settles = verdict.status !== 'pending' && verdict.status !== 'needs_review';
    const facts: LinkPaymentFacts = {
      key,
      reference: report.reference,
      upstream_reference: report.upstreamRef ?? '',
      link_id: link?.id ?? null,
      payment_type: report.paymentType,
      // What was paid is what the settling report said (the link's currency when it is silent).
      amount: settles ? report.amount : null,
      currency: settles ? (report.currency ?? link?.currency ?? null) : (link?.currency ?? null),
    };
    writeLinkPayment(sql, facts, verdict.status);
    stageLinkPayment(sql, parts, key);
    if (verdict.status === 'succeeded') paidEvent(sql, parts, key);
  }
  if (verdict.anomaly) raiseAnomaly(parts, key, verdict, link, existing, report);
  return { key, query: verdict.status === 'pending' };
}

/** Queues the one `payment_link.paid` of a payment. */
function paidEvent(sql: SqlStorage, parts: LedgerParts, key: string): void {
  const row = linkPayment(sql, key)!;
  parts.outbox.enqueue(`evt_pl_${key}_paid`, 'payment_link.paid', {
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
  parts: LedgerParts,
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
            status: report.outcome,
            amount: report.amount,
            currency: report.currency,
            payment_type: report.paymentType,
          },
    differences: verdict.differences,
  };
  parts.outbox.enqueue(`evt_pl_${key}_anomaly_${kind}`, 'payment_link.anomaly', data);
  console.warn(`payment_link_anomaly ${kind}`);
}

/** Stages one payment-link payment's index row from its record. */
export function stageLinkPayment(sql: SqlStorage, parts: LedgerParts, key: string): void {
  const row = linkPayment(sql, key);
  if (!row) return;
  const unsettled = row.status === 'pending' || row.status === 'needs_review';
  parts.index.stage('link_payment', {
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
  });
}

/**
 * The horizon passed with no final answer: a `pending` payment becomes `needs_review` with one
 * `payment_link.anomaly` (a later final report still settles it).
 */
export function applyLinkHorizon(sql: SqlStorage, parts: LedgerParts, key: string): void {
  const row = linkPayment(sql, key);
  if (!row) return;
  const verdict = horizonVerdict(row.status);
  if (!verdict.changed) return;
  writeLinkPayment(
    sql,
    {
      key,
      reference: row.reference,
      upstream_reference: row.upstream_reference,
      link_id: row.link_id,
      payment_type: row.payment_type,
      amount: null,
      currency: null,
    },
    verdict.status,
  );
  stageLinkPayment(sql, parts, key);
  const link = row.link_id ? (linkById(sql, row.link_id) ?? null) : null;
  const report: LinkPaymentReport = {
    source: 'status_query',
    outcome: 'unknown',
    amount: null,
    currency: null,
    upstreamRef: row.upstream_reference || null,
    reference: row.reference,
    paymentType: null,
    digest: '',
  };
  if (verdict.anomaly) raiseAnomaly(parts, key, verdict, link, row, report);
}

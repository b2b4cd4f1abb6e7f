/**
 * Payment-link payments (docs/design.md, "Merchant webhooks"): one outcome per upstream
 * reference (the callback's `reference`, else `depositId`). The first final report settles it
 * (`paid` sends one `payment_link.paid` whose id comes from that reference, so a retried
 * callback that differs in any other field never sends a second one); a later report that
 * contradicts it (failed after paid, paid after failed, another amount or currency) sends one
 * `payment_link.anomaly` per kind and changes nothing.
 * @module
 */
import type { PaymentLinkCallbackParams } from '../../shared/schemas';
import { paymentReportAnomaly, type AttemptEvent } from '../../shared/status';
import type { OpenTables } from '../durable/object-tables';
import type { AnomalyData } from '../durable/webhook-outbox';
import { linkPaymentKey } from './shards';
import { linkPayment, type LinkPaymentRow } from './store';
import { settleLinkPayment, type LinkOutcome } from './transitions';

/** What a ledger object works with besides its SQL. */
export type LedgerParts = Pick<OpenTables<string>, 'outbox' | 'index'>;

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Two reported amounts are the same amount ("100" and 100.00 are). */
function sameAmount(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return true;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x === y : a === b;
}

function sameCurrency(a: string | null, b: string | null): boolean {
  return a === null || b === null || a.toUpperCase() === b.toUpperCase();
}

/** The merchant's reference a payment-link callback carries, if any. */
export function linkReference(params: PaymentLinkCallbackParams): string | null {
  return params.third_party_reference_1 ?? params.payment_reference ?? params.reference ?? null;
}

/**
 * Applies a final payment-link report (a new callback, already stored by digest) to its
 * payment: settles a payment seen for the first time, else raises what contradicts it.
 */
export async function applyLinkReport(
  sql: SqlStorage,
  parts: LedgerParts,
  digest: string,
  params: PaymentLinkCallbackParams,
  outcome: LinkOutcome,
): Promise<void> {
  const reference = linkReference(params);
  const upstreamReference = textOf(params.reference) ?? textOf(params.depositId);
  // Without an upstream reference the payment cannot be told apart: the digest stands in.
  const key = await linkPaymentKey(upstreamReference, digest);
  const report = {
    status: outcome === 'succeeded' ? 'success' : 'failed',
    amount: textOf(params.amount),
    currency: textOf(params.currency),
  };
  const existing = linkPayment(sql, key);
  if (existing) return contradiction(parts, existing, key, reference, report);
  const status = settleLinkPayment(
    sql,
    {
      key,
      amount: report.amount,
      currency: report.currency,
      reference,
      upstream_reference: upstreamReference ?? '',
    },
    outcome,
  );
  stageLinkPayment(sql, parts, key);
  if (status === 'succeeded') {
    parts.outbox.enqueue(`evt_pl_${key}_paid`, 'payment_link.paid', {
      reference,
      upstream_reference: upstreamReference,
      amount: params.amount ?? null,
      currency: params.currency ?? null,
      status: 'success',
    });
  }
}

/** A later report of a settled payment: one anomaly per kind, nothing else changes. */
function contradiction(
  parts: LedgerParts,
  existing: LinkPaymentRow,
  key: string,
  reference: string | null,
  report: { status: string; amount: string | null; currency: string | null },
): void {
  const event: AttemptEvent =
    report.status === 'failed'
      ? 'confirmed_failed'
      : sameAmount(existing.amount, report.amount) &&
          sameCurrency(existing.currency, report.currency)
        ? 'confirmed_success'
        : 'confirmed_mismatch';
  // A paid payment reported paid again with another amount or currency is a mismatch too.
  const kind = paymentReportAnomaly(existing.status, event);
  if (kind === null) return;
  const data: AnomalyData & Record<string, unknown> = {
    reference: existing.reference ?? reference ?? key,
    upstream_reference: existing.upstream_reference || null,
    kind,
    expected: {
      status: existing.status === 'succeeded' ? 'success' : 'failed',
      amount: existing.amount,
      currency: existing.currency,
    },
    reported: report,
  };
  parts.outbox.enqueue(`evt_pl_${key}_anomaly_${kind}`, 'payment_link.anomaly', data);
  console.warn(`payment_link_anomaly ${kind}`);
}

/** Stages one payment-link payment's index row from its settled record. */
export function stageLinkPayment(sql: SqlStorage, parts: LedgerParts, key: string): void {
  const row = linkPayment(sql, key);
  if (!row) return;
  const amount = row.amount === null ? null : Number(row.amount);
  parts.index.stage('link_payment', {
    id: row.key,
    status: row.status,
    amount: amount !== null && Number.isFinite(amount) ? amount : null,
    currency: row.currency,
    reference: row.reference,
    upstream_reference: row.upstream_reference || null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    settled_at: row.created_at,
  });
}

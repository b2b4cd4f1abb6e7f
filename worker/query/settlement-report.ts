/**
 * The settlement report (`GET /v1/reports/settlement`): one row per collection that counted
 * money and per payout and refund that paid money out, per currency its reports counted
 * (docs/money-rules.md, "Money counted": a checkout attempt, a payment-link payment, a payout,
 * a refund), settled in `[from, to)`; totals per kind, currency and method (and sub-merchant
 * when grouped), the
 * net per day, currency and sub-merchant (what was counted, its overpaid and mismatched parts in
 * their own columns, minus what was refunded), and the anomalies of the period listed apart.
 * Amounts are whole units, as the upstream uses them; a refund row's amount is what was paid
 * back (positive), subtracted in the net.
 * @module
 */
import type { EventSummary } from '../index-store/tables';
import { isoOf } from './lists';
import type * as z from 'zod';
import type { settlementReportSchema } from '../views/queries';

/** Longest period one report covers. */
export const REPORT_MAX_DAYS = 93;
/** Most rows one report holds; a busier period must be asked in parts. */
export const REPORT_MAX_ROWS = 50_000;

/** One settled payment. */
export interface ReportRow {
  kind: 'collection' | 'payment_link' | 'payout' | 'refund';
  id: string;
  session_id: string | null;
  reference: string | null;
  method: string;
  country_id: number | null;
  currency: string | null;
  /** What its reports counted in `currency`: paid in (a collection), paid out (a payout, a
   * refund: a refund paid out twice counts both, one paid in another currency counts there). */
  amount: number;
  /** The part of `amount` paid above what a matching collection asked. */
  overpaid: number;
  /** All of `amount` when the collection did not match what it asked (`mismatch`, paid after it
   * failed, or in another currency). */
  mismatch: number;
  upstream_reference: string | null;
  settled_at: string | null;
  sub_merchant_id: string | null;
}

/** The sum of one group of rows. */
export interface ReportTotal {
  kind: ReportRow['kind'];
  currency: string | null;
  method: string;
  sub_merchant_id?: string | null;
  count: number;
  amount: number;
}

/** Something a person must look at. */
export interface ReportAnomaly {
  source: 'attempt' | 'payout' | 'refund' | 'event';
  id: string;
  /** The attempt's or payout's status (`mismatch`, `needs_review`), or the event's type. */
  status: string;
  reference: string | null;
  currency: string | null;
  amount: number | null;
  at: string | null;
  sub_merchant_id: string | null;
}

/** What one day netted for one currency and sub-merchant: what collections (checkout attempts
 * and payment-link payments) counted minus refunds. Payouts are the merchant's own and are not
 * netted. */
export interface ReportNet {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  currency: string | null;
  sub_merchant_id: string | null;
  /** Everything the collections counted (their overpaid and mismatched parts included). */
  collected: number;
  /** The part of `collected` paid above what matching collections asked. */
  overpaid: number;
  /** The part of `collected` paid by collections that did not match. */
  mismatch: number;
  refunded: number;
  net: number;
}

/** The report. */
export type SettlementReport = z.output<typeof settlementReportSchema>;

/** What a payment's index row says moved, per currency: what its reports counted (paid in or
 * paid out), else (a row indexed before its money was counted) its own amount once succeeded. */
function countedRows(row: {
  status: string;
  currency: string | null;
  amount: number | null;
  counted: string | null;
}): { currency: string | null; amount: number }[] {
  if (row.counted !== null) {
    const counted = JSON.parse(row.counted) as Record<string, number>;
    return Object.entries(counted).map(([currency, amount]) => ({ currency, amount }));
  }
  return row.status === 'succeeded' ? [{ currency: row.currency, amount: row.amount ?? 0 }] : [];
}

/** A payment-link payment's index row as the report reads it. */
interface LinkRecord {
  id: string;
  status: string;
  reference: string | null;
  /** The currency it was paid in, as its settling report said (the link's when silent). */
  currency: string | null;
  amount: number | null;
  upstream_reference: string | null;
  settled_at: number | null;
  counted: string | null;
}

/** True when a link payment's counted money in `currency` is what settled it `succeeded`. */
function matchedLink(l: LinkRecord, currency: string | null): boolean {
  return l.status === 'succeeded' && currency === l.currency;
}

/** A payout's index row as the report reads it. */
interface PayoutRecord {
  id: string;
  status: string;
  method: string;
  country_id: number | null;
  currency: string;
  amount: number;
  upstream_reference: string | null;
  settled_at: number | null;
  counted: string | null;
}

/** A refund's index row as the report reads it. */
interface RefundRecord {
  id: string;
  /** Null for a payment-link payment's refund. */
  session_id: string | null;
  status: string;
  method: string;
  currency: string;
  amount: number;
  reference: string | null;
  sub_merchant_id: string | null;
  upstream_reference: string | null;
  settled_at: number | null;
  updated_at: number;
  counted: string | null;
}

/** The net per day, currency and sub-merchant of the report's rows. */
function netOf(rows: readonly ReportRow[]): ReportNet[] {
  const nets = new Map<string, ReportNet>();
  for (const row of rows) {
    if (row.kind === 'payout' || row.settled_at === null) continue;
    const day = row.settled_at.slice(0, 10);
    const key = JSON.stringify([day, row.currency, row.sub_merchant_id]);
    const net = nets.get(key) ?? {
      day,
      currency: row.currency,
      sub_merchant_id: row.sub_merchant_id,
      collected: 0,
      overpaid: 0,
      mismatch: 0,
      refunded: 0,
      net: 0,
    };
    if (row.kind === 'refund') net.refunded += row.amount;
    else {
      net.collected += row.amount;
      net.overpaid += row.overpaid;
      net.mismatch += row.mismatch;
    }
    net.net = net.collected - net.refunded;
    nets.set(key, net);
  }
  return [...nets.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      (a.currency ?? '').localeCompare(b.currency ?? '') ||
      (a.sub_merchant_id ?? '').localeCompare(b.sub_merchant_id ?? ''),
  );
}

interface AttemptRecord {
  id: string;
  session_id: string;
  reference: string;
  method: string;
  country_id: number;
  currency: string;
  amount: number;
  upstream_reference: string | null;
  settled_at: number | null;
  updated_at: number;
  status: string;
  sub_merchant_id: string | null;
  /** JSON: what its reports counted, per currency; null: none (or written before it was kept). */
  counted: string | null;
}

/**
 * The rows of one attempt: one per currency its reports counted. A matching success counts
 * above the session's amount as `overpaid`; any other (a mismatch, a success after a failure, a
 * currency other than the session's) counts all as `mismatch`. A success indexed before its
 * money was counted shows the session's amount.
 */
function attemptRows(a: AttemptRecord): ReportRow[] {
  const counted: Record<string, number> =
    a.counted !== null
      ? (JSON.parse(a.counted) as Record<string, number>)
      : a.status === 'succeeded'
        ? { [a.currency]: a.amount }
        : {};
  return Object.entries(counted).map(([currency, amount]) => {
    const matched = a.status === 'succeeded' && currency === a.currency;
    return {
      kind: 'collection' as const,
      id: a.id,
      session_id: a.session_id,
      reference: a.reference,
      method: a.method,
      country_id: a.country_id,
      currency,
      amount,
      overpaid: matched ? Math.max(0, amount - a.amount) : 0,
      mismatch: matched ? 0 : amount,
      upstream_reference: a.upstream_reference,
      settled_at: isoOf(a.settled_at),
      sub_merchant_id: a.sub_merchant_id,
    };
  });
}

/**
 * Builds the report from the index; null when the period holds more than
 * {@link REPORT_MAX_ROWS} rows.
 *
 * @example
 * await settlementReport(env.INDEX, Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'), null);
 */
export async function settlementReport(
  db: D1Database,
  from: number,
  to: number,
  groupBy: 'sub_merchant' | null,
): Promise<SettlementReport | null> {
  const cap = REPORT_MAX_ROWS + 1;
  // The rows of a table settled in the window that succeeded or counted money,
  // and its rows flagged for review that changed in it (the table names are constants of this
  // file).
  const settled = (table: 'attempts' | 'link_payments' | 'payouts' | 'refunds') =>
    db
      .prepare(
        `SELECT * FROM ${table} WHERE (status = 'succeeded' OR counted IS NOT NULL)
         AND settled_at >= ? AND settled_at < ? ORDER BY settled_at, id LIMIT ?`,
      )
      .bind(from, to, cap);
  const flaggedIn = (table: 'attempts' | 'payouts' | 'refunds') =>
    db
      .prepare(
        `SELECT * FROM ${table} WHERE status IN ('mismatch', 'needs_review')
         AND updated_at >= ? AND updated_at < ? ORDER BY updated_at, id LIMIT ?`,
      )
      .bind(from, to, cap);
  const [attempts, links, payouts, flagged, flaggedPayouts, events, refunds, flaggedRefunds] =
    await db.batch([
      settled('attempts'),
      settled('link_payments'),
      settled('payouts'),
      flaggedIn('attempts'),
      flaggedIn('payouts'),
      db
        .prepare(
          `SELECT id, type, source_id, sub_merchant_id, created_at, body FROM events
         WHERE type LIKE '%.anomaly' AND created_at >= ? AND created_at < ? ORDER BY seq LIMIT ?`,
        )
        .bind(from, to, cap),
      settled('refunds'),
      flaggedIn('refunds'),
    ]);
  const rows: ReportRow[] = [
    ...(attempts!.results as unknown as AttemptRecord[]).flatMap(attemptRows),
    ...(links!.results as unknown as LinkRecord[]).flatMap((l) =>
      countedRows(l).map(({ currency, amount }) => ({
        kind: 'payment_link' as const,
        id: l.id,
        session_id: null,
        reference: l.reference,
        method: 'payment_link',
        country_id: null,
        currency,
        amount,
        // Reported paid again with more (its status stays `succeeded`): the part above what
        // settled it is overpaid; a payment that did not match counts all as mismatch.
        overpaid: matchedLink(l, currency) ? Math.max(0, amount - (l.amount ?? amount)) : 0,
        mismatch: matchedLink(l, currency) ? 0 : amount,
        upstream_reference: l.upstream_reference,
        settled_at: isoOf(l.settled_at),
        sub_merchant_id: null,
      })),
    ),
    ...(payouts!.results as unknown as PayoutRecord[]).flatMap((p) =>
      countedRows(p).map(({ currency, amount }) => ({
        kind: 'payout' as const,
        id: p.id,
        session_id: null,
        reference: p.id,
        method: p.method,
        country_id: p.country_id,
        currency,
        amount,
        overpaid: 0,
        mismatch: 0,
        upstream_reference: p.upstream_reference,
        settled_at: isoOf(p.settled_at),
        sub_merchant_id: null,
      })),
    ),
    ...(refunds!.results as unknown as RefundRecord[]).flatMap((r) =>
      countedRows(r).map(({ currency, amount }) => ({
        kind: 'refund' as const,
        id: r.id,
        session_id: r.session_id,
        reference: r.reference ?? r.id,
        method: r.method,
        country_id: null,
        currency,
        amount,
        overpaid: 0,
        mismatch: 0,
        upstream_reference: r.upstream_reference,
        settled_at: isoOf(r.settled_at),
        sub_merchant_id: r.sub_merchant_id,
      })),
    ),
  ];
  if (rows.length > REPORT_MAX_ROWS) return null;
  rows.sort(
    (a, b) => (a.settled_at ?? '').localeCompare(b.settled_at ?? '') || a.id.localeCompare(b.id),
  );

  const totals = new Map<string, ReportTotal>();
  for (const row of rows) {
    const key = JSON.stringify([
      row.kind,
      row.currency,
      row.method,
      groupBy ? row.sub_merchant_id : 0,
    ]);
    const total = totals.get(key) ?? {
      kind: row.kind,
      currency: row.currency,
      method: row.method,
      ...(groupBy ? { sub_merchant_id: row.sub_merchant_id } : {}),
      count: 0,
      amount: 0,
    };
    total.count += 1;
    total.amount += row.amount;
    totals.set(key, total);
  }

  const anomalies: ReportAnomaly[] = [
    ...(flagged!.results as unknown as AttemptRecord[]).map((a) => ({
      source: 'attempt' as const,
      id: a.id,
      status: a.status,
      reference: a.reference,
      currency: a.currency,
      amount: a.amount,
      at: isoOf(a.updated_at),
      sub_merchant_id: a.sub_merchant_id,
    })),
    ...(
      flaggedPayouts!.results as unknown as {
        id: string;
        status: string;
        currency: string;
        amount: number;
        updated_at: number;
      }[]
    ).map((p) => ({
      source: 'payout' as const,
      id: p.id,
      status: p.status,
      reference: p.id,
      currency: p.currency,
      amount: p.amount,
      at: isoOf(p.updated_at),
      sub_merchant_id: null,
    })),
    ...(flaggedRefunds!.results as unknown as RefundRecord[]).map((r) => ({
      source: 'refund' as const,
      id: r.id,
      status: r.status,
      reference: r.reference ?? r.id,
      currency: r.currency,
      amount: r.amount,
      at: isoOf(r.updated_at),
      sub_merchant_id: r.sub_merchant_id,
    })),
    ...(events!.results as unknown as EventSummary[]).map((e) => {
      const data = (JSON.parse(e.body) as { data?: Record<string, unknown> }).data ?? {};
      return {
        source: 'event' as const,
        id: e.id,
        status: e.type,
        reference: typeof data.reference === 'string' ? data.reference : e.source_id,
        currency: typeof data.currency === 'string' ? data.currency : null,
        amount: typeof data.amount === 'number' ? data.amount : null,
        at: isoOf(e.created_at),
        sub_merchant_id: e.sub_merchant_id,
      };
    }),
  ];

  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    group_by: groupBy,
    rows,
    totals: [...totals.values()].sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        (a.currency ?? '').localeCompare(b.currency ?? '') ||
        a.method.localeCompare(b.method) ||
        (a.sub_merchant_id ?? '').localeCompare(b.sub_merchant_id ?? ''),
    ),
    net: netOf(rows),
    anomalies,
  };
}

export { REPORT_CSV_COLUMNS } from './report-csv-columns';

/**
 * The report as CSV records (columns documented in docs/refunds.md, "Settlement report (CSV)"):
 * `row` lines (refunds are rows of kind `refund`), then `total` lines (amount = the sum of the rows of that
 * kind, currency, method and sub-merchant when grouped; count = how many), then `net` lines
 * (per day, currency and sub-merchant: collected, overpaid, mismatch, refunded, net), then
 * `anomaly` lines.
 *
 * @example
 * toCsv(REPORT_CSV_COLUMNS, reportRecords(report));
 */
export function reportRecords(report: SettlementReport) {
  return [
    ...report.rows.map((r) => ({ record: 'row', ...r })),
    ...report.totals.map((t) => ({ record: 'total', ...t })),
    ...report.net.map((n) => ({ record: 'net', ...n })),
    ...report.anomalies.map((a) => ({
      record: 'anomaly',
      kind: a.source,
      id: a.id,
      reference: a.reference,
      currency: a.currency,
      amount: a.amount,
      settled_at: a.at,
      sub_merchant_id: a.sub_merchant_id,
      status: a.status,
    })),
  ];
}

/**
 * The settlement report (`GET /reports/settlement`) as the Home and Reports pages read it: its
 * `net` rows summed per currency over a period.
 * @module
 */
import { api } from './api';

/** One day of one currency. */
export interface NetRow {
  day: string;
  currency: string | null;
  collected: number;
  refunded: number;
  net: number;
}

/** The report's part the pages use. */
export interface Report {
  net: NetRow[];
  anomalies: {
    source: string;
    id: string;
    status: string;
    reference: string | null;
    currency: string | null;
    amount: number | null;
  }[];
}

/** The report from `from` to `to` (ISO times). */
export function settlement(from: Date, to: Date): Promise<Report> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  return api<Report>(`/reports/settlement?${query}`);
}

/** Collected, refunded and net per currency. */
export function perCurrency(
  rows: NetRow[],
): Map<string, { collected: number; refunded: number; net: number }> {
  const sums = new Map<string, { collected: number; refunded: number; net: number }>();
  for (const row of rows) {
    const key = row.currency ?? '—';
    const sum = sums.get(key) ?? { collected: 0, refunded: 0, net: 0 };
    sum.collected += row.collected;
    sum.refunded += row.refunded;
    sum.net += row.net;
    sums.set(key, sum);
  }
  return sums;
}

/** Midnight UTC `days` days before today's. */
export function daysAgo(days: number): Date {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - days);
  return day;
}

/**
 * What the upstream reported about a payout (a callback, a status record, a refused create),
 * read into one shape before it is matched against our records (worker/payout/transitions.ts).
 * @module
 */
import type { ReportedMoney, ReportedOutcome } from '../../shared/status';

/** Why a payout failed, as the upstream put it. */
export interface Failure {
  code: string | null;
  message: string | null;
}

/** What one upstream report said, for anomaly payloads. */
export type Reported = Record<string, unknown>;

/** What the upstream reported, matched or not, for one outcome. */
export interface Report {
  outcome: ReportedOutcome;
  money: ReportedMoney;
  failure: Failure | null;
  reported: Reported;
}

/** A final report's fields, whatever the upstream named them in its callback or record. */
export interface ReportFields {
  status: unknown;
  status_code: unknown;
  amount: unknown;
  currency: unknown;
  /** The upstream's own reference of the payout. */
  upstream_reference: unknown;
  failureReason: unknown;
}

/** A non-empty string, else null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function amountOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

function failureOf(value: unknown): Failure {
  const reason = (value ?? {}) as { failureCode?: unknown; failureMessage?: unknown };
  return { code: text(reason.failureCode), message: text(reason.failureMessage) };
}

/**
 * A final report (`success` or `failed`) from a callback or a status record.
 *
 * @example
 * finalReport('callback', 'success', {
 *   status: p.status, status_code: p.statusCode, amount: p.amount, currency: p.currency,
 *   upstream_reference: p.reference, failureReason: p.failureReason,
 * });
 */
export function finalReport(
  source: 'callback' | 'status_query',
  outcome: Exclude<ReportedOutcome, 'unknown'>,
  fields: ReportFields,
): Report {
  const failure = outcome === 'failed' ? failureOf(fields.failureReason) : null;
  return {
    outcome,
    money: {
      amount: amountOf(fields.amount),
      currency: text(fields.currency),
      upstreamRef: text(fields.upstream_reference),
    },
    failure,
    reported: {
      source,
      status: fields.status ?? null,
      status_code: fields.status_code ?? null,
      amount: fields.amount ?? null,
      currency: fields.currency ?? null,
      upstream_reference: fields.upstream_reference ?? null,
      ...(failure ? { failure } : {}),
    },
  };
}

/**
 * A report that the payout was not charged, from our side of the exchange (a refused create,
 * the upstream's "not created" answers).
 */
export function notChargedReport(message: string, reported: Reported): Report {
  return { outcome: 'failed', money: {}, failure: { code: null, message }, reported };
}

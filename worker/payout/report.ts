/**
 * A payout's side of judging (worker/payment/judge.ts): what a payout callback, a status record
 * or a refused create reported, read into one shape before it is matched against our records
 * (worker/payout/transitions.ts), and what the payout expected.
 * @module
 */
import type { ReportedOutcome } from '../../shared/status';
import { callbackOutcome } from '../../shared/status';
import {
  amountOf,
  firstRef,
  emptyReport,
  refsOf,
  text,
  type Expected,
  type Report as Read,
} from '../payment/judge';
import { knownRefs } from '../payment/ref-store';
import { failureOf, recordReport, type StatusRecord } from '../payment/status-answer';
import type { PayoutRow, PayoutStore } from './store';

export { text };

/** Why a payout failed, as the upstream put it. */
export interface Failure {
  code: string | null;
  message: string | null;
}

/** What one upstream report said, for anomaly payloads. */
export type Reported = Record<string, unknown>;

/** What the upstream reported, before it is judged. */
export interface Report {
  outcome: ReportedOutcome;
  /** The report's fields for the judge. */
  read: Read;
  failure: Failure | null;
  reported: Reported;
}

function reportOf(
  source: 'callback' | 'status_query',
  read: Read,
  fields: { status: unknown; status_code: unknown; failureReason: unknown },
): Report {
  const failure =
    read.outcome === 'failed'
      ? (failureOf(fields.failureReason) ?? { code: null, message: null })
      : null;
  return {
    outcome: read.outcome,
    read,
    failure,
    reported: {
      source,
      status: fields.status ?? null,
      status_code: fields.status_code ?? null,
      amount: read.amount,
      currency: read.currency,
      upstream_reference: firstRef(read.upstreamRefs),
      ...(failure ? { failure } : {}),
    },
  };
}

/** What a payout callback reports (docs/upstream-api.md, "Payout callback params"). */
export function callbackReport(p: Record<string, unknown>): Report {
  return reportOf(
    'callback',
    {
      outcome: callbackOutcome(p),
      amount: amountOf(p.amount),
      currency: text(p.currency),
      ownRef: text(p.third_party_reference_1) ?? text(p.payment_reference),
      // A payout callback's `reference` is the transaction reference (the create's may differ).
      upstreamRefs: {
        collection: refsOf(p.depositId, p.MerchantRequestID),
        transaction: refsOf(p.reference, p.ref, p.transaction_id),
      },
      answersOwnRef: false,
    },
    { status: p.status, status_code: p.statusCode, failureReason: p.failureReason },
  );
}

/** What a status record reports. */
export function statusReport(record: StatusRecord): Report {
  const d = record.data;
  return reportOf('status_query', recordReport(record), {
    status: d.status,
    status_code: d.status_code,
    failureReason: d.failureReason,
  });
}

/** What a payout must settle for: exactly its amount, in its currency, under its references. */
export function expectedOf(store: PayoutStore, row: PayoutRow): Expected {
  return {
    amount: row.amount,
    currency: row.currency,
    amountRule: 'exact',
    ownRef: row.reference,
    knownRefs: knownRefs(store.sql, row.reference),
  };
}

/** A payout canceled before its create ever left (not charged: the upstream never had it). */
export function canceledReport(): Report {
  return {
    outcome: 'failed',
    read: emptyReport('failed'),
    failure: { code: 'CANCELED', message: 'Canceled before it was sent.' },
    reported: { source: 'cancel' },
  };
}

/**
 * A definite refusal of the create (the upstream said no to it: not charged).
 */
export function notChargedReport(message: string, reported: Reported): Report {
  return {
    outcome: 'failed',
    read: emptyReport('failed'),
    failure: { code: null, message },
    reported,
  };
}

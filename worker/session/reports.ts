/**
 * Upstream reports (a verified callback or a status-query record) turned into what they mean for
 * one attempt: the attempt event, and for a success the fields that disagree with our records
 * (docs/design.md, "Money rules").
 * @module
 */
import {
  callbackOutcome,
  moneyDifferences,
  statusRecordOutcome,
  type ExpectedMoney,
  type MoneyDifference,
  type ReportedMoney,
  type ReportedOutcome,
} from '../../shared/money-report';
import { reportEvent, type AttemptEvent } from '../../shared/status';

/** One report, judged. */
export interface JudgedReport {
  event: AttemptEvent;
  outcome: ReportedOutcome;
  reported: ReportedMoney;
  differences: MoneyDifference[];
  failure: { code: string | null; message: string | null } | null;
}

/** A non-empty string field of an upstream answer, else null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function amountOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function failureOf(value: unknown): JudgedReport['failure'] {
  if (value === null || typeof value !== 'object') return null;
  const reason = value as { failureCode?: unknown; failureMessage?: unknown };
  return { code: text(reason.failureCode), message: text(reason.failureMessage) };
}

function judge(
  outcome: ReportedOutcome,
  reported: ReportedMoney,
  expected: ExpectedMoney,
  failure: JudgedReport['failure'],
): JudgedReport {
  const differences = outcome === 'success' ? moneyDifferences(expected, reported) : [];
  return { event: reportEvent(outcome, differences), outcome, reported, differences, failure };
}

/**
 * Judges a verified collection callback: the deposit reference (`depositId`, else `reference`)
 * and the final deposited `amount` are compared with what the create asked and answered.
 *
 * @example
 * judgeCallback(params, { amount: 1500, currency: 'KES', upstreamRef: 'SBX-1' }).event;
 */
export function judgeCallback(
  params: Record<string, unknown>,
  expected: ExpectedMoney,
): JudgedReport {
  return judge(
    callbackOutcome(params),
    {
      amount: amountOf(params.amount),
      currency: text(params.currency),
      upstreamRef: text(params.depositId) ?? text(params.reference),
    },
    expected,
    failureOf(params.failureReason),
  );
}

/**
 * Judges a status-query record (the `data` of a 200 answer): its `ref`, `amount` and `currency`.
 *
 * @example
 * judgeStatusRecord(answer.data, expected).event; // 'still_unknown' for 000001 or 000006
 */
export function judgeStatusRecord(
  data: Record<string, unknown>,
  expected: ExpectedMoney,
): JudgedReport {
  return judge(
    statusRecordOutcome(data),
    {
      amount: amountOf(data.amount),
      currency: text(data.currency),
      upstreamRef: text(data.ref),
    },
    expected,
    failureOf(data.failureReason),
  );
}

/**
 * A session and its attempts as they stand at a moment: what the clock has already decided
 * (an input window closed, the session's time ran out with nobody paid) is shown from `now`,
 * before the alarm that writes it has run. Reads never write state; the alarm's tasks do
 * (worker/session/transitions.ts), with the same rules.
 * @module
 */
import type { MethodKind } from '../../shared/method-kinds';
import {
  holdsSession,
  mayHoldMoney,
  type InputEvent,
  type SessionStatus,
} from '../../shared/status';
import type { LapseReason } from '../../shared/view';
import { attemptNext, type AttemptRow, type SessionRow } from './store';

/** Why an attempt's input lapsed when its window closed, by method kind. */
export const LAPSE_BY_KIND: Readonly<Record<MethodKind, LapseReason>> = {
  phone_prompt: 'prompt_unanswered',
  operator_prompt: 'prompt_unanswered',
  otp_operator: 'otp_expired',
  redirect_wallet: 'redirect_unanswered',
  bank_eft: 'redirect_unanswered',
  bank_id: 'redirect_unanswered',
  virtual_account: 'account_expired',
};

/**
 * What the close of an attempt's input window does to its input: it lapses, unless a code was
 * sent whose answer never came (`enter_otp` marked `unconfirmed`, worker/session/otp.ts): that
 * code may have passed, so the input is `given` and the session holds until the upstream tells.
 *
 * @example
 * setInput(cx, row.id, windowCloses(row));
 */
export function windowCloses(row: AttemptRow): InputEvent {
  const next = attemptNext(row);
  return next?.type === 'enter_otp' && next.unconfirmed ? 'input_given' : 'input_lapsed';
}

/**
 * An attempt as of `now`: a pending attempt still awaiting input whose window has closed reads
 * as its window's close leaves it ({@link windowCloses}): lapsed (the reason its kind gives),
 * or given.
 *
 * @example
 * attemptAsOf(row, Date.now()).input; // 'lapsed' once row.expires_at has passed
 */
export function attemptAsOf(row: AttemptRow, now: number): AttemptRow {
  if (row.status !== 'pending' || row.input !== 'awaiting') return row;
  if (row.expires_at === null || row.expires_at > now) return row;
  if (windowCloses(row) === 'input_given') return { ...row, input: 'given', lapse_reason: null };
  return { ...row, input: 'lapsed', lapse_reason: LAPSE_BY_KIND[row.kind] };
}

/**
 * The session's status as of `now`, given its attempts as of `now`: released when its latest
 * attempt no longer holds it; expired when open past its time and no attempt may hold money.
 */
export function sessionStatusAsOf(
  session: SessionRow,
  attempts: readonly AttemptRow[],
  now: number,
): SessionStatus {
  let status = session.status;
  const latest = attempts.at(-1);
  if (status === 'pending' && !(latest && holdsSession(latest.status, latest.input))) {
    status = 'open';
  }
  if (
    status === 'open' &&
    now >= session.expires_at &&
    !attempts.some((a) => mayHoldMoney(a.status))
  ) {
    status = 'expired';
  }
  return status;
}

/**
 * The session and its attempts as of `now`.
 *
 * @example
 * const { session, attempts } = asOf(store.session()!, store.attempts(), Date.now());
 */
export function asOf(
  session: SessionRow,
  rows: readonly AttemptRow[],
  now: number,
): { session: SessionRow; attempts: AttemptRow[] } {
  const attempts = rows.map((row) => attemptAsOf(row, now));
  return { session: { ...session, status: sessionStatusAsOf(session, attempts, now) }, attempts };
}

/**
 * One status query of an unsettled payment, applied by the rules every kind shares
 * (docs/design.md, "Money rules", rules 2, 3 and 8): a record that exists ends any "not created"
 * inference and, when final, is judged and applied; a "not created" answer counts only while
 * the kind says the create's fate is unknown and nothing has shown the transaction exists; any
 * other answer (and a query that throws) is unknown. Then, while the payment is still unsettled,
 * the horizon is checked (nothing holds it back) or the next query scheduled with backoff.
 * Checkout attempts and payouts provide a {@link PaymentPort}: what is theirs.
 * @module
 */
import { NOT_CREATED_LIMIT, pastHorizon, type BackoffConfig } from '../durable/reconcile-backoff';
import {
  readStatusAnswer,
  type StatusAnswer,
  type StatusRecord,
  type StatusResult,
} from './status-answer';

/** What one kind of payment provides to the shared status-query step. */
export interface PaymentPort {
  /** When the payment was created (the horizon counts from it). */
  readonly createdAt: number;
  /** True while the payment is `pending` (automatic queries and the horizon apply). */
  pending(): boolean;
  /** True while a "not created" answer may count: the create's fate is unknown and no verified
   * sign (a callback, deferred ones included; a record; a reference) shows the payment exists. */
  mayInferNotCreated(): boolean;
  /** Counts one "not created" answer; answers the count so far. */
  countNotCreated(): number;
  /** What the kind does once {@link NOT_CREATED_LIMIT} answers say "not created" (never a
   * failure: a session is released for a new attempt, a payout waits). */
  notCreated(count: number): void;
  /** A record exists: remember its references, reset the count, judge deferred callbacks. */
  recordSeen(record: StatusRecord): void;
  /** Applies a final record (judged against what we recorded). */
  applyRecord(record: StatusRecord): void;
  /** Notes an answer that said nothing final. */
  unknown(answer: StatusAnswer): void;
  /** The horizon passed without a final answer: `needs_review`. */
  horizonReached(): void;
  /** Schedules the next query with backoff. */
  scheduleNext(): void;
}

/** A query that threw (a configuration error, a bug) is an unknown answer, never a reason to
 * stop short of the horizon. */
async function ask(query: () => Promise<StatusResult>): Promise<StatusAnswer> {
  try {
    return readStatusAnswer(await query());
  } catch (error) {
    return { kind: 'unknown', reason: `query failed: ${String(error)}`, httpStatus: null };
  }
}

/**
 * Asks once and applies the answer (see the module comment). With `horizon` false (the
 * merchant's manual reconcile) neither the horizon nor the next query is touched.
 *
 * @example
 * await reconcileStep(port, () => askStatus(env, config, attemptId, 'payin'), config, true);
 */
export async function reconcileStep(
  port: PaymentPort,
  query: () => Promise<StatusResult>,
  config: BackoffConfig,
  horizon: boolean,
): Promise<StatusAnswer> {
  const answer = await ask(query);
  if (answer.kind === 'record') {
    port.recordSeen(answer);
    if (answer.outcome !== 'unknown') port.applyRecord(answer);
    else port.unknown(answer);
  } else if (answer.kind === 'not_created' && port.mayInferNotCreated()) {
    const count = port.countNotCreated();
    if (count >= NOT_CREATED_LIMIT) port.notCreated(count);
    else port.unknown(answer);
  } else {
    port.unknown(answer);
  }
  if (!horizon || !port.pending()) return answer;
  if (pastHorizon(config, port.createdAt)) port.horizonReached();
  else port.scheduleNext();
  return answer;
}

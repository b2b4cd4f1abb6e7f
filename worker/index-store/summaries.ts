/**
 * The summary rows the objects write to the query index, built from their own rows (so the
 * index can always be rebuilt from the objects).
 * @module
 */
import type { AttemptRow, SessionRow } from '../session/store';
import type { AttemptSummary, EventSummary, PayoutSummary, SessionSummary } from './tables';

/**
 * A session's summary.
 *
 * @example
 * index.stage('session', sessionSummary(session, Date.now()));
 */
export function sessionSummary(session: SessionRow, updatedAt: number): SessionSummary {
  return {
    id: session.id,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    reference: session.reference,
    country_id: session.country_id,
    sub_merchant_id: session.sub_merchant_id ?? null,
    attempt_count: session.attempt_count,
    created_at: session.created_at,
    updated_at: updatedAt,
    expires_at: session.expires_at,
    metadata: session.metadata,
  };
}

/**
 * An attempt's summary; `nextCheckAt` is when its status query is due (null: none).
 *
 * @example
 * index.stage('attempt', attemptSummary(session, attempt, tasks.get(`reconcile:${id}`)?.due_at ?? null));
 */
export function attemptSummary(
  session: SessionRow,
  attempt: AttemptRow,
  nextCheckAt: number | null,
): AttemptSummary {
  return {
    id: attempt.id,
    session_id: session.id,
    n: attempt.n,
    status: attempt.status,
    country_id: attempt.country_id,
    method: attempt.method,
    amount: session.amount,
    currency: session.currency,
    reference: session.reference,
    sub_merchant_id: session.sub_merchant_id ?? null,
    upstream_reference: attempt.create_ref ?? attempt.upstream_ref,
    created_at: attempt.created_at,
    updated_at: attempt.updated_at,
    settled_at: attempt.status === 'pending' ? null : attempt.updated_at,
    next_check_at: attempt.status === 'pending' ? nextCheckAt : null,
  };
}

/** A webhook event as the outbox queued it. */
export interface QueuedEvent {
  id: string;
  type: string;
  created_at: number;
  payload: string;
  data: Record<string, unknown>;
}

/**
 * The feed's record of a queued webhook: its body as sent, the object it concerns (session id,
 * payout or payment reference) and the sub-merchant of a checkout event.
 *
 * @example
 * index.stageEvent(eventSummary(queued));
 */
export function eventSummary(event: QueuedEvent): EventSummary {
  const { data } = event;
  const source =
    (typeof data.session_id === 'string' && data.session_id) ||
    (typeof data.upstream_reference === 'string' && event.type.startsWith('payment_link.')
      ? data.upstream_reference
      : null) ||
    (typeof data.reference === 'string' && data.reference) ||
    event.id;
  return {
    id: event.id,
    type: event.type,
    source_id: source,
    sub_merchant_id: typeof data.sub_merchant_id === 'string' ? data.sub_merchant_id : null,
    created_at: event.created_at,
    body: event.payload,
  };
}

/** The columns of a payout row that its summary reads. */
export interface PayoutFacts {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  method: string;
  upstream_ref: string | null;
  /** The merchant's create body as JSON (its optional `country_id` is read). */
  fingerprint: string;
  created_at: number;
  updated_at: number;
}

/**
 * A payout's summary; `nextCheckAt` is when its status query is due (null: none).
 *
 * @example
 * index.stage('payout', payoutSummary(row, tasks.get('reconcile')?.due_at ?? null));
 */
export function payoutSummary(row: PayoutFacts, nextCheckAt: number | null): PayoutSummary {
  const body = JSON.parse(row.fingerprint) as { country_id?: unknown };
  return {
    id: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    country_id: typeof body.country_id === 'number' ? body.country_id : null,
    upstream_reference: row.upstream_ref,
    created_at: row.created_at,
    updated_at: row.updated_at,
    settled_at: row.status === 'pending' ? null : row.updated_at,
    next_check_at: row.status === 'pending' ? nextCheckAt : null,
  };
}

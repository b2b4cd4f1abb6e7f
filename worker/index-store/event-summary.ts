/**
 * The events feed's record of a webhook an outbox queued (worker/durable/webhook-outbox.ts).
 * The summaries of sessions, payouts and link payments are built by their owners
 * (worker/session/index-rows.ts, worker/payout/index-row.ts, worker/ledger/link-payments.ts).
 * @module
 */
import type { QueuedEvent } from '../durable/ports';
import type { EventSummary } from './tables';

export type { QueuedEvent };

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

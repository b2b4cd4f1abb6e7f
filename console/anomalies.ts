/**
 * The anomalies a refund settles: `checkout.anomaly` events of the feed (`GET /events`) that
 * carry the exact refund call (`anomaly.refund`, worker/session/webhooks.ts), from the last
 * {@link ANOMALY_DAYS} days. The feed is oldest first, so its pages are read to the end (at most
 * {@link MAX_PAGES}).
 * @module
 */

/** How far back the Needs attention page looks. */
export const ANOMALY_DAYS = 7;
const MAX_PAGES = 10;
const REFUND_PATH = /^\/v1(\/sessions\/cs_[a-z2-7]{26}\/refunds)$/;

/** One anomaly and the refund call that settles it. */
export interface RefundableAnomaly {
  /** The event id: the refund's idempotency key is made from it, so it is sent once. */
  event: string;
  at: string;
  sessionId: string;
  reference: string;
  kind: string;
  message: string;
  /** The payer's phone as the API masks it (null: the method has none). */
  to: string | null;
  /** The console API path of the refund (`/sessions/:id/refunds`). */
  path: string;
  body: { attempt: string; amount: number; currency: string };
}

interface AnomalyEvent {
  id: string;
  timestamp: string;
  data: {
    session_id: string;
    reference: string;
    attempt: { mobile?: string | null } | null;
    anomaly: {
      kind: string;
      message: string;
      refund?: { path: string; body: RefundableAnomaly['body'] };
    };
  };
}

/** The refund call of an event, or null when it has none (or not one this page sends). */
function refundable(event: AnomalyEvent): RefundableAnomaly | null {
  const refund = event.data.anomaly.refund;
  const path = refund ? REFUND_PATH.exec(refund.path)?.[1] : undefined;
  if (!refund || !path) return null;
  return {
    event: event.id,
    at: event.timestamp,
    sessionId: event.data.session_id,
    reference: event.data.reference,
    kind: event.data.anomaly.kind,
    message: event.data.anomaly.message,
    to: event.data.attempt?.mobile ?? null,
    path,
    body: refund.body,
  };
}

/** How the console API is read (console/api.ts's `api`). */
type Read = <T>(path: string) => Promise<T>;

/**
 * The events of `type` in the feed, oldest first (at most ten pages of 100: the feed keeps
 * its retention's days).
 *
 * @example
 * const held = await eventsOfType<RequiresAction>(api, 'checkout.requires_action');
 */
export async function eventsOfType<E>(read: Read, type: string): Promise<E[]> {
  const found: E[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ type, limit: '100' });
    if (after) query.set('after', after);
    const events = await read<{ data: E[]; has_more: boolean; next_after: string | null }>(
      `/events?${query}`,
    );
    found.push(...events.data);
    if (!events.has_more || !events.next_after) break;
    after = events.next_after;
  }
  return found;
}

/**
 * Why each held session holds: its latest `checkout.requires_action` reason (`mismatch`,
 * `needs_review`, `success_after_failure`) by session id.
 *
 * @example
 * (await heldReasons(api)).get('cs_…'); // 'mismatch'
 */
export async function heldReasons(read: Read): Promise<Map<string, string>> {
  type Held = { data: { session_id: string; reason: string } };
  const events = await eventsOfType<Held>(read, 'checkout.requires_action');
  // Oldest first, so a session's latest reason wins.
  return new Map(events.map((e) => [e.data.session_id, e.data.reason]));
}

/**
 * The anomalies of the last days that a refund settles, newest first.
 *
 * @example
 * const anomalies = await refundableAnomalies(api);
 */
export async function refundableAnomalies(
  read: Read,
  now = Date.now(),
): Promise<RefundableAnomaly[]> {
  const since = now - ANOMALY_DAYS * 86_400_000;
  const events = await eventsOfType<AnomalyEvent>(read, 'checkout.anomaly');
  return events
    .map((event) => (Date.parse(event.timestamp) >= since ? refundable(event) : null))
    .filter((item): item is RefundableAnomaly => item !== null)
    .reverse();
}

/** The idempotency key of an anomaly's refund: one refund per anomaly, however often sent. */
export const anomalyRefundKey = (anomaly: RefundableAnomaly): string =>
  `console-anomaly-refund:${anomaly.event}`;

/**
 * Reaching the dev webhook inbox (the `DevInbox` object, bound as `DEV_INBOX` in development
 * only) and what it answers.
 * @module
 */
import type { ProxyEnv } from '../env';

/** A merchant webhook as the dev receiver recorded it. */
export interface ReceivedWebhook {
  webhook_id: string;
  /** Whether its signature verified with MERCHANT_WEBHOOK_SECRET. */
  verified: boolean;
  /** Why it did not verify, else null. */
  reason: string | null;
  received_at: string;
  /** The body as JSON, or as text when it is not JSON. */
  body: unknown;
  /** What the `--forward-to` receiver answered (`DEV_WEBHOOK_FORWARD_TO`), null when none is
   * set: `status` null when it gave no answer (`error` says why: refused, timeout). */
  forward: ForwardResult | null;
}

/** One forward of a webhook to the developer's own receiver, and its answer. */
export interface ForwardResult {
  url: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/** The name of the one inbox object. */
export const DEV_INBOX_NAME = 'inbox';

/**
 * The dev webhook inbox, or null where none is bound (production).
 *
 * @example
 * const inbox = devInbox(c.env);
 * if (inbox) await inbox.storeWebhook(id, true, null, body, null);
 */
export function devInbox(env: ProxyEnv) {
  return env.DEV_INBOX?.get(env.DEV_INBOX.idFromName(DEV_INBOX_NAME)) ?? null;
}

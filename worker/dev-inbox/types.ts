/**
 * What the dev webhook inbox records (development only): shared by the `DevInbox` object
 * (dev-inbox.ts), the way to reach it (inbox.ts) and the `--forward-to` tee (forward.ts). Its
 * own file, so the object and inbox.ts (which names the object's class) form no import circle.
 * @module
 */

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

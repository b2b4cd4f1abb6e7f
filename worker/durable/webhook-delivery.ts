/**
 * Delivery of one merchant webhook (Standard Webhooks format) and its retry schedule.
 * @module
 */
import { signWebhook } from '../../shared/webhook-signature';
import { webhookSecretProblem } from '../config';

/** Webhooks are retried for up to three days after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** A replayed event is retried for one day after the replay (the merchant asked for it, and
 * can ask again; a replay must not turn the proxy into a three-day sender of signed POSTs). */
export const REPLAY_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A delivery that takes longer counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Delay before retry number `tries` (1-based): exponential from 5 s, capped at 6 hours, with
 * ±20 % jitter so that many failing events do not retry in lockstep.
 *
 * @example
 * nextWebhookDelay(1); // ≈ 5 000 ms
 */
export function nextWebhookDelay(tries: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** (tries - 1), 6 * 60 * 60 * 1000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The result of one delivery. */
export interface DeliveryResult {
  ok: boolean;
  status?: number;
  error?: string;
  /** The secret cannot sign (not `whsec_` + base64 of ≥ 24 bytes): retrying cannot help. */
  unsignable?: true;
}

/**
 * POSTs one outbox event, signed, to the merchant. Success is any 2xx answer. A redirect is not
 * followed (`redirect: 'manual'`): re-POSTing a signed body with payers' data to an address the
 * merchant did not configure is a leak, so a 3xx is a failed delivery that names its target.
 * Several secrets (a rotation's overlap, current first) put one signature each in the header.
 * `fix` ends a redirect's reason (what the merchant changes: the variable, or an endpoint's url).
 * A secret that cannot sign is answered `unsignable` without any request going out.
 *
 * @example
 * const result = await deliverWebhook(url, webhookSecrets(env, config), event.id, event.payload);
 */
export async function deliverWebhook(
  url: string,
  secrets: string | readonly string[],
  id: string,
  payload: string,
  fix = 'set MERCHANT_WEBHOOK_URL to the final address',
): Promise<DeliveryResult> {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  for (const secret of list.length > 0 ? list : ['']) {
    const problem =
      webhookSecretProblem(secret) ?? (secret ? null : 'MERCHANT_WEBHOOK_SECRET is not set');
    if (problem) return { ok: false, error: problem, unsignable: true };
  }
  let headers: Awaited<ReturnType<typeof signWebhook>>;
  try {
    headers = await signWebhook(list, id, Math.floor(Date.now() / 1000), payload);
  } catch {
    return { ok: false, error: 'MERCHANT_WEBHOOK_SECRET cannot sign', unsignable: true };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WEBHOOK_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'unified-checkout' },
      body: payload,
      signal: controller.signal,
      redirect: 'manual',
    });
    await response.body?.cancel();
    if (response.status >= 300 && response.status < 400) {
      return { ok: false, status: response.status, error: redirectReason(response, fix) };
    }
    return response.ok
      ? { ok: true, status: response.status }
      : { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: controller.signal.aborted ? 'timeout' : (error as Error).name };
  } finally {
    clearTimeout(timer);
  }
}

/** The deliveries list's reason for a 3xx: not followed, and to which origin it pointed (the
 * origin only: a path or query could carry anything). */
function redirectReason(response: Response, fix: string): string {
  const location = response.headers.get('location');
  let target = 'no Location';
  if (location) {
    try {
      target = new URL(location, response.url || undefined).origin;
    } catch {
      target = 'an unreadable Location';
    }
  }
  return `HTTP ${response.status} redirect not followed (to ${target}): ${fix}`;
}

/**
 * `npm run dev -- --forward-to <url>` (development only, docs/dev-webhooks.md): the dev inbox
 * passes each merchant webhook on to the developer's own receiver (`DEV_WEBHOOK_FORWARD_TO`)
 * exactly as the proxy sent it (same webhook-id, webhook-timestamp, webhook-signature and body),
 * and the proxy's outbox gets that receiver's answer back: a transparent tee, so a receiver that
 * was down gets each event from the outbox's own retries, with the same id, as in production.
 * @module
 */
import { errorBody } from '../../shared/errors';
import { WEBHOOK_TIMEOUT_MS } from '../durable/webhook-delivery';
import type { ForwardResult } from './types';

/** The headers of a delivery the receiver gets as the proxy sent them. */
const PASSED_HEADERS = [
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'content-type',
  'user-agent',
] as const;

/** Under the outbox's own timeout, so the inbox records a slow receiver before the outbox
 * gives up on the inbox. */
const FORWARD_TIMEOUT_MS = WEBHOOK_TIMEOUT_MS - 2_000;

/** A forward's answer: what to record, and the response the proxy's outbox gets. */
export interface Forwarded {
  result: ForwardResult;
  response: Response;
}

/**
 * POSTs one webhook on to `url` as it came in; answers what happened and the response to give
 * the proxy: the receiver's status (its Location for a redirect, never followed; its body
 * text), or 502 when it gave no answer (refused, timed out).
 *
 * @example
 * const { result, response } = await forwardWebhook(url, c.req.raw.headers, body);
 */
export async function forwardWebhook(
  url: string,
  headers: Headers,
  body: string,
): Promise<Forwarded> {
  const passed = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) passed.set(name, value);
  }
  const started = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FORWARD_TIMEOUT_MS);
  // Whether any answer began: workerd reports a refused connection as "Network connection
  // lost.", which reads like a receiver that died mid-answer; before any answer it was refused.
  let answered = false;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: passed,
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    answered = true;
    const text = await answer.text();
    const status = answer.status;
    const error = status >= 200 && status < 300 ? null : `HTTP ${status}`;
    const back = new Headers({
      'content-type': answer.headers.get('content-type') ?? 'text/plain',
    });
    const location = answer.headers.get('location');
    if (location) back.set('location', location);
    const empty = status === 204 || status === 205 || status === 304;
    return {
      result: { url, status, error, duration_ms: Date.now() - started },
      response: new Response(empty ? null : text, { status, headers: back }),
    };
  } catch (error) {
    const reason = controller.signal.aborted
      ? 'timeout'
      : answered
        ? (error as Error).message || 'connection lost'
        : `connection refused: nothing answered at ${new URL(url).host} (is your receiver running?)`;
    return {
      result: { url, status: null, error: reason, duration_ms: Date.now() - started },
      response: Response.json(
        errorBody(
          'UPSTREAM_UNAVAILABLE',
          `The --forward-to receiver gave no answer (${reason}); the proxy retries.`,
        ),
        { status: 502 },
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}

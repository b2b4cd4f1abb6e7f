/**
 * The client of the upstream payments service: signs envelopes, enforces a timeout and sorts
 * every answer into one of four outcomes the caller must handle.
 * @module
 */
import { signEnvelope } from '../shared/signing';
import type { Config } from './config';
import type { ProxyEnv } from './env';

/** What came back from one upstream call. */
export type UpstreamResult =
  /** HTTP 2xx and `success` true: `body` is the parsed JSON. */
  | { kind: 'ok'; status: number; body: Record<string, unknown> }
  /** The upstream answered and refused (success false or a 4xx): it did nothing. */
  | { kind: 'rejected'; status: number; message: string; body: unknown }
  /** No answer in time: the call's effect is unknown. */
  | { kind: 'timeout' }
  /** Network error, 5xx or an unreadable body: the call's effect is unknown. */
  | { kind: 'unavailable'; status?: number; reason: string };

/** Options of one upstream call. */
export interface UpstreamCall {
  method?: 'GET' | 'POST';
  /** Params to sign into an envelope (signed calls). */
  params?: Record<string, unknown>;
  /** A raw JSON body (unsigned calls such as get-token). */
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * Calls the upstream: through the UPSTREAM service binding when bound (dev, tests), otherwise
 * `fetch(SERVICE_BASE_URL + path)`.
 *
 * @example
 * const result = await callUpstream(env, config, '/api/v4/service-unified-collections', { params });
 * if (result.kind === 'ok') …
 */
export async function callUpstream(
  env: ProxyEnv,
  config: Config,
  path: string,
  call: UpstreamCall,
): Promise<UpstreamResult> {
  const method = call.method ?? 'POST';
  let body: string | undefined;
  if (call.params !== undefined) {
    body = JSON.stringify(await signEnvelope(call.params, config.credentials));
  } else if (call.json !== undefined) {
    body = JSON.stringify(call.json);
  }
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = config.serviceBaseUrl + path;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.upstreamTimeoutMs);
  try {
    const init: RequestInit = { method, headers, body, signal: controller.signal };
    const response = env.UPSTREAM ? await env.UPSTREAM.fetch(url, init) : await fetch(url, init);
    const text = await response.text();
    return classify(response.status, text);
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'unavailable', reason: (error as Error).name || 'network error' };
  } finally {
    clearTimeout(timer);
  }
}

function classify(status: number, text: string): UpstreamResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unavailable', status, reason: 'the answer was not JSON' };
  }
  if (status >= 500) return { kind: 'unavailable', status, reason: `HTTP ${status}` };
  const record =
    parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  if (record === null)
    return { kind: 'unavailable', status, reason: 'the answer was not an object' };
  const success = record.success === true || record.success === 'true';
  if (status >= 200 && status < 300 && success) return { kind: 'ok', status, body: record };
  const message = typeof record.message === 'string' ? record.message : `HTTP ${status}`;
  return { kind: 'rejected', status, message, body: parsed };
}

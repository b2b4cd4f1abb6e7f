/**
 * The client of the upstream payments service: signs envelopes (with the configured scheme),
 * enforces a timeout, never follows a redirect, and sorts every answer into one of four
 * outcomes the caller must handle. Only a definite refusal is `rejected`; every answer whose
 * effect is unknown (a timeout, 408, 429, a 3xx, a 5xx, an unreadable body, a network error)
 * is `timeout` or `unavailable`, so a create answered that way is reconciled, never retried
 * blindly and never reported as refused. A success is checked against the call's response
 * schema (shared/schemas): `ok` carries the schema's output; a success the schema refuses is
 * unreadable, hence `unavailable` (unknown is not "no": docs/design.md, "Money rules").
 * @module
 */
import type * as z from 'zod/mini';
import type { FieldIssue } from '../shared/errors';
import { isJsonObject } from '../shared/json-object';
import { signEnvelope } from '../shared/signing';
import { validate } from '../shared/validation';
import type { Config } from './config';
import type { ProxyEnv } from './env';
import { upstreamFetch } from './upstream-fetch';

/** A JSON object as the upstream sent it, before its schema is checked. */
export type UpstreamObject = Readonly<Record<string, unknown>>;

/** An upstream call that did not succeed: a refusal, or an answer whose effect is unknown. */
export type UpstreamFailure =
  /** The upstream answered and refused (success false, or a 4xx other than 408 and 429): it did nothing. */
  | { kind: 'rejected'; status: number; message: string; body: unknown }
  /** No answer in time: the call's effect is unknown. */
  | { kind: 'timeout' }
  /**
   * Network error, 408, 429, a redirect (3xx, never followed), 5xx or an unreadable body (not
   * JSON, no success flag, or a success its schema refuses: then `issues` says why): the call's
   * effect is unknown.
   */
  | { kind: 'unavailable'; status?: number; reason: string; issues?: readonly FieldIssue[] };

/** What came back from one upstream call: HTTP 2xx and `success` true, its `body` the
 * schema's output, or a failure. */
export type UpstreamResult<T = UpstreamObject> =
  { kind: 'ok'; status: number; body: T } | UpstreamFailure;

/** Options of one upstream call. */
export interface UpstreamCall {
  method?: 'GET' | 'POST';
  /** Params to sign into an envelope (signed calls). */
  params?: Record<string, unknown>;
  /** A raw JSON body (unsigned calls such as get-token). */
  json?: unknown;
  headers?: Record<string, string>;
  /**
   * Called once the request is ready, right before it leaves (after every await of the call):
   * false keeps it from leaving (the call then answers `unavailable`, reason `not sent`). A
   * create claims its record here, so one that was never sent is provably so.
   */
  beforeSend?: () => boolean;
}

/**
 * Calls the upstream ({@link upstreamFetch}: the UPSTREAM binding when bound, else
 * `SERVICE_BASE_URL + path`, with the relay's token when set). Redirects are not followed (`redirect: 'manual'`): the
 * get-token body carries the secret key and must never be re-posted to another host. A success
 * is `ok` only when `schema` accepts it ({@link conform}).
 *
 * @example
 * const result = await callUpstream(env, config, UPSTREAM_PATHS.collections, { params }, collectionResponseSchema);
 * if (result.kind === 'ok') result.body.data.depositId; // string | null | undefined
 */
export async function callUpstream<S extends z.core.$ZodType>(
  env: ProxyEnv,
  config: Config,
  path: string,
  call: UpstreamCall,
  schema: S,
): Promise<UpstreamResult<z.output<S>>> {
  const method = call.method ?? 'POST';
  let body: string | undefined;
  if (call.params !== undefined) {
    // config.credentials.scheme selects sha256 or hmac-sha256 (SERVICE_SIGNING_SCHEME).
    body = JSON.stringify(await signEnvelope(call.params, config.credentials));
  } else if (call.json !== undefined) {
    body = JSON.stringify(call.json);
  }
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.upstreamTimeoutMs);
  try {
    const init: RequestInit = {
      method,
      headers,
      body,
      signal: controller.signal,
      redirect: 'manual',
    };
    if (call.beforeSend && !call.beforeSend()) return { kind: 'unavailable', reason: 'not sent' };
    const response = await upstreamFetch(env, config, path, init);
    const text = await response.text();
    return conform(classify(response.status, text), schema);
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'unavailable', reason: (error as Error).name || 'network error' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sorts one HTTP answer of the upstream. A refusal must be definite: 408 (request timeout) and
 * 429 (too many requests) say nothing about whether the call took effect, and a 3xx is an
 * upstream fault (a moved API must not be followed with a signed or secret-bearing body), so
 * all three are `unavailable`, like a 5xx or a body that is not a JSON object.
 *
 * @example
 * classify(429, '{"success":false,"message":"slow down"}'); // { kind: 'unavailable', … }
 * classify(400, '{"success":false,"message":"Transaction was not created!"}'); // { kind: 'rejected', … }
 */
export function classify(status: number, text: string): UpstreamResult {
  if (status >= 300 && status < 400) {
    return { kind: 'unavailable', status, reason: `HTTP ${status} (a redirect, not followed)` };
  }
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'unavailable', status, reason: `HTTP ${status}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unavailable', status, reason: 'the answer was not JSON' };
  }
  if (!isJsonObject(parsed)) {
    return { kind: 'unavailable', status, reason: 'the answer was not an object' };
  }
  const record = parsed;
  const success = record.success === true || record.success === 'true';
  const failure = record.success === false || record.success === 'false';
  if (status >= 200 && status < 300) {
    if (success) return { kind: 'ok', status, body: record };
    // A 2xx that neither succeeds nor refuses is unreadable, not a refusal.
    if (!failure) return { kind: 'unavailable', status, reason: 'the answer had no success flag' };
  }
  const message = typeof record.message === 'string' ? record.message : `HTTP ${status}`;
  return { kind: 'rejected', status, message, body: parsed };
}

/**
 * Checks a success against the call's response schema: `ok` with the schema's output, or, when
 * the schema refuses it, `unavailable` (an answer we cannot read says nothing about the call's
 * effect; its issues name fields, never values). Failures pass unchanged.
 *
 * @example
 * conform(classify(200, '{"success":true,"data":"x"}'), collectionResponseSchema).kind; // 'unavailable'
 */
export function conform<S extends z.core.$ZodType>(
  result: UpstreamResult,
  schema: S,
): UpstreamResult<z.output<S>> {
  if (result.kind !== 'ok') return result;
  const checked = validate(schema, result.body);
  if (checked.ok) return { kind: 'ok', status: result.status, body: checked.value };
  return {
    kind: 'unavailable',
    status: result.status,
    reason: `the answer did not match its schema: ${checked.issues[0]?.message ?? 'unreadable'}`,
    issues: checked.issues,
  };
}

// Helpers for the proxy's workerd tests: the real proxy (main worker) and the real sandbox
// (auxiliary worker behind the UPSTREAM binding), no fakes.
import { env, exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { signEnvelope } from '../../shared/signing';
import { noteResponse } from './contract';
import type { CheckoutView } from '../../shared/view';
import type { MerchantSession } from '../../worker/session/merchant-view';
import { findLeaks, formatLeaks, payerDetails, payerPhones } from '../support/secret-sweep';

export const BASE = 'http://127.0.0.1:8787';
export const SECRETS = ['test-secret', env.MERCHANT_API_KEY, env.MERCHANT_WEBHOOK_SECRET];

/** Every body the tests saw, swept for secrets at the end of each file. */
export const seenBodies: string[] = [];
/** Every console line printed in this isolate (the proxy and its Durable Objects included). */
export const seenLogs: string[] = [];
/** Payer phone numbers the tests sent (attempts, callbacks, payouts): swept like secrets. */
export const sentPhones = new Set<string>();
/** Payers' names and ID numbers the tests sent (attempts, prefill, payouts): never in a log line. */
export const sentPersonal = new Set<string>();

for (const level of ['debug', 'info', 'log', 'warn', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    seenLogs.push(args.map((arg) => (typeof arg === 'string' ? arg : safeJson(arg))).join(' '));
    original(...args);
  };
}

function safeJson(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message}` : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function notePhones(body: RequestInit['body']): void {
  if (typeof body !== 'string') return;
  try {
    const json: unknown = JSON.parse(body);
    for (const phone of payerPhones(json)) sentPhones.add(phone);
    for (const detail of payerDetails(json)) sentPersonal.add(detail);
  } catch {
    /* not JSON */
  }
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  notePhones(init.body);
  const request = new Request(BASE + path, init);
  const response = await exports.default.fetch(request);
  const text = await response.clone().text();
  seenBodies.push(text);
  // Every answer of the merchant and checkout APIs conforms to the OpenAPI document (checked
  // after the test: test/proxy/setup/openapi-contract.ts).
  noteResponse(request, response, text);
  return response;
}

/** A request to the merchant API with the dev merchant key. */
export function merchant(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${env.MERCHANT_API_KEY}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return call(path, { ...init, headers });
}

/** A request to the public checkout API, as the widget makes it. */
export function checkout(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return call(`/v1/checkout${path}`, { ...init, headers });
}

/** A request to the sandbox's control surface (through the UPSTREAM binding). */
export async function sandbox(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return env.UPSTREAM!.fetch(new Request(`http://sandbox.internal${path}`, { ...init, headers }));
}

/** Creates a session through the merchant API and answers it. */
export async function createSession(body: Record<string, unknown>): Promise<MerchantSession> {
  const res = await merchant('/v1/sessions', { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as MerchantSession;
}

let counter = 0;
/** A unique merchant reference. */
export function ref(prefix = 'order'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Starts an attempt and answers the response with its JSON. */
export async function startAttempt(
  id: string,
  body: Record<string, unknown>,
): Promise<{
  status: number;
  json: CheckoutView & { error?: { code: string; details?: unknown } };
}> {
  const res = await checkout(`/${id}/attempts`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as never };
}

/** The sandbox's Kenyan M-PESA payer whose prompt succeeds (docs/upstream-api.md). */
export const KENYA_PAYER = { country_id: 1, method: 'send money', mobile: '254712345000' };
/** An NGN virtual account: the payer transfers into it, so no prompt and no refund destination. */
export const NGN_ACCOUNT = {
  country_id: 17,
  method: 'virtual_account',
  account_name: 'Chidi Okafor',
  bank_code: '17001',
};

/**
 * A session on `terms` (the body of POST /v1/sessions) with one attempt started by `payer`: the
 * setup most money tests share. The attempt's answer is returned as it came, for the test to judge.
 */
export async function attemptOn(
  terms: Record<string, unknown>,
  payer: Record<string, unknown>,
): Promise<{ session: MerchantSession; started: Awaited<ReturnType<typeof startAttempt>> }> {
  const session = await createSession(terms);
  return { session, started: await startAttempt(session.id, payer) };
}

/** The merchant view of a session. */
export async function getSession(id: string): Promise<MerchantSession> {
  const res = await merchant(`/v1/sessions/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MerchantSession;
}

/** Reads a record until it has `status` (callbacks and alarms run for real meanwhile). */
export function waitForStatus<T extends { status: string }>(
  read: () => Promise<T>,
  status: T['status'],
  timeout: number,
  interval = 100,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const view = await read();
      expect(view.status).toBe(status);
      return view;
    },
    { timeout, interval },
  );
}

/** Waits until the session reaches `status` (callbacks and alarms run for real meanwhile). */
export async function waitForSession(
  id: string,
  status: MerchantSession['status'],
  timeout = 8000,
): Promise<MerchantSession> {
  return waitForStatus(() => getSession(id), status, timeout);
}

/** A callback envelope signed with the dev secret (as the upstream would sign it). */
export function signedCallback(params: Record<string, unknown>, secretKey = 'test-secret') {
  return signEnvelope(params, { clientId: 'test-client', sender: 'Test Shop', secretKey });
}

/** POSTs a callback body to one of the hosted callback URLs (`headers` added, e.g. the
 * sender's `cf-connecting-ip`). */
export function postCallback(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * Asserts that no secret and no full payer phone number appeared in any body seen or any log
 * line printed so far, and no payer's name or ID number in any log line
 * (test/support/secret-sweep.ts).
 */
export function expectNoSecrets(extra: string[] = []): void {
  const texts = [
    ...seenBodies.map((text, i) => ({ source: `response #${i + 1}`, text })),
    ...seenLogs.map((text, i) => ({ source: `log line #${i + 1}`, text })),
  ];
  const leaks = findLeaks(texts, {
    secrets: [...SECRETS, ...extra],
    phones: [...sentPhones],
    personal: [...sentPersonal],
  });
  expect(leaks, formatLeaks(leaks)).toEqual([]);
}

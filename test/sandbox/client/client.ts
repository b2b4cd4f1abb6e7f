// A small independent client of the upstream API, as a merchant would write it from the spec:
// paths, envelopes signed with client/signer.ts, the sandbox's control surface and the
// callback receiver (test/sandbox/callback-receiver.ts, reached through plain fetch()).
import { runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import { env, sandbox } from '../worker';
import { signatureOf } from './signer';

/** The spec's paths (the maker's name is `service`) and the sandbox's payout path. */
export const PATHS = {
  collections: '/api/v4/service-unified-collections',
  processTransaction: '/api/v4/service-unified-process-transaction',
  status: '/api/v3/get-unified-transaction-status',
  linkCreate: '/api/v3/payment-link-api/create',
  linkList: '/api/payment-link-api/list',
  token: '/api/integration/get-token',
  balance: '/api/wallet/get-balance',
  payouts: '/api/v1/sandbox/payouts',
} as const;

/** The sandbox's dev credentials. */
export const CREDENTIALS = { clientId: 'test-client', sender: 'Test Shop', secret: 'test-secret' };

/** The spec's messages. */
export const MESSAGES = {
  collectionRefused:
    'the service user not found or Country was not found or Transaction was not created!',
  notVerified:
    'Entity integration record not found or Client id not matched or Request was not verified.',
  userNotFound: 'User not found!',
  statusNotFound: 'the service user not found or Transaction was not created!',
  linkRefused: 'Payment link was not created.',
  linkNotVerified: 'Entity integration record not found.',
  credentials: 'Credentials were not found.',
};

const BASE = 'http://sandbox.test';

/** The test project's SANDBOX_TIME_SCALE: sandbox milliseconds per real millisecond. */
export const SCALE = Number(env.SANDBOX_TIME_SCALE);

/** An answer of the sandbox. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // The tests read many shapes; `any` keeps assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** Options of a request: the caller IP (`null` = no CF-Connecting-IP header). */
export interface CallOptions {
  ip?: string | null;
  headers?: Record<string, string>;
}

/** Sends a request to the sandbox (the real Worker inside workerd). */
export async function call(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const ip = options.ip === undefined ? '127.0.0.1' : options.ip;
  if (ip !== null) headers['CF-Connecting-IP'] = ip;
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  return answer(
    await sandbox.fetch(`${BASE}${path}`, { method, headers, body: payload, redirect: 'manual' }),
  );
}

/** How to sign an envelope; every field defaults to the dev credentials and a fresh salt/time. */
export interface EnvelopeOptions {
  clientId?: string;
  sender?: string;
  secret?: string;
  timestamp?: number;
  salt?: string;
}

/** A signed envelope around `params`. */
export async function envelope(
  params: Record<string, unknown>,
  options: EnvelopeOptions = {},
): Promise<Record<string, unknown>> {
  const unsigned: Record<string, unknown> = {
    client_id: options.clientId ?? CREDENTIALS.clientId,
    sender: options.sender ?? CREDENTIALS.sender,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    salt: options.salt ?? crypto.randomUUID(),
    // What goes on the wire is signed: JSON drops undefined fields.
    params: JSON.parse(JSON.stringify(params)) as unknown,
  };
  return {
    ...unsigned,
    signature: await signatureOf(unsigned, options.secret ?? CREDENTIALS.secret),
  };
}

/** POSTs a freshly signed envelope. */
export async function signedPost(
  path: string,
  params: Record<string, unknown>,
  options: EnvelopeOptions & CallOptions = {},
): Promise<Answer> {
  return call('POST', path, await envelope(params, options), options);
}

/** A reference nobody used yet. */
export function uniqueRef(prefix = 'ord'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

// ── callback receiver ───────────────────────────────────────────────────────────────────────

/** One callback the receiver got. */
export interface Callback {
  body: Record<string, unknown> & { params: Record<string, unknown>; signature: string };
  answered: number;
  at: number;
  contentType: string | null;
}

/** A fresh receiver bucket and its callback URL (`fail` first calls answered `failStatus`). */
export function receiver(options: { fail?: number; failStatus?: number } = {}) {
  const bucket = crypto.randomUUID();
  const url = new URL(`http://receiver.test/hooks/${bucket}`);
  if (options.fail) url.searchParams.set('fail', String(options.fail));
  if (options.failStatus) url.searchParams.set('fail_status', String(options.failStatus));
  return {
    url: url.toString(),
    /** Every call so far. */
    async calls(): Promise<Callback[]> {
      const response = await fetch(`http://receiver.test/calls/${bucket}`);
      const raw = (await response.json()) as {
        body: string;
        answered: number;
        at: number;
        contentType: string | null;
      }[];
      return raw.map((call) => ({ ...call, body: JSON.parse(call.body) as Callback['body'] }));
    },
    /** Waits until at least `count` calls arrived. */
    async waitFor(count: number, timeout = 5000): Promise<Callback[]> {
      return vi.waitFor(
        async () => {
          const calls = await this.calls();
          expect(calls.length).toBeGreaterThanOrEqual(count);
          return calls;
        },
        { timeout, interval: 20 },
      );
    },
    /**
     * Waits until nothing more can reach this receiver, then answers every call it got: the
     * sandbox's ledger holds no task that could call it (a delivery to its URL, or a timer of a
     * transaction that calls back to it). A "nothing more arrives" assertion on it is exact.
     */
    async settled(timeout = 10_000): Promise<Callback[]> {
      await vi.waitFor(
        async () => {
          const left = await runInDurableObject(ledgerObject(), (_instance, state) =>
            state.storage.sql
              .exec(
                `SELECT t.kind AS kind FROM tasks t
                 LEFT JOIN deliveries d ON d.id = t.delivery_id
                 LEFT JOIN transactions x ON x.ref = t.ref
                 WHERE d.url = ? OR (t.kind <> 'deliver' AND x.callback_url = ?)`,
                url.toString(),
                url.toString(),
              )
              .toArray()
              .map((row) => String(row.kind)),
          );
          expect(left, 'sandbox tasks that may still call this receiver').toEqual([]);
        },
        { timeout, interval: 20 },
      );
      return this.calls();
    },
  };
}

/** The sandbox's ledger Durable Object (its tasks and deliveries). */
function ledgerObject() {
  return env.LEDGER.get(env.LEDGER.idFromName('ledger'));
}

/**
 * Waits `ms` real milliseconds. Only where the sandbox's own clock is what is under test (its
 * time scale makes sandbox minutes real fractions of a second: timers, late settlements); never
 * to show that nothing more arrives (`receiver().settled()` does that).
 */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ── control surface ─────────────────────────────────────────────────────────────────────────

/** The control view of one transaction. */
export async function controlTransaction(ref: string) {
  const got = await call('GET', `/control/transactions/${ref}`);
  expect(got.status).toBe(200);
  return got.body.transaction;
}

/** A status query (signed). */
export function statusQuery(
  id: string,
  type: 'payin' | 'payout',
  options: EnvelopeOptions & CallOptions = {},
) {
  return signedPost(PATHS.status, { id, type }, options);
}

/** Waits until a status query of `id` answers the wanted status code. */
export async function waitForStatus(
  id: string,
  type: 'payin' | 'payout',
  statusCode: string,
  timeout = 5000,
) {
  return vi.waitFor(
    async () => {
      const got = await statusQuery(id, type);
      expect(got.body?.data?.status_code).toBe(statusCode);
      return got;
    },
    { timeout, interval: 20 },
  );
}

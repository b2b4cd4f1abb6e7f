// Shared setup of the merchant-key suites (merchant-keys.test.ts, merchant-keys-rotation.test.ts):
// keys of each scope, an env with them, one request through the Worker's fetch handler.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, expect, vi } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/dev-worker';
import { BASE, expectNoSecrets, seenBodies } from '../helpers';

/** A development key (`uc_test_`) of `id` with a 256-bit random secret. */
export function testKey(id: string, mode: 'test' | 'live' = 'test'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `uc_${mode}_${id}_${secret}`;
}

/** A production key (`uc_live_`) of `id` with a 256-bit random secret. */
export const liveKey = (id: string) => testKey(id, 'live');

export const FULL = testKey('full1');

export const READ = testKey('ro1');

export const CHECKOUT = testKey('co1');

export const OLD = testKey('old1');

export const NEW = testKey('new1');

/** A sound production key of scope `read`: what reads GET /v1/diagnostics outside development
 * mode, where a flawed key or a development credential is refused. */
export const OPS = liveKey('ops1');

export type Entry = { key: string; scope: 'full' | 'read' | 'checkout'; expires_at?: string };

export const keysEnv = (entries: Entry[]): Partial<ProxyEnv> => ({
  MERCHANT_API_KEYS: JSON.stringify(entries),
});

/** {@link OPS} in MERCHANT_API_KEYS, after `entries`. */
export const withOps = (entries: Entry[] = []) =>
  keysEnv([...entries, { key: OPS, scope: 'read' }]);

export type Answer = {
  status: number;
  headers: Headers;
  json: {
    id?: string;
    key_id?: string;
    error?: { code: string; message: string };
    [name: string]: unknown;
  };
};

export async function send(
  overrides: Partial<ProxyEnv>,
  path: string,
  init: RequestInit & { key?: string } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.key !== undefined) headers.set('authorization', `Bearer ${init.key}`);
  if (init.body) headers.set('content-type', 'application/json');
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(BASE + path, { ...init, headers }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  let json: Answer['json'] = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  return { status: res.status, headers: res.headers, json };
}

export const post = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: extra,
});

/** The id today's main derived from the merchant key: SHA-256(key ‖ 0 ‖ Idempotency-Key). */
export async function secretDerivedId(secret: string, idempotencyKey: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(`${secret}\u0000${idempotencyKey}`),
    ),
  );
  let out = '';
  for (let i = 0; i < 26; i++) out += 'abcdefghijklmnopqrstuvwxyz234567'[digest[i]! % 32];
  return `cs_${out}`;
}

/** The body of the webhook `id` the dev receiver got, once it came. */
export function deliveredBody(id: string) {
  return vi.waitFor(async () => {
    const hooks = (await devInbox(env)!.listWebhooks()) as unknown as {
      body: { id: string; data: { request?: unknown } };
    }[];
    const hook = hooks.find((h) => h.body.id === id);
    expect(hook).toBeDefined();
    return hook!.body;
  });
}

export const LIVE = {
  SERVICE_SECRET_KEY: 'live-secret-0123456789',
  MERCHANT_API_KEY: 'live-merchant-key-0123456789abcdefgh',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  SERVICE_BASE_URL: 'https://sandbox.internal',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
};

/** Registers a merchant-keys file's last check: none of its keys, nor the live settings'
 * secrets, in any response body or log line. */
export function noKeysLeaked(): void {
  afterAll(() =>
    expectNoSecrets([
      FULL,
      READ,
      CHECKOUT,
      OLD,
      NEW,
      OPS,
      LIVE.SERVICE_SECRET_KEY,
      LIVE.MERCHANT_API_KEY,
      LIVE.MERCHANT_WEBHOOK_SECRET,
    ]),
  );
}

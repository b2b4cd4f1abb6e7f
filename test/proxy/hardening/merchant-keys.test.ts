// Issue #24: session ids carry no secret, idempotency lives in a store, merchant keys have ids,
// scopes, expiry and rotation, failed authentications are rate limited, and the development
// credentials are refused outside development mode. Each case calls the Worker's own fetch
// handler with the suite's env changed as a deployment with those settings would run.
import {
  createExecutionContext,
  runDurableObjectAlarm,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import type { ProxyEnv } from '../../../worker/env';
import { idempotencyStub } from '../../../worker/idempotency/claim';
import worker from '../../../worker/dev-worker';
import { addressBucket } from '../../../worker/middleware/address-bucket';
import { estimateBits } from '../../../worker/keys/entropy';
import {
  BASE,
  expectNoSecrets,
  ref,
  seenBodies,
  seenLogs,
  startAttempt,
  waitForSession,
} from '../helpers';
import { configProblems, expectBareConfigInvalid } from './config-detail';
import { clearFaults, injectFault } from '../hostile/support';
import { waitForPayout } from '../money/support';

/** A development key (`uc_test_`) of `id` with a 256-bit random secret. */
function testKey(id: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `uc_test_${id}_${secret}`;
}

const FULL = testKey('full1');
const READ = testKey('ro1');
const CHECKOUT = testKey('co1');
const OLD = testKey('old1');
const NEW = testKey('new1');

type Entry = { key: string; scope: 'full' | 'read' | 'checkout'; expires_at?: string };
const keysEnv = (entries: Entry[]): Partial<ProxyEnv> => ({
  MERCHANT_API_KEYS: JSON.stringify(entries),
});

type Answer = {
  status: number;
  headers: Headers;
  json: {
    id?: string;
    key_id?: string;
    error?: { code: string; message: string };
    [name: string]: unknown;
  };
};

async function send(
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

const post = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: extra,
});

/** The id today's main derived from the merchant key: SHA-256(key ‖ 0 ‖ Idempotency-Key). */
async function secretDerivedId(secret: string, idempotencyKey: string): Promise<string> {
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

afterAll(() =>
  expectNoSecrets([
    FULL,
    READ,
    CHECKOUT,
    OLD,
    NEW,
    LIVE.SERVICE_SECRET_KEY,
    LIVE.MERCHANT_API_KEY,
    LIVE.MERCHANT_WEBHOOK_SECRET,
  ]),
);

describe('session ids', () => {
  it('are random: never a function of a merchant secret, and a replay finds its id in the store', async () => {
    const body = { amount: 300, currency: 'KES', reference: ref('ids') };
    const key = `idem-${body.reference}`;
    const first = await send({}, '/v1/sessions', {
      ...post(body, { 'idempotency-key': key }),
      key: env.MERCHANT_API_KEY,
    });
    expect(first.status).toBe(201);
    expect(first.json.id).not.toBe(await secretDerivedId(env.MERCHANT_API_KEY, key));
    // Same Idempotency-Key under another key configuration (the key rotated): the same session.
    const rotated = await send(keysEnv([{ key: NEW, scope: 'full' }]), '/v1/sessions', {
      ...post(body, { 'idempotency-key': key }),
      key: NEW,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.id).toBe(first.json.id);
    // The same terms under another Idempotency-Key: a new random id.
    const other = await send({}, '/v1/sessions', {
      ...post({ ...body, reference: ref('ids') }, { 'idempotency-key': `${key}-2` }),
      key: env.MERCHANT_API_KEY,
    });
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
    expect(other.json.id).not.toBe(await secretDerivedId(env.MERCHANT_API_KEY, `${key}-2`));
  });
});

describe('Idempotency-Key', () => {
  it('sessions: the same key with another body is 409 IDEMPOTENCY_MISMATCH', async () => {
    const body = { amount: 300, currency: 'KES', reference: ref('idem') };
    const headers = { 'idempotency-key': `idem-${body.reference}` };
    const a = await send({}, '/v1/sessions', { ...post(body, headers), key: env.MERCHANT_API_KEY });
    const b = await send({}, '/v1/sessions', { ...post(body, headers), key: env.MERCHANT_API_KEY });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.json.id).toBe(a.json.id);
    const c = await send({}, '/v1/sessions', {
      ...post({ ...body, amount: 301 }, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(c.status).toBe(409);
    expect(c.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('a key is forgotten after its retention (30 days): then it starts afresh', async () => {
    const body = { amount: 300, currency: 'KES', reference: ref('idem') };
    const key = `idem-${body.reference}`;
    const headers = { 'idempotency-key': key };
    const a = await send({}, '/v1/sessions', { ...post(body, headers), key: env.MERCHANT_API_KEY });
    expect(a.status).toBe(201);
    expect(await runDurableObjectAlarm(idempotencyStub(env, 'sessions', key))).toBe(true);
    const b = await send({}, '/v1/sessions', {
      ...post({ ...body, amount: 301 }, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(b.status).toBe(201);
    expect(b.json.id).not.toBe(a.json.id);
  });

  it('payouts: the same key with a new reference is 409, and no second payout is made', async () => {
    const payout = (reference: string) => ({
      amount: 2500,
      currency: 'UGX',
      mobile: '256772111000',
      payment_method_type: 'mtn',
      reference,
    });
    const headers = { 'idempotency-key': `idem-${ref('po')}` };
    const first = payout(ref('po'));
    const a = await send({}, '/v1/payouts', { ...post(first, headers), key: env.MERCHANT_API_KEY });
    expect(a.status).toBe(201);
    const again = await send({}, '/v1/payouts', {
      ...post(first, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(again.status).toBe(200);
    const second = payout(ref('po'));
    const b = await send({}, '/v1/payouts', {
      ...post(second, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(b.status).toBe(409);
    expect(b.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
    const read = await send({}, `/v1/payouts/${second.reference}`, { key: env.MERCHANT_API_KEY });
    expect(read.status).toBe(404);
  });

  it('payment links: a replay answers the first link (200), another body is 409', async () => {
    const link = {
      business_name: 'Corner Shop',
      item_name: `Poster ${ref('pl')}`,
      currency: 'KES',
      amount: 1200,
      country_id: 1,
    };
    const headers = { 'idempotency-key': `idem-${ref('pl')}` };
    const a = await send({}, '/v1/payment-links', {
      ...post(link, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(a.status).toBe(201);
    const b = await send({}, '/v1/payment-links', {
      ...post(link, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    const c = await send({}, '/v1/payment-links', {
      ...post({ ...link, amount: 1300 }, headers),
      key: env.MERCHANT_API_KEY,
    });
    expect(c.status).toBe(409);
    expect(c.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('Idempotency-Key against an unkind upstream', () => {
  it('payment links: a create whose outcome is unknown is never sent again under its key', async () => {
    // The sandbox answers after the proxy's timeout (1.5 s here): the link may exist or not.
    await injectFault('payment-link-create', 'delay', 1, 2500);
    try {
      const link = {
        business_name: 'Corner Shop',
        item_name: `Poster ${ref('pl')}`,
        currency: 'KES',
        amount: 1200,
        country_id: 1,
      };
      const headers = { 'idempotency-key': `idem-${ref('pl')}` };
      const a = await send({}, '/v1/payment-links', {
        ...post(link, headers),
        key: env.MERCHANT_API_KEY,
      });
      expect(a.json.error?.code).toBe('UPSTREAM_TIMEOUT');
      const b = await send({}, '/v1/payment-links', {
        ...post(link, headers),
        key: env.MERCHANT_API_KEY,
      });
      expect(b.status).toBe(409);
      expect(b.json.error?.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    } finally {
      await clearFaults();
    }
  });
});

describe('key scopes', () => {
  const scoped = keysEnv([
    { key: FULL, scope: 'full' },
    { key: READ, scope: 'read' },
    { key: CHECKOUT, scope: 'checkout' },
  ]);
  const session = { amount: 300, currency: 'KES', reference: 'scope-test' };
  const payout = {
    amount: 2500,
    currency: 'UGX',
    mobile: '256772111000',
    payment_method_type: 'mtn',
  };

  it('read: GET only', async () => {
    const created = await send(scoped, '/v1/sessions', {
      ...post({ ...session, reference: ref('sc') }),
      key: FULL,
    });
    expect(created.status).toBe(201);
    expect((await send(scoped, `/v1/sessions/${created.json.id}`, { key: READ })).status).toBe(200);
    expect((await send(scoped, '/v1/payouts/none-such', { key: READ })).status).toBe(404);
    for (const [path, body] of [
      ['/v1/sessions', { ...session, reference: ref('sc') }],
      ['/v1/payouts', { ...payout, reference: ref('sc') }],
      ['/v1/admin/reindex', { namespace: 'sessions', names: [] }],
      [`/v1/sessions/${created.json.id}/reconcile`, {}],
      [`/v1/sessions/${created.json.id}/expire`, {}],
      [`/v1/sessions/${created.json.id}/refunds`, {}],
    ] as const) {
      const res = await send(scoped, path, { ...post(body), key: READ });
      expect(res.status, path).toBe(403);
      expect(res.json.error?.code).toBe('FORBIDDEN');
    }
  });

  it('checkout: creates and reads sessions, nothing else', async () => {
    const created = await send(scoped, '/v1/sessions', {
      ...post({ ...session, reference: ref('sc') }),
      key: CHECKOUT,
    });
    expect(created.status).toBe(201);
    expect((await send(scoped, `/v1/sessions/${created.json.id}`, { key: CHECKOUT })).status).toBe(
      200,
    );
    for (const [method, path, body] of [
      ['POST', '/v1/payouts', { ...payout, reference: ref('sc') }],
      ['GET', '/v1/payouts/none-such', null],
      ['POST', '/v1/payment-links', { amount: 1 }],
      ['GET', '/v1/balance', null],
      ['GET', '/v1/events', null],
      ['POST', '/v1/admin/reindex', { namespace: 'sessions', names: [] }],
      ['POST', `/v1/sessions/${created.json.id}/reconcile`, {}],
      ['POST', `/v1/sessions/${created.json.id}/expire`, {}],
      ['POST', `/v1/sessions/${created.json.id}/refunds`, {}],
      ['GET', '/v1/refunds', null],
      ['GET', '/v1/diagnostics', null],
    ] as const) {
      const init = body === null ? { method } : { ...post(body), method };
      const res = await send(scoped, path, { ...init, key: CHECKOUT });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error?.code).toBe('FORBIDDEN');
    }
  });

  it('full: everything; the key id is named in the log line and in diagnostics', async () => {
    const reindex = await send(scoped, '/v1/admin/reindex', {
      ...post({ namespace: 'sessions', names: [] }),
      key: FULL,
    });
    expect(reindex.status).toBe(200);
    expect((await send(scoped, '/v1/balance', { key: READ })).status).toBe(200); // a GET
    await send(scoped, '/v1/payouts', { ...post({ ...payout, reference: ref('sc') }), key: READ });
    expect(
      seenLogs.some((line) => line.includes('"status":403') && line.includes('"key_id":"ro1"')),
    ).toBe(true);
    const diagnostics = await send(scoped, '/v1/diagnostics', { key: READ });
    expect(diagnostics.json.key_id).toBe('ro1');
  });
});

/** The body of the webhook `id` the dev receiver got, once it came. */
function deliveredBody(id: string) {
  return vi.waitFor(async () => {
    const hooks = (await devInbox(env)!.listWebhooks()) as unknown as {
      body: { id: string; data: { request?: unknown } };
    }[];
    const hook = hooks.find((h) => h.body.id === id);
    expect(hook).toBeDefined();
    return hook!.body;
  });
}

describe('webhooks', () => {
  it('name the request that created the session and the key id that acted', async () => {
    const scoped = keysEnv([{ key: CHECKOUT, scope: 'checkout' }]);
    const created = await send(scoped, '/v1/sessions', {
      ...post({ amount: 1500, currency: 'KES', reference: ref('cs-key') }),
      key: CHECKOUT,
    });
    expect(created.status).toBe(201);
    const id = created.json.id!;
    const attempt = { country_id: 1, method: 'send money', mobile: '254712345000' };
    expect((await startAttempt(id, attempt)).status).toBe(201);
    await waitForSession(id, 'succeeded');
    const body = await deliveredBody(`evt_${id}_succeeded`);
    expect(body.data.request).toEqual({
      request_id: created.headers.get('x-request-id'),
      key_id: 'co1',
    });
  });

  it('name the request that created the payout and the key id that acted', async () => {
    const scoped = keysEnv([{ key: FULL, scope: 'full' }]);
    const reference = ref('po-key');
    const created = await send(scoped, '/v1/payouts', {
      ...post({
        amount: 2500,
        currency: 'UGX',
        mobile: '256772111000',
        payment_method_type: 'mtn',
        reference,
      }),
      key: FULL,
    });
    expect(created.status).toBe(201);
    await waitForPayout(reference, 'succeeded');
    const body = await deliveredBody(`evt_${reference}_succeeded`);
    expect(body.data.request).toEqual({
      request_id: created.headers.get('x-request-id'),
      key_id: 'full1',
    });
  });
});

describe('rotation', () => {
  it('two keys work during the overlap; the old one fails once expired or removed', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    const overlap = keysEnv([
      { key: OLD, scope: 'full', expires_at: later },
      { key: NEW, scope: 'full' },
    ]);
    const id = (
      await send(overlap, '/v1/sessions', {
        ...post({ amount: 300, currency: 'KES', reference: ref('rot') }),
        key: OLD,
      })
    ).json.id;
    for (const key of [OLD, NEW]) {
      expect((await send(overlap, `/v1/sessions/${id}`, { key })).status).toBe(200);
    }
    const expired = keysEnv([
      { key: OLD, scope: 'full', expires_at: past },
      { key: NEW, scope: 'full' },
    ]);
    const old = await send(expired, `/v1/sessions/${id}`, { key: OLD });
    expect(old.status).toBe(401);
    expect(old.json.error?.message).toMatch(/old1\) has expired/);
    expect((await send(expired, `/v1/sessions/${id}`, { key: NEW })).status).toBe(200);
    const removed = keysEnv([{ key: NEW, scope: 'full' }]);
    expect((await send(removed, `/v1/sessions/${id}`, { key: OLD })).status).toBe(401);
    expect((await send(removed, `/v1/sessions/${id}`, { key: NEW })).status).toBe(200);
  });
});

describe('failed authentications', () => {
  it('are rate limited per client address, IPv6 by /64', async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const wrong = (address: string) =>
      send({}, '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        key: 'uc_test_zz_wrongwrongwrongwrong',
        headers: { 'cf-connecting-ip': address },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await wrong(`${prefix}::${i + 1}`);
      statuses.push(answer.status);
      if (i === 0) {
        // A counted failure: the limit's policy, no remaining count (the binding has none).
        expect(answer.headers.get('ratelimit-limit')).toBe('10');
        expect(answer.headers.get('ratelimit-reset')).toBe('60');
        expect(answer.headers.get('ratelimit-remaining')).toBeNull();
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await wrong(`${prefix}:ffff:ffff:ffff:ffff`);
    expect(limited.status).toBe(429);
    expect(limited.json.error?.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('ratelimit-limit')).toBe('10');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-reset')).toBe('60');
    // Another /64 is its own bucket.
    expect(
      (await wrong(`2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1`)).status,
    ).toBe(401);
  });

  it('bucket IPv6 addresses by /64', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });
});

const LIVE = {
  SERVICE_SECRET_KEY: 'live-secret-0123456789',
  MERCHANT_API_KEY: 'live-merchant-key-0123456789abcdefgh',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  SERVICE_BASE_URL: 'https://sandbox.internal',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
};

describe('development credentials and mode', () => {
  const probe = (overrides: Partial<ProxyEnv>, key = LIVE.MERCHANT_API_KEY) =>
    send(
      { DEV_MODE: undefined, ...LIVE, ...overrides },
      '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      {
        key,
      },
    );

  it('a live configuration runs (404: no such session)', async () => {
    expect((await probe({})).status).toBe(404);
  });

  it('each development secret answers CONFIG_INVALID outside development mode', async () => {
    for (const name of [
      'SERVICE_SECRET_KEY',
      'MERCHANT_API_KEY',
      'MERCHANT_WEBHOOK_SECRET',
    ] as const) {
      const res = await probe(
        { [name]: env[name] },
        name === 'MERCHANT_API_KEY' ? env[name] : undefined,
      );
      expect(res.status, name).toBe(500);
      expectBareConfigInvalid(res.json);
      // The detail is the operator's, at GET /v1/diagnostics (a live key reads it).
      expect(
        await configProblems(
          { DEV_MODE: undefined, ...LIVE, [name]: env[name] },
          name === 'MERCHANT_API_KEY' ? env[name] : LIVE.MERCHANT_API_KEY,
        ),
      ).toContain(`${name} holds a development credential`);
    }
  });

  it('DEV_MODE with the development secrets on a public PUBLIC_BASE_URL: no dev routes, CONFIG_INVALID', async () => {
    const publicDev = {
      DEV_MODE: '1',
      SERVICE_SECRET_KEY: env.SERVICE_SECRET_KEY,
      MERCHANT_API_KEY: env.MERCHANT_API_KEY,
      MERCHANT_WEBHOOK_SECRET: env.MERCHANT_WEBHOOK_SECRET,
    };
    const dev = await send(
      { ...LIVE, ...publicDev },
      '/dev/sessions',
      post({ amount: 1000, currency: 'KES', reference: ref('dev') }),
    );
    expect(dev.status).toBe(404);
    expect((await send({ ...LIVE, ...publicDev }, '/sandbox/health')).status).toBe(404);
    const res = await probe(publicDev, env.MERCHANT_API_KEY);
    expect(res.json.error?.code).toBe('CONFIG_INVALID');
  });

  it('keys under 128 bits are refused outside development mode', async () => {
    const weak = await probe({ MERCHANT_API_KEY: 'short-key-12345' }, 'short-key-12345');
    expectBareConfigInvalid(weak.json);
    expect(
      await configProblems(
        { DEV_MODE: undefined, ...LIVE, MERCHANT_API_KEY: 'short-key-12345' },
        'short-key-12345',
      ),
    ).toMatch(/at least 128 are needed/);
    const hex128 = `uc_live_k1_${'0123456789abcdef'.repeat(2)}`;
    expect(estimateBits('0123456789abcdef'.repeat(2))).toBe(128);
    const ok = await probe(keysEnv([{ key: hex128, scope: 'full' }]), hex128);
    expect(ok.status).toBe(404);
    const testKeyInProduction = await probe(keysEnv([{ key: FULL, scope: 'full' }]), FULL);
    expect(testKeyInProduction.json.error?.code).toBe('CONFIG_INVALID');
  });
});

// Continued (merchant-keys.test.ts): merchant keys' webhooks, expiry and rotation,
// failed authentications rate limited, and the development credentials refused outside
// development mode. Each case calls the Worker's own fetch handler with the suite's env changed
// as a deployment with those settings would run.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import { addressBucket } from '../../../worker/middleware/address-bucket';
import { estimateBits } from '../../../worker/keys/entropy';
import { ref, startAttempt, waitForSession } from '../helpers';
import { configProblems, expectBareConfigInvalid } from '../deployment/config-detail';
import { waitForPayout } from '../money';
import {
  FULL,
  CHECKOUT,
  OLD,
  NEW,
  keysEnv,
  send,
  post,
  deliveredBody,
  LIVE,
  noKeysLeaked,
  OPS,
  withOps,
} from './support';

noKeysLeaked();

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
      // The detail is the operator's, at GET /v1/diagnostics (a sound live key reads it).
      expect(
        await configProblems(
          { DEV_MODE: undefined, ...LIVE, ...withOps(), [name]: env[name] },
          OPS,
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
        { DEV_MODE: undefined, ...LIVE, ...withOps(), MERCHANT_API_KEY: 'short-key-12345' },
        OPS,
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

// Session ids carry no secret, idempotency lives in a store, and merchant keys have
// ids and scopes (webhooks, rotation, failed authentications and the development credentials:
// merchant-keys-rotation.test.ts; shared setup: support.ts). Each case calls the
// Worker's own fetch handler with the suite's env changed as a deployment with those settings
// would run.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { idempotencyStub } from '../../../worker/idempotency/claim';
import { ref, seenLogs } from '../helpers';
import { clearFaults, injectFault } from '../hostile';
import {
  FULL,
  READ,
  CHECKOUT,
  NEW,
  keysEnv,
  send,
  post,
  secretDerivedId,
  noKeysLeaked,
} from './support';

/** A payment-link body with a fresh item name, and a fresh Idempotency-Key to send it under. */
function keyedLink() {
  const link = {
    business_name: 'Corner Shop',
    item_name: `Poster ${ref('pl')}`,
    currency: 'KES',
    amount: 1200,
    country_id: 1,
  };
  return { link, headers: { 'idempotency-key': `idem-${ref('pl')}` } };
}

/** POST /v1/payment-links with the default key. */
const postLink = (link: Record<string, unknown>, headers: Record<string, string>) =>
  send({}, '/v1/payment-links', { ...post(link, headers), key: env.MERCHANT_API_KEY });

noKeysLeaked();

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
    const { link, headers } = keyedLink();
    const a = await postLink(link, headers);
    expect(a.status).toBe(201);
    const b = await postLink(link, headers);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    const c = await postLink({ ...link, amount: 1300 }, headers);
    expect(c.status).toBe(409);
    expect(c.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('Idempotency-Key against an unkind upstream', () => {
  it('payment links: a create whose outcome is unknown is never sent again under its key', async () => {
    // The sandbox answers after the proxy's timeout (1.5 s here): the link may exist or not.
    await injectFault('payment-link-create', 'delay', 1, 2500);
    try {
      const { link, headers } = keyedLink();
      const a = await postLink(link, headers);
      expect(a.json.error?.code).toBe('UPSTREAM_TIMEOUT');
      const b = await postLink(link, headers);
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

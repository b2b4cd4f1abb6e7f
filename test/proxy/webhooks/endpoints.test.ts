// Webhook endpoints. Each endpoint receives exactly the events its filters
// select (wildcards, exact names, `*`, a sub-merchant), signed with its own secret (checked with
// the official `standardwebhooks` verifier); a roll signs with both secrets until the old one
// expires (replays, delivery and the deliveries log: endpoint-deliveries.test.ts). Real objects,
// real D1, real HTTP to the proxy's receiver; time moves by rewriting the stored clocks, never
// by sleeping.
import {
  createExecutionContext,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import worker from '../../../worker/index';
import { endpointUrlProblem } from '../../../worker/webhook-endpoints/endpoint-url';
import { matchesEventType } from '../../../worker/webhook-endpoints/event-filter';
import { merchant, ref, waitForSession, KENYA_PAYER, attemptOn } from '../helpers';
import { drainSession } from '../sessions/support';
import {
  createEndpoint,
  emit,
  eventId,
  givenSecrets,
  receivedBy,
  receiver,
  registryStub,
  scratchObject,
  sent,
  signaturesOf,
  SUB,
  endpointFileHooks,
} from './support';

endpointFileHooks();

describe('event filters', () => {
  it('match wildcards, exact names and "*", for types the code never heard of', () => {
    expect(matchesEventType(['checkout.*'], 'checkout.expired')).toBe(true);
    expect(matchesEventType(['checkout.*'], 'checkouts.x')).toBe(false);
    expect(matchesEventType(['refund.*'], 'refund.succeeded')).toBe(true);
    expect(matchesEventType(['payout.succeeded'], 'payout.failed')).toBe(false);
    expect(matchesEventType(['*'], 'anything.new')).toBe(true);
  });

  it('three endpoints each receive exactly their events, each verified with its own secret; endpoint zero gets every one', async () => {
    const checkout = await createEndpoint({
      url: receiver('checkout'),
      enabled_events: ['checkout.*'],
      description: 'shop',
    });
    const money = await createEndpoint({
      url: receiver('money'),
      enabled_events: ['payout.succeeded', 'refund.*'],
      description: 'ERP',
    });
    const sub = await createEndpoint({
      url: receiver('sub'),
      enabled_events: ['*'],
      sub_merchant_id: SUB,
      description: 'one sub-merchant',
    });
    const events = [
      { id: eventId('a'), type: 'checkout.succeeded', data: { sub_merchant_id: SUB } },
      { id: eventId('b'), type: 'checkout.failed' },
      { id: eventId('c'), type: 'payout.succeeded' },
      { id: eventId('d'), type: 'payout.failed' },
      { id: eventId('e'), type: 'refund.succeeded', data: { sub_merchant_id: SUB } },
      { id: eventId('f'), type: 'payment_link.paid' },
    ];
    await emit(scratchObject(), events);
    const ids = (...keys: number[]) => keys.map((k) => events[k]!.id).sort();
    const got = (e: { url: string; secret: string }) =>
      receivedBy(e.url, e.secret)
        .map((w) => w.id)
        .sort();
    expect(got(checkout)).toEqual(ids(0, 1));
    expect(got(money)).toEqual(ids(2, 4));
    expect(got(sub)).toEqual(ids(0, 4));
    // Another endpoint's secret does not verify.
    expect(() => receivedBy(checkout.url, money.secret)).toThrow();
    // Endpoint zero (MERCHANT_WEBHOOK_URL, the dev inbox) still gets every event, verified.
    const inbox = (await devInbox(env)!.listWebhooks()) as unknown as {
      verified: boolean;
      body: { id: string } | null;
    }[];
    const zero = inbox.filter((w) => events.some((e) => e.id === w.body?.id));
    expect(zero.map((w) => w.body!.id).sort()).toEqual(ids(0, 1, 2, 3, 4, 5));
    expect(zero.every((w) => w.verified)).toBe(true);
  });
});

describe('a payment through the sandbox', () => {
  it('reaches the endpoint whose filter takes checkout.succeeded, and not the others', async () => {
    const shop = await createEndpoint({
      url: receiver('paid'),
      enabled_events: ['checkout.succeeded'],
    });
    const erp = await createEndpoint({ url: receiver('payouts'), enabled_events: ['payout.*'] });
    const { session, started } = await attemptOn(
      { amount: 1500, currency: 'KES', reference: ref('we') },
      KENYA_PAYER,
    );
    expect(started.status).toBe(201);
    await waitForSession(session.id, 'succeeded');
    await drainSession(session.id);
    const got = receivedBy(shop.url, shop.secret);
    expect(got.map((w) => w.type)).toEqual(['checkout.succeeded']);
    expect(JSON.parse(sent.find((s) => s.id === got[0]!.id)!.body)).toMatchObject({
      data: { session_id: session.id },
    });
    expect(receivedBy(erp.url, erp.secret)).toEqual([]);
  });
});

describe('the merchant API', () => {
  it('shows the secret once (creation), never in a read, a list or an update', async () => {
    const created = await createEndpoint({ url: receiver('once'), enabled_events: ['*'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const reads = [
      await merchant(`/v1/webhook-endpoints/${created.id}`),
      await merchant('/v1/webhook-endpoints'),
      await merchant(`/v1/webhook-endpoints/${created.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ description: 'renamed' }),
      }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(created.secret);
      expect(text).not.toContain('"secret"');
    }
  });

  it('refuses bad input with 400 in the error shape and changes nothing', async () => {
    const created = await createEndpoint({ url: receiver('bad'), enabled_events: ['*'] });
    const before = await (await merchant(`/v1/webhook-endpoints/${created.id}`)).json();
    const bad: [string, string, unknown][] = [
      ['POST', '/v1/webhook-endpoints', { url: 'ftp://x.example/h', enabled_events: ['*'] }],
      ['POST', '/v1/webhook-endpoints', { url: receiver('x'), enabled_events: [] }],
      ['POST', '/v1/webhook-endpoints', { url: receiver('x'), enabled_events: ['checkout'] }],
      ['POST', '/v1/webhook-endpoints', { url: receiver('x'), enabled_events: ['*'], x: 1 }],
      ['POST', '/v1/webhook-endpoints', { enabled_events: ['*'] }],
      ['PATCH', `/v1/webhook-endpoints/${created.id}`, { url: 'not a url' }],
      ['PATCH', `/v1/webhook-endpoints/${created.id}`, { status: 'paused' }],
      ['POST', `/v1/webhook-endpoints/${created.id}/roll-secret`, { expires_in: -1 }],
      ['POST', `/v1/webhook-endpoints/${created.id}/roll-secret`, { expires_in: 31 * 86_400 }],
      [
        'POST',
        `/v1/webhook-endpoints/${created.id}/replay`,
        { from: '2026-11-25T10:00:00Z', to: '2026-11-25T09:00:00Z' },
      ],
      ['POST', `/v1/webhook-endpoints/${created.id}/replay`, { from: 'yesterday', to: 'now' }],
    ];
    for (const [method, path, body] of bad) {
      const res = await merchant(path, { method, body: JSON.stringify(body) });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    const list = (await (await merchant('/v1/webhook-endpoints')).json()) as { data: unknown[] };
    expect(list.data).toEqual([before]);
    for (const path of ['/v1/webhook-endpoints/we_nope', '/v1/webhook-endpoints/x/deliveries']) {
      const res = await merchant(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('lets a read key list and read (addresses without their query), and refuses it every write', async () => {
    const created = await createEndpoint({ url: receiver('scopes'), enabled_events: ['*'] });
    const read = `uc_test_ro9_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/[+/=]/g, 'x')}`;
    const scoped = { ...env, MERCHANT_API_KEYS: JSON.stringify([{ key: read, scope: 'read' }]) };
    const answer = async (method: string, path: string, body?: unknown) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch!(
        new Request(`http://127.0.0.1:8787${path}`, {
          method,
          headers: { authorization: `Bearer ${read}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }) as Request<unknown, IncomingRequestCfProperties>,
        scoped,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await answer(method, path, body);
      await res.body?.cancel();
      return res.status;
    };
    // Origin and path only: the query often carries the receiver's token.
    const token = `token=${crypto.randomUUID()}`;
    await merchant(`/v1/webhook-endpoints/${created.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ url: `${created.url}&${token}` }),
    });
    const origin = new URL(created.url);
    const bare = `${origin.origin}${origin.pathname}`;
    const one = (await (await answer('GET', `/v1/webhook-endpoints/${created.id}`)).json()) as {
      url: string;
    };
    const all = (await (await answer('GET', '/v1/webhook-endpoints')).json()) as {
      data: { url: string }[];
    };
    expect([one.url, ...all.data.map((e) => e.url)]).toEqual([bare, bare]);
    const full = (await (await merchant(`/v1/webhook-endpoints/${created.id}`)).json()) as {
      url: string;
    };
    expect(full.url).toContain(token);
    expect(await send('GET', '/v1/webhook-endpoints')).toBe(200);
    expect(await send('GET', `/v1/webhook-endpoints/${created.id}/deliveries`)).toBe(200);
    const path = `/v1/webhook-endpoints/${created.id}`;
    expect(
      await send('POST', '/v1/webhook-endpoints', { url: receiver('r'), enabled_events: ['*'] }),
    ).toBe(403);
    expect(await send('PATCH', path, { description: 'x' })).toBe(403);
    expect(await send('POST', `${path}/roll-secret`, {})).toBe(403);
    expect(
      await send('POST', `${path}/replay`, {
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-02T00:00:00Z',
      }),
    ).toBe(403);
    expect(await send('DELETE', path)).toBe(403);
  });

  it('needs https outside development (the rest of the address rule: endpoint-addresses.test.ts)', async () => {
    const rules = (devMode: boolean) => ({ devMode, allowedPorts: new Set<number>() });
    expect(endpointUrlProblem('http://shop.example/hooks', rules(false))).toMatch(/must be https/);
    expect(endpointUrlProblem('https://shop.example/hooks', rules(false))).toBeNull();
    expect(endpointUrlProblem('https://user:pw@shop.example/hooks', rules(false))).not.toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:8787/dev/webhooks', rules(true))).toBeNull();
  });
});

describe('roll-secret', () => {
  it('signs with the old and the new secret until the old one expires, then with the new one only', async () => {
    const endpoint = await createEndpoint({ url: receiver('roll'), enabled_events: ['*'] });
    const res = await merchant(`/v1/webhook-endpoints/${endpoint.id}/roll-secret`, {
      method: 'POST',
      body: JSON.stringify({ expires_in: 3600 }),
    });
    expect(res.status).toBe(200);
    const rolled = (await res.json()) as { secret: string; previous_secret_expires_at: string };
    givenSecrets.push(rolled.secret);
    expect(rolled.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rolled.previous_secret_expires_at)).toBeGreaterThan(Date.now());

    const during = eventId('during');
    await emit(scratchObject(), [{ id: during, type: 'checkout.succeeded' }], { zero: false });
    const overlap = sent.filter((s) => s.id === during);
    expect(overlap).toHaveLength(1);
    expect(signaturesOf(overlap[0]!)).toHaveLength(2);
    // A backend holding either secret verifies it.
    expect(receivedBy(endpoint.url, endpoint.secret).map((w) => w.id)).toEqual([during]);
    expect(receivedBy(endpoint.url, rolled.secret).map((w) => w.id)).toEqual([during]);

    // The overlap ends (its stored end moves into the past).
    await runInDurableObject(registryStub(), (_instance, state) => {
      state.storage.sql.exec(
        'UPDATE endpoints SET previous_until = ? WHERE id = ?',
        Date.now() - 1,
        endpoint.id,
      );
    });
    const after = eventId('after');
    await emit(scratchObject(), [{ id: after, type: 'checkout.succeeded' }], { zero: false });
    const single = sent.filter((s) => s.id === after);
    expect(single.map(signaturesOf).map((s) => s.length)).toEqual([1]);
    expect(() =>
      new Webhook(endpoint.secret).verify(single[0]!.body, single[0]!.headers),
    ).toThrow();
    new Webhook(rolled.secret).verify(single[0]!.body, single[0]!.headers);
    const view = await (await merchant(`/v1/webhook-endpoints/${endpoint.id}`)).json();
    expect(view).toMatchObject({ previous_secret_expires_at: null });
  });
});

// Continued (endpoints.test.ts): a replay sends a range of the events feed
// again with the original ids; one endpoint failing never holds another back; three days of
// failures disable an endpoint with one integration.error to the others; redirects are not
// followed. Real objects, real D1, real HTTP to the proxy's receiver; time moves by rewriting
// the stored clocks, never by sleeping.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_RETENTION_DAYS,
  insertDelivery,
  pruneDeliveries,
} from '../../../worker/webhook-endpoints/delivery-log';
import { merchant } from '../helpers';
import {
  createEndpoint,
  DAY,
  drain,
  emit,
  eventId,
  receivedBy,
  receiver,
  registryStub,
  scratchObject,
  sent,
  targetRows,
  endpointFileHooks,
} from './support';

endpointFileHooks();

describe('replay', () => {
  it('sends the events of a range again from the feed, with their original ids and bodies', async () => {
    const endpoint = await createEndpoint({
      url: receiver('replay'),
      enabled_events: ['checkout.*'],
    });
    const from = new Date().toISOString();
    const events = [
      { id: eventId('r1'), type: 'checkout.succeeded' },
      { id: eventId('r2'), type: 'checkout.expired' },
      { id: eventId('r3'), type: 'payout.succeeded' },
    ];
    await emit(scratchObject(), events, { zero: false });
    const to = new Date(Date.now() + 1000).toISOString();
    const first = sent.filter((s) => s.url === endpoint.url);
    expect(first.map((s) => s.id).sort()).toEqual([events[0]!.id, events[1]!.id].sort());

    const res = await merchant(`/v1/webhook-endpoints/${endpoint.id}/replay`, {
      method: 'POST',
      body: JSON.stringify({ from, to, types: ['checkout.succeeded', 'payout.*'] }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await res.json()).toMatchObject({ object: 'webhook_replay', events: 1 });
    await drain(
      env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(`replay:${endpoint.id}`)),
    );
    const all = receivedBy(endpoint.url, endpoint.secret);
    expect(all.map((w) => w.id)).toEqual([...first.map((s) => s.id), events[0]!.id]);
    const [original, again] = sent.filter((s) => s.id === events[0]!.id && s.url === endpoint.url);
    expect(again!.headers['webhook-id']).toBe(original!.headers['webhook-id']);
    expect(again!.body).toBe(original!.body);
  });
});

describe('delivery', () => {
  it('one failing endpoint never delays another: separate rows, tries and backoff', async () => {
    const failing = await createEndpoint({ url: receiver('down', 500), enabled_events: ['*'] });
    const healthy = await createEndpoint({ url: receiver('up'), enabled_events: ['*'] });
    const stub = scratchObject();
    const one = eventId('one');
    await emit(stub, [{ id: one, type: 'checkout.succeeded' }], { zero: false });
    const two = eventId('two');
    await emit(stub, [{ id: two, type: 'checkout.failed' }], { zero: false });
    expect(receivedBy(healthy.url, healthy.secret).map((w) => w.id)).toEqual([one, two]);
    // The failing endpoint was tried once per event and waits for its own retries.
    expect(sent.filter((s) => s.url === failing.url).map((s) => s.id)).toEqual([one, two]);
    const rows = await targetRows(stub);
    const of = (endpoint: string) =>
      rows
        .filter((r) => r.endpoint_id === endpoint)
        .map((r) => ({ event: r.event_id, status: r.status, tries: r.tries }));
    expect(of(healthy.id)).toEqual([
      { event: one, status: 'delivered', tries: 1 },
      { event: two, status: 'delivered', tries: 1 },
    ]);
    expect(of(failing.id)).toEqual([
      { event: one, status: 'pending', tries: 1 },
      { event: two, status: 'pending', tries: 1 },
    ]);
    expect(
      rows.filter((r) => r.endpoint_id === failing.id).every((r) => r.next_at! > Date.now()),
    ).toBe(true);
  });

  it('after three days of failures disables the endpoint, with one integration.error to the others', async () => {
    const failing = await createEndpoint({ url: receiver('dying', 503), enabled_events: ['*'] });
    const other = await createEndpoint({
      url: receiver('other'),
      enabled_events: ['integration.error', 'checkout.*'],
    });
    const stub = scratchObject();
    await emit(stub, [{ id: eventId('f1'), type: 'checkout.succeeded' }], { zero: false });
    let view = (await (await merchant(`/v1/webhook-endpoints/${failing.id}`)).json()) as {
      status: string;
      failing_since: string | null;
    };
    expect(view).toMatchObject({ status: 'enabled' });
    expect(view.failing_since).not.toBeNull();
    // Three days pass: the run of failures began three days ago.
    await runInDurableObject(registryStub(), (_instance, state) => {
      state.storage.sql.exec(
        'UPDATE endpoints SET failing_since = failing_since - ? WHERE id = ?',
        3 * DAY,
        failing.id,
      );
    });
    await emit(stub, [{ id: eventId('f2'), type: 'checkout.succeeded' }], { zero: false });
    view = (await (await merchant(`/v1/webhook-endpoints/${failing.id}`)).json()) as typeof view;
    expect(view).toMatchObject({
      status: 'disabled',
      disabled_reason: expect.stringMatching(/^every delivery failed since .* \(last: HTTP 503\)$/),
    });
    // The registry's own outbox sends the integration.error (to the others and endpoint zero).
    await drain(registryStub());
    // Later events: the disabled endpoint is not tried, and no second integration.error.
    await emit(stub, [{ id: eventId('f3'), type: 'checkout.succeeded' }], { zero: false });
    await drain(registryStub());
    const errors = receivedBy(other.url, other.secret).filter(
      (w) => w.type === 'integration.error',
    );
    expect(errors).toHaveLength(1);
    const body = JSON.parse(sent.find((s) => s.id === errors[0]!.id)!.body) as {
      data: Record<string, unknown>;
    };
    expect(body.data).toMatchObject({
      kind: 'webhook_endpoint_disabled',
      endpoint_id: failing.id,
      last_error: 'HTTP 503',
    });
    expect(sent.filter((s) => s.url === failing.url)).toHaveLength(2);
    expect(
      receivedBy(other.url, other.secret).filter((w) => w.type !== 'integration.error'),
    ).toHaveLength(3);

    // The deliveries list: each try with status, code, duration and reason, newest first.
    await drain(stub);
    const res = await merchant(`/v1/webhook-endpoints/${failing.id}/deliveries?limit=1`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      data: Record<string, unknown>[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(page.data).toEqual([
      expect.objectContaining({
        status: 'failed',
        http_status: 503,
        error: 'HTTP 503',
        attempt: 1,
      }),
    ]);
    expect(page.has_more).toBe(true);
    const next = (await (
      await merchant(
        `/v1/webhook-endpoints/${failing.id}/deliveries?starting_after=${page.next_cursor}`,
      )
    ).json()) as { data: { id: string; duration_ms: number }[]; has_more: boolean };
    expect(next.data).toHaveLength(1);
    expect(next.data[0]!.id).not.toBe(page.data[0]!.id);
    expect(next.has_more).toBe(false);
  });

  it('does not follow a redirect: a failed try whose reason says so; the target gets nothing', async () => {
    const endpoint = await createEndpoint({
      url: `${receiver('moved')}`.replace('/status/200', '/redirect/307'),
      enabled_events: ['*'],
    });
    const stub = scratchObject();
    const id = eventId('moved');
    await emit(stub, [{ id, type: 'checkout.succeeded' }], { zero: false });
    expect(sent.filter((s) => s.id === id).map((s) => new URL(s.url).pathname)).toEqual([
      '/dev/webhooks/redirect/307',
    ]);
    await drain(stub);
    const page = (await (
      await merchant(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json()) as { data: Record<string, unknown>[] };
    expect(page.data).toEqual([
      expect.objectContaining({
        status: 'failed',
        http_status: 307,
        error:
          "HTTP 307 redirect not followed (to http://127.0.0.1:8787): update the endpoint's url to the final address",
      }),
    ]);
  });
});

describe('the deliveries log', () => {
  it(`keeps ${DELIVERY_RETENTION_DAYS} days: the sweep's prune removes older tries only`, async () => {
    const row = (id: string, age: number) => ({
      id,
      endpoint_id: 'we_retentionaaaaaaaaaaaaaaaaa',
      event_id: 'evt_retention',
      event_type: 'checkout.succeeded',
      created_at: Date.now() - age,
      status: 'delivered' as const,
      http_status: 200,
      duration_ms: 5,
      error: null,
      attempt: 1,
    });
    const old = `whd_old_${crypto.randomUUID()}`;
    const recent = `whd_recent_${crypto.randomUUID()}`;
    await env.INDEX!.batch([
      insertDelivery(env.INDEX!, row(old, (DELIVERY_RETENTION_DAYS + 1) * DAY)),
      insertDelivery(env.INDEX!, row(recent, (DELIVERY_RETENTION_DAYS - 1) * DAY)),
    ]);
    expect(await pruneDeliveries(env.INDEX!)).toBeGreaterThanOrEqual(1);
    const left = await env
      .INDEX!.prepare('SELECT id FROM webhook_deliveries WHERE id IN (?, ?)')
      .bind(old, recent)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([recent]);
  });
});

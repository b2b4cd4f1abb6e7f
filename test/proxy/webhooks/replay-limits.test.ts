// Replays are bounded (docs/webhooks.md, "Replay"): one at a time per endpoint (409
// REPLAY_IN_PROGRESS until each of its events is delivered or dropped), at most
// WEBHOOK_REPLAY_DAILY_LIMIT events per endpoint in 24 hours (429 with Retry-After), and a
// replayed event that fails is retried for one day. A replay's rows hold event ids only and
// read the feed's body at each try, so an erasure reaches them. Real objects, real D1, real
// HTTP to the proxy's receiver; time moves by rewriting the stored clocks, never by sleeping.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { scrubOutbox } from '../../../worker/durable/redaction';
import { TaskQueue } from '../../../worker/durable/task-queue';
import { IndexOutbox } from '../../../worker/index-store/index-outbox';
import { merchant } from '../helpers';
import { post, send } from '../keys/support';
import { storedText } from '../privacy/support';
import {
  DAY,
  createEndpoint,
  drain,
  emit,
  endpointFileHooks,
  eventId,
  receiver,
  scratchObject,
  sent,
  targetRows,
} from './support';

endpointFileHooks();

/** The replay object of an endpoint. */
const replays = (endpointId: string) =>
  env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(`replay:${endpointId}`));

/** Replays `[from, now + 1 s)` to the endpoint. */
const replay = (endpointId: string, from: string) =>
  merchant(`/v1/webhook-endpoints/${endpointId}/replay`, {
    method: 'POST',
    body: JSON.stringify({ from, to: new Date(Date.now() + 1000).toISOString() }),
  });

/** Makes every retry of the object due now (its clock reached them) and runs them. */
async function retryNow(stub: DurableObjectStub, age = 0): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => {
    const sql = state.storage.sql;
    sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'webhook'", Date.now() - 1);
    sql.exec(
      'UPDATE outbox_targets SET next_at = ?, created_at = created_at - ?',
      Date.now() - 1,
      age,
    );
  });
  await drain(stub);
}

/** Points the endpoint at another address. */
const moveTo = (endpointId: string, url: string) =>
  merchant(`/v1/webhook-endpoints/${endpointId}`, {
    method: 'PATCH',
    body: JSON.stringify({ url }),
  });

describe('one replay at a time', () => {
  it('a second replay is 409 REPLAY_IN_PROGRESS until each event of the first is delivered', async () => {
    const endpoint = await createEndpoint({ url: receiver('busy', 500), enabled_events: ['*'] });
    const from = new Date().toISOString();
    await emit(scratchObject(), [{ id: eventId('b1'), type: 'checkout.succeeded' }], {
      zero: false,
    });
    expect((await replay(endpoint.id, from)).status).toBe(202);
    await drain(replays(endpoint.id));
    const again = await replay(endpoint.id, from);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'REPLAY_IN_PROGRESS' } });
    // The receiver comes back: the retry delivers, the replay is over.
    await moveTo(endpoint.id, receiver('busy-fixed'));
    await retryNow(replays(endpoint.id));
    expect(await targetRows(replays(endpoint.id))).toEqual([]);
    expect((await replay(endpoint.id, from)).status).toBe(202);
  });

  it('a replayed event that keeps failing is retried for one day, then dropped (not three)', async () => {
    const endpoint = await createEndpoint({ url: receiver('day', 503), enabled_events: ['*'] });
    const from = new Date().toISOString();
    const id = eventId('day');
    await emit(scratchObject(), [{ id, type: 'checkout.succeeded' }], { zero: false });
    expect((await replay(endpoint.id, from)).status).toBe(202);
    await drain(replays(endpoint.id));
    expect(await targetRows(replays(endpoint.id))).toEqual([
      expect.objectContaining({ event_id: id, status: 'pending', tries: 1 }),
    ]);
    // A day after the replay the next failure is its last: the row goes, the replay is over.
    await retryNow(replays(endpoint.id), DAY);
    expect(await targetRows(replays(endpoint.id))).toEqual([]);
    expect(sent.filter((s) => s.url === endpoint.url && s.id === id)).toHaveLength(3);
    expect((await replay(endpoint.id, from)).status).toBe(202);
  });
});

describe('the daily limit', () => {
  it('past WEBHOOK_REPLAY_DAILY_LIMIT events in 24 hours a replay is 429 with Retry-After', async () => {
    const endpoint = await createEndpoint({ url: receiver('quota'), enabled_events: ['*'] });
    const from = new Date().toISOString();
    const events = [eventId('q1'), eventId('q2')].map((id) => ({ id, type: 'checkout.failed' }));
    await emit(scratchObject(), events, { zero: false });
    const limited = { WEBHOOK_REPLAY_DAILY_LIMIT: '3' };
    const replayLimited = () =>
      send(limited, `/v1/webhook-endpoints/${endpoint.id}/replay`, {
        ...post({ from, to: new Date(Date.now() + 1000).toISOString() }),
        key: env.MERCHANT_API_KEY,
      });
    const first = await replayLimited();
    expect(first.status).toBe(202);
    await drain(replays(endpoint.id));
    const second = await replayLimited();
    expect(second.status).toBe(429);
    expect(second.json.error?.code).toBe('RATE_LIMITED');
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(DAY / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
    expect(await targetRows(replays(endpoint.id))).toEqual([]);
  });
});

describe('erasure', () => {
  it("a replay's rows hold event ids only, and a try after an erasure sends the scrubbed body", async () => {
    const endpoint = await createEndpoint({ url: receiver('erase', 500), enabled_events: ['*'] });
    const from = new Date().toISOString();
    const id = eventId('erase');
    const stub = scratchObject();
    const payer = { name: 'Wanjiru Kamau', email: 'wanjiru.kamau@example.com' };
    await emit(stub, [{ id, type: 'checkout.succeeded', data: { customer: payer } }], {
      zero: false,
    });
    expect((await replay(endpoint.id, from)).status).toBe(202);
    await drain(replays(endpoint.id));
    expect(JSON.stringify(await storedText(replays(endpoint.id)))).not.toContain('Wanjiru');

    // The record is erased: its outbox and the feed's copy are scrubbed.
    await runInDurableObject(stub, (_instance, state) => {
      const tasks = new TaskQueue<'webhook'>(state.storage);
      scrubOutbox(state.storage.sql, new IndexOutbox(state.storage.sql, tasks));
    });
    await drain(stub);
    const fixed = receiver('erase-fixed');
    await moveTo(endpoint.id, fixed);
    await retryNow(replays(endpoint.id));
    const after = sent.filter((s) => s.url === fixed && s.id === id);
    expect(after).toHaveLength(1);
    expect(after[0]!.body).not.toContain('Wanjiru');
    expect(JSON.parse(after[0]!.body)).toMatchObject({ id, data: { customer: null } });
  });
});

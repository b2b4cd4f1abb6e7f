// The live stream (WebSocket from the session's Durable Object) and session expiry.
import { env, exports } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../shared/view';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  startAttempt,
} from '../helpers';

afterAll(() => expectNoSecrets());

async function connect(id: string): Promise<{ ws: WebSocket; messages: StreamMessage[] }> {
  const res = await exports.default.fetch(
    new Request(`${BASE}/v1/checkout/${id}/stream`, { headers: { upgrade: 'websocket' } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: StreamMessage[] = [];
  ws.addEventListener('message', (event) => messages.push(JSON.parse(event.data as string)));
  ws.accept();
  return { ws, messages };
}

describe('live stream', () => {
  it('sends the full view on connect, then every change in order with a rising seq', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('ws') });
    const first = await connect(session.id);
    await vi.waitFor(() => expect(first.messages.length).toBeGreaterThan(0));
    expect(first.messages[0]!.view.status).toBe('open');
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345000' });
    await vi.waitFor(() => expect(first.messages.at(-1)?.view.status).toBe('succeeded'), {
      timeout: 8000,
    });
    const seqs = first.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const statuses = first.messages.map((m) => m.view.status);
    expect(statuses).toContain('pending');
    first.ws.close(1000, 'done');
    // A client that reconnects gets the latest full view at once, with the latest seq.
    const again = await connect(session.id);
    await vi.waitFor(() => expect(again.messages.length).toBe(1));
    expect(again.messages[0]!.seq).toBe(first.messages.at(-1)!.seq);
    expect(again.messages[0]!.view.attempt?.status).toBe('succeeded');
    again.ws.close(1000, 'done');
  });

  it('refuses a plain GET on the stream and an unknown session', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('ws') });
    expect((await checkout(`/${session.id}/stream`)).status).toBe(400);
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/checkout/cs_aaaaaaaaaaaaaaaaaaaaaaaazz/stream`, {
        headers: { upgrade: 'websocket' },
      }),
    );
    expect(res.status).toBe(404);
  });
});

describe('session expiry', () => {
  it('an open session expires at its time: view says expired, attempts are refused, one webhook', async () => {
    const session = await createSession({
      amount: 100,
      currency: 'KES',
      reference: ref('exp'),
      expires_in: 60,
    });
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(session.id));
    // The session's first query-index write runs as an alarm of its own right after creation;
    // once it is written, the alarm is re-armed for the expiry (the one this test runs).
    await vi.waitFor(async () => {
      const row = await env
        .INDEX!.prepare('SELECT id FROM sessions WHERE id = ?')
        .bind(session.id)
        .first();
      expect(row).not.toBeNull();
      expect(
        await runInDurableObject(stub, (_i, state) => state.storage.getAlarm()),
      ).not.toBeNull();
    });
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec('UPDATE session SET expires_at = ?', Date.now() - 1000);
      state.storage.sql.exec(
        "UPDATE tasks SET due_at = ? WHERE kind = 'session_expiry'",
        Date.now() - 1000,
      );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const s = await getSession(session.id);
    expect(s.status).toBe('expired');
    const attempt = await startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345000',
    });
    expect(attempt.status).toBe(410);
    expect(attempt.json.error?.code).toBe('SESSION_EXPIRED');
    await vi.waitFor(
      async () => {
        const hooks = (await getSession(session.id)).webhooks;
        expect(hooks.map((h) => [h.type, h.status])).toEqual([['checkout.expired', 'delivered']]);
      },
      { timeout: 8000 },
    );
  });

  it('a virtual account left unpaid closes its input after 30 minutes; the money stays unsettled', async () => {
    const session = await createSession({ amount: 15000, currency: 'NGN', reference: ref('va') });
    const { json } = await startAttempt(session.id, {
      country_id: 17,
      method: 'virtual_account',
      account_name: 'Chidi Okafor',
      bank_code: '17002',
    });
    expect(json.attempt?.next?.type).toBe('bank_transfer');
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(session.id));
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE tasks SET due_at = ? WHERE kind = 'input_deadline'",
        Date.now() - 1000,
      );
    });
    await runDurableObjectAlarm(stub);
    await vi.waitFor(
      async () => {
        const s = await getSession(session.id);
        // Our clock stops new input (no transfer into this account is offered any more); only
        // the upstream's answer settles the attempt.
        expect(s.attempts[0]?.status).toBe('pending');
        expect(s.attempts[0]?.input).toBe('lapsed');
        expect(s.attempts[0]?.next).toEqual({ type: 'input_lapsed', reason: 'account_expired' });
        expect(s.status).toBe('open');
        expect(s.webhooks.map((w) => w.type)).not.toContain('checkout.failed');
      },
      { timeout: 8000 },
    );
  });
});

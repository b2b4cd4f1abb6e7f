// The live stream (WebSocket from the session's Durable Object): its messages, its bounds, and
// session expiry.

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
  KENYA_PAYER,
  startAttempt,
  attemptOn,
} from '../helpers';
import { MAX_STREAMS, STREAM_CLOSE } from '../../../worker/session/stream';

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
    const attempt = await startAttempt(session.id, KENYA_PAYER);
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
    const {
      session,
      started: { json },
    } = await attemptOn(
      { amount: 15000, currency: 'NGN', reference: ref('va') },
      {
        country_id: 17,
        method: 'virtual_account',
        account_name: 'Chidi Okafor',
        bank_code: '17002',
      },
    );
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

// The live stream is bounded. At most MAX_STREAMS sockets per session (a new one
// closes the oldest with 4008 "too many streams"), 'ping' is answered by the runtime's
// auto-response (the object is not woken), and every socket is closed (1000 "final") once the
// final view of a finished session is sent.

interface Stream {
  ws: WebSocket;
  messages: (StreamMessage | string)[];
  closed: { code: number; reason: string } | null;
}

async function connectStream(id: string): Promise<Stream> {
  const res = await exports.default.fetch(
    new Request(`${BASE}/v1/checkout/${id}/stream`, { headers: { upgrade: 'websocket' } }),
  );
  expect(res.status).toBe(101);
  const stream: Stream = { ws: res.webSocket!, messages: [], closed: null };
  stream.ws.addEventListener('message', (event) => {
    const data = event.data as string;
    stream.messages.push(data.startsWith('{') ? (JSON.parse(data) as StreamMessage) : data);
  });
  stream.ws.addEventListener('close', (event) => {
    stream.closed = { code: event.code, reason: event.reason };
  });
  stream.ws.accept();
  return stream;
}

const closeAll = (streams: Stream[]) => {
  for (const { ws } of streams) {
    try {
      ws.close(1000, 'done');
    } catch {
      /* closed */
    }
  }
};

describe('live stream bounds', () => {
  it(`keeps at most ${MAX_STREAMS} streams per session: the oldest are closed with 4008`, async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('cap') });
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS + 5; i++) streams.push(await connectStream(session.id));
    await vi.waitFor(() => {
      expect(streams.slice(0, 5).map((s) => s.closed)).toEqual(Array(5).fill(STREAM_CLOSE.tooMany));
    });
    expect(STREAM_CLOSE.tooMany).toEqual({ code: 4008, reason: 'too many streams' });
    expect(streams.slice(5).map((s) => s.closed)).toEqual(Array(MAX_STREAMS).fill(null));
    // Every stream got its first view, the closed ones included.
    await vi.waitFor(() =>
      expect(streams.map((s) => s.messages.length)).toEqual(Array(MAX_STREAMS + 5).fill(1)),
    );
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(session.id));
    const open = await runInDurableObject(
      stub,
      (_instance, state) =>
        state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
    );
    expect(open).toBe(MAX_STREAMS);
    closeAll(streams);
  });

  it("answers 'ping' with 'pong' through the runtime's auto-response", async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('ping') });
    const stream = await connectStream(session.id);
    await vi.waitFor(() => expect(stream.messages).toHaveLength(1));
    stream.ws.send('ping');
    await vi.waitFor(() => expect(stream.messages).toEqual([expect.anything(), 'pong']));
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(session.id));
    const answered = await runInDurableObject(stub, (_instance, state) =>
      state.getWebSockets().map((ws) => state.getWebSocketAutoResponseTimestamp(ws)),
    );
    expect(answered).toEqual([expect.any(Date)]);
    closeAll([stream]);
  });

  it('closes every stream (1000 "final") after the final view of a paid session', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('fin') });
    const streams = [await connectStream(session.id), await connectStream(session.id)];
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345000' });
    for (const stream of streams) {
      await vi.waitFor(() => expect(stream.closed).toEqual(STREAM_CLOSE.final), {
        timeout: 8000,
      });
      const last = stream.messages.at(-1) as StreamMessage;
      expect(last.view.status).toBe('succeeded');
    }
    // A stream opened afterwards gets the final view, then the same close.
    const late = await connectStream(session.id);
    await vi.waitFor(() => expect(late.closed).toEqual({ code: 1000, reason: 'final' }));
    expect(late.messages).toHaveLength(1);
    expect((late.messages[0] as StreamMessage).view.status).toBe('succeeded');
  });

  it('keeps the streams of a session that is open again after a failed attempt', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('open') });
    const stream = await connectStream(session.id);
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345001' });
    await vi.waitFor(
      () => expect((stream.messages.at(-1) as StreamMessage).view.attempt?.status).toBe('failed'),
      { timeout: 8000 },
    );
    expect(stream.closed).toBeNull();
    closeAll([stream]);
  });
});

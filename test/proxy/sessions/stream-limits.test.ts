// The live stream is bounded. At most MAX_STREAMS sockets per session (a new one
// closes the oldest with 4008 "too many streams"), 'ping' is answered by the runtime's
// auto-response (the object is not woken), and every socket is closed (1000 "final") once the
// final view of a finished session is sent.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../shared/view';
import { MAX_STREAMS, STREAM_CLOSE } from '../../../worker/session/stream';
import { BASE, createSession, expectNoSecrets, ref, startAttempt } from '../helpers';

afterAll(() => expectNoSecrets());

interface Stream {
  ws: WebSocket;
  messages: (StreamMessage | string)[];
  closed: { code: number; reason: string } | null;
}

async function connect(id: string): Promise<Stream> {
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
    for (let i = 0; i < MAX_STREAMS + 5; i++) streams.push(await connect(session.id));
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
    const stream = await connect(session.id);
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
    const streams = [await connect(session.id), await connect(session.id)];
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345000' });
    for (const stream of streams) {
      await vi.waitFor(() => expect(stream.closed).toEqual(STREAM_CLOSE.final), {
        timeout: 8000,
      });
      const last = stream.messages.at(-1) as StreamMessage;
      expect(last.view.status).toBe('succeeded');
    }
    // A stream opened afterwards gets the final view, then the same close.
    const late = await connect(session.id);
    await vi.waitFor(() => expect(late.closed).toEqual({ code: 1000, reason: 'final' }));
    expect(late.messages).toHaveLength(1);
    expect((late.messages[0] as StreamMessage).view.status).toBe('succeeded');
  });

  it('keeps the streams of a session that is open again after a failed attempt', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('open') });
    const stream = await connect(session.id);
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345001' });
    await vi.waitFor(
      () => expect((stream.messages.at(-1) as StreamMessage).view.attempt?.status).toBe('failed'),
      { timeout: 8000 },
    );
    expect(stream.closed).toBeNull();
    closeAll([stream]);
  });
});

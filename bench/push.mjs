/**
 * Push latency: many sessions, each with a pending attempt and a connected WebSocket client
 * (`GET /v1/checkout/:id/stream`); then, one session at a time, a terminal success callback is
 * POSTed to `/hooks/collections` (signed beforehand) and the clock stops when that session's
 * client receives the view whose status is `succeeded`. All clients stay connected throughout.
 * @module
 */
import {
  createSession,
  getSession,
  nextPayer,
  postCallback,
  startAttempt,
  terminalParams,
  upstreamRefOf,
} from './lib/api.mjs';
import { signed } from './lib/signing.mjs';
import { percentile, pool, round } from './lib/stats.mjs';

/**
 * A WebSocket client of one session's stream that resolves waiters on matching views.
 *
 * @param {string} url
 */
async function streamClient(url) {
  const socket = new WebSocket(url);
  /** @type {{ test: (view: any) => boolean, resolve: (at: number) => void }[]} */
  const waiters = [];
  socket.addEventListener('message', (event) => {
    const at = performance.now();
    const message = JSON.parse(String(event.data));
    if (message.type !== 'view') return;
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i].test(message.view)) waiters.splice(i, 1)[0].resolve(at);
    }
  });
  const first = new Promise((resolve, reject) => {
    waiters.push({ test: () => true, resolve });
    socket.addEventListener('error', () => reject(new Error(`WebSocket error on ${url}`)));
  });
  await first;
  return {
    /** @param {(view: any) => boolean} test */
    next(test) {
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    close() {
      socket.close(1000, 'done');
    },
  };
}

/**
 * Measures push latency over `sessions` sessions after `warmup` discarded ones.
 *
 * `probe`, when given, runs around the measured callbacks (see ingest.mjs).
 *
 * @example
 * await measurePush({ base, sessions: 300, warmup: 20 });
 * @param {{ base: string, sessions: number, warmup: number, probe?: { start(): Promise<void> | void, stop(): Promise<unknown> | unknown } }} options
 */
export async function measurePush({ base, sessions, warmup, probe }) {
  const total = sessions + warmup;
  const run = Date.now().toString(36);
  const ids = await pool(total, 4, async (i) => {
    const id = await createSession(base, `bench-push-${run}-${i}`);
    await startAttempt(base, id, nextPayer());
    return id;
  });
  const refs = await pool(ids.length, 8, (i) => upstreamRefOf(base, ids[i]));
  const bodies = await pool(total, 8, async (i) =>
    JSON.stringify(await signed(terminalParams(`${ids[i]}.1`, 'success', refs[i]))),
  );
  const wsBase = base.replace(/^http/, 'ws');
  const clients = await pool(total, 8, (i) =>
    streamClient(`${wsBase}/v1/checkout/${ids[i]}/stream`),
  );
  const latencies = [];
  let probed;
  try {
    for (let i = 0; i < total; i++) {
      if (i === warmup) await probe?.start();
      const pushed = clients[i].next((view) => view.status === 'succeeded');
      const started = performance.now();
      const [{ status }, at] = await Promise.all([postCallback(base, bodies[i]), pushed]);
      if (status !== 200) throw new Error(`callback answered ${status}`);
      if (i >= warmup) latencies.push(at - started);
    }
    probed = await probe?.stop();
  } finally {
    for (const client of clients) client.close();
  }
  const check = await getSession(base, ids[total - 1]);
  if (check.status !== 'succeeded') throw new Error('the last push session did not succeed');
  const results = {
    push_latency_ms_p50: round(percentile(latencies, 50)),
    push_latency_ms_p99: round(percentile(latencies, 99)),
    push_clients_connected: total,
  };
  return { results, probe: probed };
}

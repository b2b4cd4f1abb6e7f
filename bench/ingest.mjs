/**
 * Callback ingest under a storm: many sessions with a pending attempt each; one terminal
 * callback per attempt (80% success, 20% failed) plus duplicates (exact replays and the same
 * params signed again with a new salt and timestamp), shuffled, POSTed to `/hooks/collections`
 * by concurrent senders. Afterwards every session is checked against what was sent: its final
 * state (lost outcomes), its history (transitions beyond one per attempt) and the merchant
 * webhooks the dev receiver got (beyond one per outcome, or none).
 * @module
 */
import { request } from './lib/http.mjs';
import {
  createSession,
  getSession,
  nextPayer,
  postCallback,
  receivedWebhooks,
  startAttempt,
  terminalParams,
  upstreamRefOf,
} from './lib/api.mjs';
import { stormBodies } from './lib/signing.mjs';
import { mulberry32, percentile, pool, round } from './lib/stats.mjs';

/** Attempt history events that mark a terminal transition. */
const TERMINAL_EVENTS = new Set([
  'attempt_succeeded',
  'attempt_failed',
  'attempt_timed_out',
  'attempt_expired',
]);

/**
 * The storm's callbacks: for each session its original and 0–2 duplicates (half exact
 * replays, half re-signed), shuffled with a fixed seed.
 *
 * @param {string[]} ids
 * @param {string[]} refs the upstream reference of each session's attempt
 * @param {() => number} random
 */
async function stormOf(ids, refs, random) {
  const outcomes = ids.map(() => (random() < 0.8 ? 'success' : 'failed'));
  const params = ids.map((id, i) =>
    terminalParams(`${id}.1`, /** @type {any} */ (outcomes[i]), refs[i]),
  );
  return { outcomes, ...(await stormBodies(params, random)) };
}

/**
 * Waits until the dev receiver holds at least one webhook for every session (or `timeoutMs`),
 * then a little longer so late duplicates would show; answers deliveries per session id.
 *
 * @param {string} base
 * @param {Set<string>} ids
 * @param {number} timeoutMs
 */
async function webhooksBySession(base, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  /** @type {Map<string, number>} */
  let counts = new Map();
  for (;;) {
    counts = new Map();
    for (const hook of await receivedWebhooks(base)) {
      const id = hook.body?.data?.session_id;
      if (hook.verified && ids.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    if (counts.size >= ids.size || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 1000));
  counts = new Map();
  for (const hook of await receivedWebhooks(base)) {
    const id = hook.body?.data?.session_id;
    if (hook.verified && ids.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Runs the storm over `sessions` sessions with `concurrency` senders and checks the outcome.
 *
 * `probe`, when given, is started right before the first callback and stopped right after the
 * last answer (CPU accounting, profilers); what its `stop()` answers is passed back as `probe`.
 *
 * @example
 * await measureIngest({ base, sessions: 1000, concurrency: 32, seed: 1 });
 * @param {{ base: string, sessions: number, concurrency: number, seed?: number, probe?: { start(): Promise<void> | void, stop(): Promise<unknown> | unknown } }} options
 */
export async function measureIngest({ base, sessions, concurrency, seed = 20261122, probe }) {
  const random = mulberry32(seed);
  const run = Date.now().toString(36);
  const ids = await pool(sessions, 8, async (i) => {
    const id = await createSession(base, `bench-storm-${run}-${i}`);
    await startAttempt(base, id, nextPayer());
    return id;
  });
  const refs = await pool(ids.length, 8, (i) => upstreamRefOf(base, ids[i]));
  const { outcomes, bodies, duplicates } = await stormOf(ids, refs, random);

  // Baseline: the same number of requests with the same senders to the proxy's trivial route,
  // to show what the stack answers per second before any of our work.
  const baselineStarted = performance.now();
  await pool(bodies.length, concurrency, async () => {
    const res = await request('GET', `${base}/health`);
    if (res.status !== 200) throw new Error(`GET /health answered ${res.status}`);
  });
  const baselinePerS = bodies.length / ((performance.now() - baselineStarted) / 1000);

  const latencies = [];
  const statuses = new Map();
  /** What the proxy answered when it refused a callback (status and error code), by count. */
  const refusals = new Map();
  await probe?.start();
  const started = performance.now();
  await pool(bodies.length, concurrency, async (i) => {
    const { status, ms, text } = await postCallback(base, bodies[i]);
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status !== 200) {
      const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? text.slice(0, 60);
      const key = `${status} ${code}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const probed = await probe?.stop();
  const refused = bodies.length - (statuses.get(200) ?? 0);

  const webhooks = await webhooksBySession(base, new Set(ids), 60_000);
  let lost = 0;
  let duplicateTransitions = 0;
  let webhooksExtra = 0;
  let webhooksMissing = 0;
  const sessionsSeen = await pool(ids.length, 8, (i) => getSession(base, ids[i]));
  sessionsSeen.forEach((session, i) => {
    const expected = outcomes[i] === 'success' ? 'succeeded' : 'failed';
    const attempt = session.attempts.find((a) => a.third_party_reference_1 === `${ids[i]}.1`);
    if (!attempt || attempt.status !== expected) lost += 1;
    const transitions = session.history.filter(
      (event) => event.attempt_id === `${ids[i]}.1` && TERMINAL_EVENTS.has(event.type),
    ).length;
    duplicateTransitions += Math.max(0, transitions - 1);
    const received = webhooks.get(ids[i]) ?? 0;
    webhooksExtra += Math.max(0, received - 1);
    if (received === 0) webhooksMissing += 1;
  });
  const results = {
    ingest_callbacks_per_s: round(bodies.length / seconds, 0),
    ingest_lost: lost,
    ingest_duplicate_transitions: duplicateTransitions,
    ingest_webhooks_extra: webhooksExtra,
    ingest_webhooks_missing: webhooksMissing,
    ingest_refused: refused,
    // An upstream sends a refused callback again; this storm does not, so a refusal shows as lost.
    ingest_refusals: Object.fromEntries(refusals),
    ingest_baseline_health_per_s: round(baselinePerS, 0),
    ingest_callbacks: bodies.length,
    ingest_duplicate_share: round(duplicates / bodies.length, 3),
    ingest_callback_ms_p50: round(percentile(latencies, 50)),
    ingest_callback_ms_p99: round(percentile(latencies, 99)),
  };
  return { results, probe: probed };
}

// Helpers of the hostile-conditions suites: state fingerprints (to prove "no state change"),
// the sandbox's control surface (faults, forced outcomes), driving a session's alarm by hand,
// the dev webhook receiver, and the figures file. Everything talks to the real proxy and the
// real sandbox.
import { env } from 'cloudflare:workers';
import { listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { MerchantSession } from '../../worker/session/merchant-view';
import { devInbox } from '../../worker/dev-inbox/inbox';
import { ledgerNames } from '../../worker/ledger/shards';
import { getSession, merchant, sandbox } from './helpers';
import { sessionObject } from './objects';

/** A session's merchant view without what moves on its own (status queries, timestamps). */
export interface SessionState {
  status: MerchantSession['status'];
  seq: number;
  attempts: { id: string; status: string; create_state: string; failure: unknown }[];
  callbacks: string[];
  webhooks: string[];
  history: string[];
}

/**
 * The part of a session a refused request must not change. Status-query log lines are left
 * out: reconciliation runs on its own timer and may add them at any moment.
 */
export function stateOf(session: MerchantSession): SessionState {
  return {
    status: session.status,
    seq: session.seq,
    attempts: session.attempts.map((a) => ({
      id: a.id,
      status: a.status,
      create_state: a.create_state,
      failure: a.failure,
    })),
    callbacks: session.callbacks.map((c) => c.digest),
    webhooks: session.webhooks.map((w) => w.id),
    history: session.history.filter((e) => e.type !== 'status_query').map((e) => e.type),
  };
}

/** The session's state now (through GET /v1/sessions/:id). */
export async function sessionState(id: string): Promise<SessionState> {
  return stateOf(await getSession(id));
}

/** Counts that any stored change anywhere in the proxy would move. */
export interface GlobalState {
  sessions: number;
  payouts: number;
  ledgerCallbacks: number;
  devWebhooks: number;
}

/** The ledger Durable Object (callbacks without a session). */
export function ledgerStub() {
  return env.LEDGER.get(env.LEDGER.idFromName('ledger'));
}

/** How many callbacks the ledger stored (for a reference or of a kind). */
export async function ledgerCallbackCount(filter: {
  kind?: 'collection' | 'payout' | 'payment_link';
  reference?: string;
}): Promise<number> {
  const stored = (await ledgerStub().listCallbacks(filter)) as unknown as unknown[];
  return stored.length;
}

/** Webhooks in the dev receiver whose body names `id`. */
export async function devWebhooksNaming(id: string): Promise<number> {
  return runInDurableObject(devInbox(env)!, (_instance, state) => {
    const row = state.storage.sql
      .exec('SELECT COUNT(*) AS n FROM dev_webhooks WHERE body LIKE ?', `%${id}%`)
      .one() as { n: number };
    return row.n;
  });
}

/**
 * Objects created and rows stored across the proxy. Webhooks of `ignoreSession` (one that moves
 * on its own, e.g. an OTP attempt the sandbox expires) are not counted.
 */
export async function globalState(ignoreSession?: string): Promise<GlobalState> {
  const count = (state: DurableObjectState, table: string, where = '') =>
    (
      state.storage.sql
        .exec(
          `SELECT COUNT(*) AS n FROM ${table} ${where}`,
          ...(where ? [`%${ignoreSession}%`] : []),
        )
        .one() as { n: number }
    ).n;
  // Every ledger: the main one and the payment-link shards (worker/ledger/shards.ts).
  let ledgerCallbacks = 0;
  for (const name of ledgerNames()) {
    ledgerCallbacks += await runInDurableObject(
      env.LEDGER.get(env.LEDGER.idFromName(name)),
      (_instance, state) => count(state, 'callbacks'),
    );
  }
  // The dev webhook receiver (worker/dev-inbox/).
  const devWebhooks = await runInDurableObject(devInbox(env)!, (_instance, state) =>
    ignoreSession
      ? count(state, 'dev_webhooks', 'WHERE body NOT LIKE ?')
      : count(state, 'dev_webhooks'),
  );
  return {
    sessions: (await listDurableObjectIds(env.SESSIONS)).length,
    payouts: (await listDurableObjectIds(env.PAYOUTS)).length,
    ledgerCallbacks,
    devWebhooks,
  };
}

/**
 * Evicts one session's Durable Object with `ctx.abort()`: its memory and in-flight calls are
 * gone, its storage and alarm remain. (Not `abortAllDurableObjects()`: that also hits the
 * test pool's own objects and can leave the vitest process hanging.)
 */
export async function evictSession(id: string): Promise<void> {
  await runInDurableObject(sessionObject(id), (_instance, state) =>
    state.abort('evicted by the test'),
  ).catch(() => undefined);
}

/**
 * Runs a session's alarm handler now with its status queries and webhook deliveries due
 * (expiries keep their time), whether or not an alarm is currently set. Answers how many
 * tasks were made due.
 */
export async function runTimersNow(id: string): Promise<number> {
  return runInDurableObject(sessionObject(id), async (instance, state) => {
    const due = state.storage.sql
      .exec(
        "UPDATE tasks SET due_at = ? WHERE kind IN ('reconcile', 'webhook') RETURNING key",
        Date.now() - 1,
      )
      .toArray().length;
    await instance.alarm();
    return due;
  });
}

/**
 * Puts a session's status queries an hour ahead and its alarm at its earliest task: they run
 * again only when the test runs them (runTimersNow), so its own alarm no longer races the test
 * for a sandbox fault.
 */
export async function holdStatusQueries(id: string): Promise<void> {
  await runInDurableObject(sessionObject(id), async (_instance, state) => {
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'",
      Date.now() + 3_600_000,
    );
    const next = state.storage.sql
      .exec<{ at: number | null }>('SELECT MIN(due_at) AS at FROM tasks')
      .one().at;
    if (next === null) await state.storage.deleteAlarm();
    else await state.storage.setAlarm(next);
  });
}

/** A webhook as the dev receiver recorded it. */
export interface ReceivedWebhook {
  webhook_id: string;
  verified: boolean;
  body: { id: string; type: string; data: { session_id?: string; reference?: string } };
}

/** Every webhook the dev receiver got for a session. */
export async function webhooksFor(sessionId: string): Promise<ReceivedWebhook[]> {
  const all = (await devInbox(env)!.listWebhooks()) as unknown as ReceivedWebhook[];
  return all.filter((w) => w.body?.data?.session_id === sessionId);
}

/** Drops the dev receiver's webhooks of a session once a long model run is done with them (every
 * read lists them all: kept, each run's reads grow). */
export async function forgetWebhooks(sessionId: string): Promise<void> {
  await runInDurableObject(devInbox(env)!, (_instance, state) => {
    state.storage.sql.exec(
      `DELETE FROM dev_forwards WHERE seq IN (SELECT seq FROM dev_webhooks
         WHERE json_extract(body, '$.data.session_id') = ?)`,
      sessionId,
    );
    state.storage.sql.exec(
      "DELETE FROM dev_webhooks WHERE json_extract(body, '$.data.session_id') = ?",
      sessionId,
    );
  });
}

let ipCounter = 0;
/**
 * A fresh client address for CF-Connecting-IP (documentation ranges), so that the per-address
 * attempt limit of one test does not spill into the next.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** A sandbox transaction as its control surface shows it. */
export interface SandboxTx {
  ref: string;
  status: string;
  status_code: string;
  /** The sandbox's own step (`awaiting_otp`, `processing`, …). */
  stage: string;
  silent: boolean;
  otp_attempts: number;
  mobile: string | null;
  third_party_reference_1: string | null;
  third_party_reference_2: string | null;
  callbacks: {
    params: Record<string, unknown>;
    delivered_at: string | null;
    gave_up_at: string | null;
  }[];
}

/** Every sandbox transaction (newest first). */
export async function sandboxTransactions(limit = 1000): Promise<SandboxTx[]> {
  const res = await sandbox(`/control/transactions?limit=${limit}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { transactions: SandboxTx[] }).transactions;
}

/**
 * The sandbox's callbacks still on their way (neither delivered nor given up), of the
 * transactions whose third_party_reference_1 `matches` (all of them by default).
 *
 * @example
 * expect(await callbacksInFlight((r) => r === reference)).toEqual([]);
 */
export async function callbacksInFlight(
  matches: (reference: string | null) => boolean = () => true,
  limit = 1000,
): Promise<SandboxTx['callbacks']> {
  return (await sandboxTransactions(limit))
    .filter((tx) => matches(tx.third_party_reference_1))
    .flatMap((tx) => tx.callbacks)
    .filter((c) => c.delivered_at === null && c.gave_up_at === null);
}

/** The sandbox transactions created for one attempt reference (at most one, if all is well). */
export async function sandboxTxFor(attemptId: string): Promise<SandboxTx[]> {
  return (await sandboxTransactions()).filter((tx) => tx.third_party_reference_1 === attemptId);
}

/** Injects a fault for the next `count` calls of a sandbox endpoint. */
export async function injectFault(
  endpoint: string,
  fault:
    | 'error'
    | 'delay'
    | 'malformed'
    | 'no_callback'
    | 'answer_lost'
    | 'request_lost'
    | 'answer_refused'
    | 'not_created',
  count = 1,
  delayMs = 0,
): Promise<void> {
  const res = await sandbox('/control/faults', {
    method: 'POST',
    body: JSON.stringify({ endpoint, fault, count, delay_ms: delayMs }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Removes every pending sandbox fault. */
export async function clearFaults(): Promise<void> {
  const res = await sandbox('/control/faults', { method: 'DELETE' });
  expect(res.status).toBe(200);
}

/** Gives a pending sandbox transaction its outcome (its callback follows unless silent). */
export async function forceOutcome(
  ref: string,
  outcome: 'success' | 'failed' | 'timeout',
): Promise<number> {
  const res = await sandbox(`/control/transactions/${ref}/outcome`, {
    method: 'POST',
    body: JSON.stringify({ outcome }),
  });
  return res.status;
}

/** Records this suite's figures in test-results/hostile-figures.json (Node side). */
export async function recordFigures(
  suite: string,
  figures: Record<string, number | string>,
): Promise<void> {
  const binding = (env as unknown as { HOSTILE_FIGURES?: Fetcher }).HOSTILE_FIGURES;
  if (!binding) throw new Error('HOSTILE_FIGURES is not bound (see vitest.config.ts)');
  const res = await binding.fetch('http://figures/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [suite]: { ...figures, recorded_at: new Date().toISOString() } }),
  });
  expect(res.status).toBe(200);
}

/** The merchant session, or the error status when it cannot be read. */
export async function tryGetSession(id: string): Promise<MerchantSession | number> {
  const res = await merchant(`/v1/sessions/${id}`);
  return res.status === 200 ? ((await res.json()) as MerchantSession) : res.status;
}

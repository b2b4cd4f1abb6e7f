// Helpers of the session money-rule suites: move a session's clocks, post collection callbacks
// signed with the project's scheme, read what the merchant was told. The proxy and the sandbox
// are the real ones.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import { attemptOn, getSession, NGN_ACCOUNT, ref } from '../helpers';
import {
  runTimersNow,
  callbacksInFlight,
  sandboxTxFor,
  webhooksFor,
  type ReceivedWebhook,
} from '../hostile';
import { callback } from '../money';
import { sessionObject } from '../objects';

/** POSTs a collection callback signed as the upstream signs it; answers the HTTP status. */
export async function collectionCallback(params: Record<string, unknown>): Promise<number> {
  return (await callback('/hooks/collections', params)).status;
}

/** The params of a terminal success callback for an attempt, with overrides. */
export function successParams(
  attemptId: string,
  upstreamRef: string,
  amount: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    amount,
    depositId: upstreamRef,
    payment_step: 2,
    reference: upstreamRef,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: attemptId,
    ...overrides,
  };
}

/** The params of a terminal failed callback for an attempt. */
export function failedParams(
  attemptId: string,
  upstreamRef: string,
  statusCode = '000005',
): Record<string, unknown> {
  return {
    amount: 0,
    depositId: upstreamRef,
    payment_step: 2,
    reference: upstreamRef,
    status: 'failed',
    statusCode,
    failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
    third_party_reference_1: attemptId,
  };
}

/** Ends every open input window of a session now (OTP, prompt, redirect, account) and runs
 * its alarm: what the clock jumping past those deadlines does. */
export async function passInputDeadlines(sessionId: string): Promise<void> {
  const stub = sessionObject(sessionId);
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec(
      "UPDATE attempts SET expires_at = ? WHERE input = 'awaiting'",
      Date.now() - 1000,
    );
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE kind = 'input_deadline'",
      Date.now() - 1000,
    );
  });
  await runDurableObjectAlarm(stub);
}

/**
 * Moves a session's deadline into the past (with `attempts`, its attempts' input windows too),
 * makes the tasks `due` selects due now (the session's expiry by default), and runs its alarm.
 *
 * @example
 * await passSessionDeadline(id, { attempts: true, due: "kind != 'reconcile'" });
 */
export async function passSessionDeadline(
  sessionId: string,
  { attempts = false, due = "kind = 'session_expiry'" } = {},
): Promise<void> {
  const stub = sessionObject(sessionId);
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec('UPDATE session SET expires_at = ?', Date.now() - 1000);
    if (attempts) state.storage.sql.exec('UPDATE attempts SET expires_at = ?', Date.now() - 1000);
    state.storage.sql.exec(`UPDATE tasks SET due_at = ? WHERE ${due}`, Date.now() - 1000);
  });
  await runDurableObjectAlarm(stub);
}

/** Makes every attempt older than the reconcile horizon and runs its status queries now. */
export async function passHorizon(sessionId: string): Promise<void> {
  const stub = sessionObject(sessionId);
  await runInDurableObject(stub, async (instance, state) => {
    state.storage.sql.exec('UPDATE attempts SET created_at = ?', Date.now() - 25 * 3_600_000);
    state.storage.sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'", Date.now() - 1);
    await instance.alarm();
  });
}

/** The sandbox's reference of the collection created for an attempt. */
export async function upstreamRefOf(attemptId: string): Promise<string> {
  const txs = await sandboxTxFor(attemptId);
  expect(txs).toHaveLength(1);
  return txs[0]!.ref;
}

/** Waits until the session satisfies `check`, answering it. */
export function waitUntil(
  sessionId: string,
  check: (session: MerchantSession) => void,
  timeout = 8000,
): Promise<MerchantSession> {
  return vi.waitFor(
    async () => {
      const session = await getSession(sessionId);
      check(session);
      return session;
    },
    { timeout, interval: 100 },
  );
}

/** A session's webhooks as the merchant counts them: once per webhook id (deliveries are
 * at-least-once; a repeated id is the same event). */
export async function eventsFor(sessionId: string): Promise<ReceivedWebhook[]> {
  const byId = new Map<string, ReceivedWebhook>();
  for (const hook of await webhooksFor(sessionId)) byId.set(hook.webhook_id, hook);
  return [...byId.values()];
}

/**
 * Waits until nothing more is on its way to the merchant for a session: the sandbox has
 * delivered (or given up) every callback of the session's attempts, the session's webhook
 * outbox is empty, and no status query of it is due within a second (one that is, runs now).
 * `recent`: how many of the sandbox's newest transactions to look in.
 */
export async function drainSession(sessionId: string, recent = 1000): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await callbacksInFlight(
        (r) => r?.startsWith(`${sessionId}.`) === true,
        recent,
      );
      expect(waiting, 'sandbox callbacks still on their way').toEqual([]);
      const left = await runInDurableObject(sessionObject(sessionId), (_instance, state) =>
        state.storage.sql
          .exec(
            "SELECT kind FROM tasks WHERE kind = 'webhook' OR (kind = 'reconcile' AND due_at <= ?)",
            Date.now() + 1000,
          )
          .toArray()
          .map((row) => String(row.kind)),
      );
      if (left.length > 0) await runTimersNow(sessionId);
      expect(left, 'webhooks or status queries still due').toEqual([]);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Waits until the merchant's receiver has exactly these event types (in any order) for a
 * session, then drains the session (drainSession): nothing more arrives after that. */
export async function expectWebhooks(
  sessionId: string,
  types: string[],
): Promise<ReceivedWebhook[]> {
  const sorted = [...types].sort();
  await vi.waitFor(
    async () => {
      const got = (await eventsFor(sessionId)).map((w) => w.body.type).sort();
      expect(got).toEqual(sorted);
    },
    { timeout: 10_000, interval: 150 },
  );
  await drainSession(sessionId);
  const all = await eventsFor(sessionId);
  expect(all.map((w) => w.body.type).sort()).toEqual(sorted);
  return all;
}

/** An NGN virtual-account session awaiting the payer's transfer: its attempt and upstream reference. */
export async function awaitingTransfer(amount: number) {
  const { session, started } = await attemptOn(
    { amount, currency: 'NGN', reference: ref('ngn') },
    NGN_ACCOUNT,
  );
  const attemptId = started.json.attempt!.id;
  return { session, attemptId, upstreamRef: await upstreamRefOf(attemptId) };
}

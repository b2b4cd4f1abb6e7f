// Callback delivery: plain fetch() POSTs, retried with backoff (2 s, 4 s, 8 s … sandbox time,
// at most 10 attempts) until an HTTP 200, never again after it; driven by the ledger's one
// Durable Object alarm fed by its tasks table. Also the control routes that move callbacks:
// resend and forced outcomes.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  call,
  controlTransaction,
  PATHS,
  receiver,
  SCALE,
  signedPost,
  statusQuery,
} from './client/client';
import { kenyaParams } from './client/fixtures';
import { env } from './worker';

async function collect(url: string, ending = '000') {
  const created = await signedPost(PATHS.collections, kenyaParams(url, ending));
  expect(created.status).toBe(200);
  return created.body.data.depositId as string;
}

describe('the alarm', () => {
  it('one alarm is set no later than the earliest task; running it early leaves tasks not yet due', async () => {
    const hook = receiver();
    const stub = env.LEDGER.get(env.LEDGER.idFromName('ledger'));
    const created = await signedPost(PATHS.collections, {
      amount: 100,
      country_id: 17,
      currency: 'NGN',
      payment_method_type: 'virtual_account',
      account_name: 'Ada',
      bank_code: '17001',
      callback_url: hook.url,
      third_party_reference_1: crypto.randomUUID(),
    });
    expect(created.status).toBe(200);
    const ref = created.body.data.depositId as string;
    await runDurableObjectAlarm(stub); // runs whatever is due now, then re-arms
    await runInDurableObject(stub, async (_instance, state) => {
      const mine = state.storage.sql
        .exec<{ due_at: number; kind: string }>('SELECT due_at, kind FROM tasks WHERE ref = ?', ref)
        .toArray();
      expect(mine.map((task) => task.kind)).toEqual(['expire_account']);
      const earliest = state.storage.sql
        .exec<{ due: number }>('SELECT MIN(due_at) AS due FROM tasks')
        .one().due;
      expect(await state.storage.getAlarm()).toBe(earliest);
      expect(earliest).toBeLessThanOrEqual(mine[0]!.due_at);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true); // early: the expiry is not due
    expect((await controlTransaction(ref)).status).toBe('pending');
    await call('POST', `/control/virtual-accounts/${created.body.data.account_number}/pay`, {
      amount: 100,
    });
    await hook.waitFor(1);
  });
});

describe.concurrent('retries', () => {
  it('a callback answered 500 is retried with growing gaps until a 200, then never again', async () => {
    const hook = receiver({ fail: 3 });
    const ref = await collect(hook.url);
    const calls = await hook.waitFor(4);
    expect(calls.map((c) => c.answered)).toEqual([500, 500, 500, 200]);
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    [2000, 4000, 8000].forEach((sandboxMs, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(Math.floor(sandboxMs / SCALE));
    });
    expect(new Set(calls.map((c) => c.body.signature)).size).toBe(1); // the same body each time
    expect(await hook.settled()).toHaveLength(4);
    const [delivery] = (await controlTransaction(ref)).callbacks;
    expect(delivery).toMatchObject({ attempts: 4, last_status: 200, gave_up_at: null });
    expect(delivery.delivered_at).not.toBeNull();
  });

  it('any answer but 200 counts as a failure (204 is retried)', async () => {
    const hook = receiver({ fail: 1, failStatus: 204 });
    await collect(hook.url);
    const calls = await hook.waitFor(2);
    expect(calls.map((c) => c.answered)).toEqual([204, 200]);
  });

  it('an unreachable callback URL is retried too', async () => {
    const ref = await collect('http://nowhere.test/hooks');
    await expect
      .poll(async () => (await controlTransaction(ref)).callbacks[0]?.attempts, {
        timeout: 3000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(3);
  });
});

describe('resend', () => {
  it('re-sends the callback of a finished transaction', async () => {
    const hook = receiver();
    const ref = await collect(hook.url);
    await hook.waitFor(1);
    const resent = await call('POST', `/control/transactions/${ref}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.delivery_id).toEqual(expect.any(Number));
    const calls = await hook.waitFor(2);
    expect(calls[1]!.body.params).toEqual(calls[0]!.body.params);
    expect(
      (await controlTransaction(ref)).callbacks.map((c: { reason: string }) => c.reason),
    ).toEqual(['terminal', 'resend']);
  });

  it('a pending transaction has nothing to resend (409); an unknown one is 404', async () => {
    const hook = receiver();
    const ref = await collect(hook.url, '005');
    const pending = await call('POST', `/control/transactions/${ref}/resend`);
    expect(pending.status).toBe(409);
    expect(pending.body.error.code).toBe('NO_ATTEMPT_WAITING');
    const unknown = await call('POST', '/control/transactions/SBX-NOPE/resend');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });
});

describe('forced outcomes', () => {
  const force = (ref: string, outcome: unknown) =>
    call('POST', `/control/transactions/${ref}/outcome`, { outcome });

  it('success, failed and timeout on pending transactions, each with its callback', async () => {
    for (const [outcome, status, code, failure] of [
      ['success', 'success', '000000', null],
      ['failed', 'failed', '000005', 'PM-001'],
      ['timeout', 'failed', '000006', 'PM-002'],
    ] as const) {
      const hook = receiver();
      const ref = await collect(hook.url, '005');
      const forced = await force(ref, outcome);
      expect(forced.status).toBe(200);
      expect(forced.body.transaction).toMatchObject({ ref, status, status_code: code });
      const [callback] = await hook.waitFor(1);
      expect(callback!.body.params).toMatchObject({ reference: ref, status });
      expect((await statusQuery(ref, 'payin')).body.data.failureReason.failureCode).toBe(failure);
    }
  });

  it('a finished transaction cannot be forced (409); a bad outcome is a validation error', async () => {
    const hook = receiver();
    const ref = await collect(hook.url, '000');
    await hook.waitFor(1);
    const late = await force(ref, 'failed');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'NO_ATTEMPT_WAITING',
      details: { transaction: { ref, status: 'success' } },
    });
    const bad = await force(ref, 'refunded');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.issues[0].path).toBe('outcome');
    const notJson = await call('POST', `/control/transactions/${ref}/outcome`, '{');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('INVALID_JSON');
  });
});

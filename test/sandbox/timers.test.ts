// Everything that waits on the sandbox clock (SANDBOX_TIME_SCALE = 150 in this project: one
// sandbox minute = 0.4 s), run concurrently: OTP and virtual-account expiry with their failed
// callbacks, a transfer made just before expiry whose confirmation (settle_after_ms) lands
// after it, and a callback that is never acknowledged (10 attempts, then no more).
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  call,
  controlTransaction,
  pause,
  PATHS,
  receiver,
  SCALE,
  signedPost,
  statusQuery,
} from './client/client';
import { collectionParams, countryOf, kenyaParams, methodOf, openAccount } from './client/fixtures';
import { env } from './worker';

/** Moves a virtual account's expiry (and its expiry timer) to `at`; answers it. */
async function moveAccountExpiry(ref: string, at: number): Promise<number> {
  const ledger = env.LEDGER.get(env.LEDGER.idFromName('ledger'));
  await runInDurableObject(ledger, async (_instance, state) => {
    state.storage.sql.exec('UPDATE transactions SET expires_at = ? WHERE ref = ?', at, ref);
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE ref = ? AND kind = 'expire_account'",
      at,
      ref,
    );
    const alarm = await state.storage.getAlarm();
    if (alarm === null || at < alarm) await state.storage.setAlarm(at);
  });
  expect(Date.parse((await controlTransaction(ref)).expires_at)).toBe(at);
  return at;
}

const pay = (account: string, body: Record<string, unknown>) =>
  call('POST', `/control/virtual-accounts/${account}/pay`, body);

/** One sandbox minute in real ms. */
const MINUTE = 60_000 / SCALE;
/** OTP validity in this project (SANDBOX_OTP_MINUTES in vitest.config.ts; 2 upstream). */
const OTP_MINUTES = 10;

describe.concurrent('sandbox timers', () => {
  it('an OTP not confirmed within its validity (SANDBOX_OTP_MINUTES) fails: callback OT-001, OTP refused as expired', async () => {
    const hook = receiver();
    const created = await signedPost(
      PATHS.collections,
      collectionParams(countryOf(3), methodOf(3, 'otp_operator'), hook.url),
    );
    const { depositId: ref, payment_token: token } = created.body.data;
    const tx = await controlTransaction(ref);
    expect(Date.parse(tx.expires_at) - Date.parse(tx.created_at)).toBe(OTP_MINUTES * MINUTE);
    const [callback] = await hook.waitFor(1);
    expect(Date.now() - Date.parse(tx.created_at)).toBeGreaterThanOrEqual(OTP_MINUTES * MINUTE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'OT-001' },
    });
    const late = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      success: false,
      message: 'The payment token has expired. The transaction has failed.',
    });
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({
      status: 'failed',
      status_code: '000005',
      failureReason: { failureCode: 'OT-001' },
    });
  });

  it('a virtual account expires after 30 sandbox minutes: callback VA-001, then payments are refused', async () => {
    const hook = receiver();
    const created = await signedPost(
      PATHS.collections,
      collectionParams(countryOf(17), methodOf(17, 'virtual_account'), hook.url),
    );
    const { depositId: ref, account_number: account } = created.body.data;
    const tx = await controlTransaction(ref);
    expect(Date.parse(tx.expires_at) - Date.parse(tx.created_at)).toBe((30 * 60_000) / SCALE);
    const [callback] = await hook.waitFor(1, 20_000);
    expect(Date.now() - Date.parse(tx.created_at)).toBeGreaterThanOrEqual((30 * 60_000) / SCALE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'VA-001' },
    });
    const late = await call('POST', `/control/virtual-accounts/${account}/pay`, { amount: 1500 });
    expect(late.status).toBe(409);
    expect(late.body.error.details.transaction.status).toBe('failed');
  });

  it('a transfer just before expiry whose confirmation lands after it is still a success (no VA-001)', async () => {
    const { hook, ref, account } = await openAccount(5000);
    // The account's 30 sandbox minutes (12 s here) end 2 sandbox minutes from now instead (time
    // made explicit); pay 1.5 sandbox minutes before the end, confirmed 4 later. The waits left
    // are on the sandbox's own clock, which is what is under test: a commented exception to "no
    // sleep over 100 ms".
    const expiresAt = await moveAccountExpiry(ref, Date.now() + 2 * MINUTE);
    await pause(expiresAt - 1.5 * MINUTE - Date.now());
    const paid = await pay(account, { amount: 5000, settle_after_ms: 4 * 60_000 });
    expect(paid.status).toBe(200);
    expect(Date.parse(paid.body.transfer.created_at)).toBeLessThan(expiresAt);
    await pause(expiresAt + MINUTE / 2 - Date.now()); // past expiry, before the confirmation
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({
      status: 'pending',
      status_code: '000001',
    });
    const late = await pay(account, { amount: 5000 });
    expect(late.status).toBe(409);
    expect(late.body.error.details.transaction.status).toBe('pending');
    const [callback] = await hook.waitFor(1);
    expect(callback!.at).toBeGreaterThan(expiresAt);
    expect(callback!.body.params).toMatchObject({ amount: 5000, status: 'success' });
    expect(await hook.settled()).toHaveLength(1);
    expect((await statusQuery(ref, 'payin')).body.data.status).toBe('success');
  }, 20_000);

  it('a callback never answered 200 is tried 10 times (2 s, 4 s … 512 s apart), then given up', async () => {
    const hook = receiver({ fail: 100 });
    const created = await signedPost(PATHS.collections, kenyaParams(hook.url, '000'));
    const ref = created.body.data.depositId as string;
    const calls = await hook.waitFor(10, 15_000); // 1022 sandbox seconds ≈ 6.8 s here
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    gaps.forEach((gap, i) =>
      expect(gap).toBeGreaterThanOrEqual(Math.floor((2000 * 2 ** i) / SCALE)),
    );
    expect(await hook.settled()).toHaveLength(10);
    const [delivery] = (await controlTransaction(ref)).callbacks;
    expect(delivery).toMatchObject({
      attempts: 10,
      last_status: 500,
      delivered_at: null,
      next_attempt_at: null,
    });
    expect(delivery.gave_up_at).not.toBeNull();
  });
});

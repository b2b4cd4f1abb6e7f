// Unkind timings: test numbers 006–009 settle late, after a pending (000001) or a
// timeout (000006) window of SANDBOX_LATE_SETTLE_MINUTES (3 sandbox minutes = 1.2 s at this
// project's time scale of 150), for collections (also after a correct OTP), payouts and
// payment-link payments; and POST /control/transactions/:ref/outcome with `amount` (a short
// success) and `after_ms` (a late one).
import { describe, expect, it } from 'vitest';
import { lateSettleMinutes } from '../../sandbox/src/outcomes';
import {
  call,
  controlTransaction,
  pause,
  PATHS,
  receiver,
  SCALE,
  signedPost,
  statusQuery,
  uniqueRef,
} from './client/client';
import { collectionParams, countryOf, kenyaParams, methodOf, phoneOf } from './client/fixtures';

/** One sandbox minute in real ms at the project's time scale. */
const MINUTE = 60_000 / SCALE;
/** The late-settle time of 006–009 (sandbox/wrangler.toml: 3 sandbox minutes). */
const LATE = 3 * MINUTE;

/**
 * Waits until the real clock reaches `at` (ms since the epoch). The sandbox's own clock (real
 * time at SANDBOX_TIME_SCALE) is what these tests check, so they wait on it: a commented
 * exception to "no sleep over 100 ms" (one sandbox minute is 0.4 s here).
 */
async function pauseUntil(at: number): Promise<void> {
  const wait = at - Date.now();
  if (wait > 0) await pause(wait);
}

/** A Kenya send-money collection whose payer phone ends in `ending`. */
async function collect(ending: string, extra: Record<string, unknown> = {}) {
  const hook = receiver();
  const params = kenyaParams(hook.url, ending, extra);
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  const ref = created.body.data.depositId as string;
  const createdAt = Date.parse((await controlTransaction(ref)).created_at);
  return { hook, params, ref, createdAt };
}

/** A UGX payout whose recipient phone ends in `ending`. */
async function payout(ending: string) {
  const hook = receiver();
  const created = await signedPost(PATHS.payouts, {
    amount: 2500,
    currency: 'UGX',
    mobile: `256772111${ending}`,
    payment_method_type: 'mtn',
    third_party_reference_1: uniqueRef('po'),
    payment_reference: uniqueRef('pay'),
    client_callback_url: hook.url,
  });
  expect(created.status).toBe(200);
  const ref = created.body.data.reference as string;
  const createdAt = Date.parse((await controlTransaction(ref)).created_at);
  return { hook, ref, createdAt };
}

/** Pays a fresh KES payment link on its hosted page with a phone ending in `ending`. */
async function payLink(ending: string) {
  const hook = receiver();
  const created = await signedPost(PATHS.linkCreate, {
    business_name: 'Corner Shop',
    item_name: 'Poster A2',
    callback_url: hook.url,
    redirection_url: 'https://shop.example/thanks',
    currency: 'KES',
    amount: 1200,
    country_id: 1,
  });
  expect(created.status).toBe(200);
  const paid = await call(
    'POST',
    `/links/${created.body.data.id}/pay`,
    `phone=254712345${ending}&payment_type=pay+bill`,
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  );
  expect(paid.status).toBe(303);
  const ref = new URL(paid.headers.get('location')!).searchParams.get('reference')!;
  const createdAt = Date.parse((await controlTransaction(ref)).created_at);
  return { hook, ref, createdAt, linkId: created.body.data.id as string };
}

const outcome = (ref: string, body: unknown) =>
  call('POST', `/control/transactions/${ref}/outcome`, body);

describe.concurrent('test numbers 006–009 (late settlements)', () => {
  it('006: pending 000001 for 3 sandbox minutes, then one success callback', async () => {
    const { hook, ref, createdAt } = await collect('006');
    expect((await controlTransaction(ref)).script).toBe('late_success');
    const early = await statusQuery(ref, 'payin');
    expect(early.body.status_code).toBe('000001');
    expect(early.body.data).toMatchObject({ status: 'pending', status_code: '000001', fee: 0 });
    await pauseUntil(createdAt + LATE / 2); // 1.5 sandbox minutes: a 000 would be long done
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    expect(await hook.calls()).toHaveLength(0);
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      amount: 1500,
      payment_step: 2,
      status: 'success',
      statusCode: '000000',
    });
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({
      status: 'success',
      status_code: '000000',
      fee: 22.5,
    });
    expect(await hook.settled()).toHaveLength(1);
  });

  it('007: status 000006 (exactly what 002 answers) for 3 sandbox minutes, then success', async () => {
    const { hook, ref, createdAt } = await collect('007');
    const early = await statusQuery(ref, 'payin');
    expect(early.body.status_code).toBe('000006');
    expect(early.body.data).toMatchObject({
      status: 'failed',
      status_code: '000006',
      fee: 0,
      failureReason: { failureCode: 'PM-002', failureMessage: expect.any(String) },
    });
    const view = await controlTransaction(ref);
    expect(view).toMatchObject({ status: 'pending', status_code: '000006', stage: 'processing' });
    await pauseUntil(createdAt + LATE / 2);
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000006');
    expect(await hook.calls()).toHaveLength(0);
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      status: 'success',
      statusCode: '000000',
    });
    expect(callback!.body.params).not.toHaveProperty('failureReason');
    const final = await statusQuery(ref, 'payin');
    expect(final.body.status_code).toBe('000000');
    expect(final.body.data).toMatchObject({
      status: 'success',
      fee: 22.5,
      failureReason: { failureCode: null, failureMessage: null },
    });
  });

  it('008: status 000006 for 3 sandbox minutes, then a failed callback and status 000005', async () => {
    const { hook, ref, createdAt } = await collect('008');
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000006');
    await pauseUntil(createdAt + LATE / 2);
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000006');
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      payment_step: 2,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-002' },
    });
    const final = await statusQuery(ref, 'payin');
    expect(final.body.status_code).toBe('000005');
    expect(final.body.data).toMatchObject({ status: 'failed', fee: 0 });
  });

  it('009: pending 000001 for 3 sandbox minutes, then a failed callback (PM-001)', async () => {
    const { hook, ref, createdAt } = await collect('009');
    await pauseUntil(createdAt + LATE / 2);
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({
      status: 'pending',
      status_code: '000001',
    });
    expect(await hook.calls()).toHaveLength(0);
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001' },
    });
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000005');
  });

  it('OTP method: the 3 minutes count from the accepted OTP (past the 2-minute validity)', async () => {
    const hook = receiver();
    const ci = countryOf(3);
    const created = await signedPost(
      PATHS.collections,
      collectionParams(ci, methodOf(3, 'otp_operator'), hook.url, { mobile: phoneOf(ci, '007') }),
    );
    const { depositId: ref, payment_token: token } = created.body.data;
    // Before the OTP: an ordinary pending transaction.
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    // The sandbox clock under test (see pauseUntil): half a sandbox minute into the validity.
    await pause(MINUTE / 2);
    const accepted = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(accepted.status).toBe(200);
    const view = await controlTransaction(ref);
    const createdAt = Date.parse(view.created_at);
    const acceptedAt = Date.parse(view.updated_at); // the acceptance is the last change
    expect(acceptedAt - createdAt).toBeGreaterThanOrEqual(MINUTE / 2);
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000006');
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - acceptedAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({ reference: ref, status: 'success' });
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000000');
  });

  it('payouts: 007 answers 000006, then a success payout callback', async () => {
    const { hook, ref, createdAt } = await payout('007');
    const early = await statusQuery(ref, 'payout');
    expect(early.body.data).toMatchObject({
      status: 'failed',
      status_code: '000006',
      failureReason: { failureCode: 'PO-002' },
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      amount: 2500,
      currency: 'UGX',
      status: 'success',
      statusCode: '000000',
    });
    expect((await statusQuery(ref, 'payout')).body.status_code).toBe('000000');
  });

  it('payouts: 009 stays pending, then fails with PO-001', async () => {
    const { hook, ref, createdAt } = await payout('009');
    expect((await statusQuery(ref, 'payout')).body.status_code).toBe('000001');
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(LATE);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      failureReason: { failureCode: 'PO-001' },
    });
  });

  it('payment-link payments: 006 succeeds late, 008 fails after a 000006 window', async () => {
    const late = await payLink('006');
    const timedOut = await payLink('008');
    expect((await statusQuery(late.ref, 'payin')).body.status_code).toBe('000001');
    expect((await statusQuery(timedOut.ref, 'payin')).body.status_code).toBe('000006');
    const [success] = await late.hook.waitFor(1);
    const [failure] = await timedOut.hook.waitFor(1);
    expect(success!.at - late.createdAt).toBeGreaterThanOrEqual(LATE);
    expect(failure!.at - timedOut.createdAt).toBeGreaterThanOrEqual(LATE);
    expect(success!.body.params).toMatchObject({
      reference: late.ref,
      third_party_reference_1: late.linkId,
      amount: 1200,
      status: 'success',
    });
    expect(failure!.body.params).toMatchObject({ status: 'failed', statusCode: '000005' });
  });

  it('the late-settle var: minutes ≥ 0 (fractions allowed), 3 when unset or not a number', () => {
    expect(lateSettleMinutes(undefined)).toBe(3);
    expect(lateSettleMinutes('')).toBe(3);
    expect(lateSettleMinutes('soon')).toBe(3);
    expect(lateSettleMinutes('-1')).toBe(3);
    expect(lateSettleMinutes('0.5')).toBe(0.5);
    expect(lateSettleMinutes('10')).toBe(10);
  });
});

describe.concurrent('POST /control/transactions/:ref/outcome with amount and after_ms', () => {
  it('amount: a short success reported by callback and status query, fee on what settled', async () => {
    const { hook, ref } = await collect('005');
    const forced = await outcome(ref, { outcome: 'success', amount: 1000 });
    expect(forced.status).toBe(200);
    expect(forced.body.transaction).toMatchObject({
      status: 'success',
      amount: 1500,
      settled_amount: 1000,
      fee: 15,
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      amount: 1000,
      status: 'success',
    });
    const status = await statusQuery(ref, 'payin');
    expect(status.body.data).toMatchObject({ amount: 1000, fee: 15, status: 'success' });
    expect(status.body.data.transaction_detail).toContain('Collection of 1000 KES');
  });

  it('after_ms: stays pending (000001) until then, then settles as asked', async () => {
    const { hook, ref } = await collect('005');
    const askedAt = Date.now();
    const forced = await outcome(ref, { outcome: 'success', amount: 1499.5, after_ms: 150_000 });
    expect(forced.status).toBe(200);
    expect(forced.body.transaction).toMatchObject({
      status: 'pending',
      stage: 'processing',
      planned: { outcome: 'success', amount: 1499.5, at: expect.any(String) },
    });
    expect(Date.parse(forced.body.transaction.planned.at) - askedAt).toBeGreaterThanOrEqual(
      2.5 * MINUTE,
    );
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - askedAt).toBeGreaterThanOrEqual(2.5 * MINUTE);
    expect(callback!.body.params).toMatchObject({ amount: 1499.5, status: 'success' });
    const view = await controlTransaction(ref);
    expect(view).toMatchObject({ status: 'success', settled_amount: 1499.5, planned: null });
  });

  it('after_ms: a later call replaces the plan (only its outcome is called back)', async () => {
    const { hook, ref } = await collect('005');
    expect((await outcome(ref, { outcome: 'failed', after_ms: 30_000 })).status).toBe(200);
    const replaced = await outcome(ref, { outcome: 'timeout', after_ms: 150_000 });
    expect(replaced.body.transaction.planned.outcome).toBe('timeout');
    // The sandbox clock under test (see pauseUntil): past the first plan's time.
    await pause(MINUTE / 2 + 100);
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      failureReason: { failureCode: 'PM-002' },
    });
    expect((await statusQuery(ref, 'payin')).body.status_code).toBe('000006');
    expect(await hook.settled()).toHaveLength(1);
  });

  it('after_ms takes over a scripted number: a 007 forced to fail later fails then, not earlier', async () => {
    const { hook, ref, createdAt } = await collect('007');
    const forced = await outcome(ref, { outcome: 'failed', after_ms: 5 * 60_000 });
    expect(forced.status).toBe(200);
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - createdAt).toBeGreaterThanOrEqual(5 * MINUTE - 50);
    expect(callback!.body.params).toMatchObject({ status: 'failed', statusCode: '000005' });
  });

  it('bad input answers 400 in the error shape and changes nothing', async () => {
    const { hook, ref } = await collect('005');
    const bad: unknown[] = [
      { outcome: 'success', amount: 0 },
      { outcome: 'success', amount: 10.555 },
      { outcome: 'success', amount: '1000' },
      { outcome: 'success', after_ms: -1 },
      { outcome: 'success', after_ms: 1.5 },
      { outcome: 'success', afterms: 1000 },
      { outcome: 'later' },
    ];
    for (const body of bad) {
      const got = await outcome(ref, body);
      expect(got.status, JSON.stringify(body)).toBe(400);
      expect(got.body.error.code).toBe('VALIDATION_FAILED');
      expect(got.body.error.details.issues.length).toBeGreaterThan(0);
    }
    const notJson = await outcome(ref, '{');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('INVALID_JSON');
    const view = await controlTransaction(ref);
    expect(view).toMatchObject({
      status: 'pending',
      stage: 'stalled',
      planned: null,
      settled_amount: null,
    });
    expect(await hook.settled()).toHaveLength(0);
    const missing = await outcome('SBX-NOSUCHREF00', { outcome: 'success', amount: 1000 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

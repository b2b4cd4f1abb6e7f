// Scripted outcomes by the payer phone number's last three digits, seen as a merchant sees
// them: signed callbacks (field sets of the spec's Events section) and status queries.
import { describe, expect, it } from 'vitest';
import {
  controlTransaction,
  CREDENTIALS,
  PATHS,
  receiver,
  signedPost,
  statusQuery,
  waitForStatus,
  type Callback,
} from './client/client';
import { kenyaParams } from './client/fixtures';
import { signatureOf } from './client/signer';

const COLLECTION_FIELDS = [
  'amount',
  'depositId',
  'mobile',
  'name',
  'payment_step',
  'reference',
  'status',
  'statusCode',
  'third_party_reference_1',
  'third_party_reference_2',
];

/** Creates a Kenya send-money collection whose payer phone ends in `ending`. */
async function collect(ending: string) {
  const hook = receiver();
  const params = kenyaParams(hook.url, ending);
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  return { hook, params, ref: created.body.data.depositId as string };
}

/** Checks a callback is a correctly signed envelope from the integration. */
async function expectSigned(callback: Callback) {
  expect(callback.contentType).toBe('application/json');
  expect(Object.keys(callback.body).sort()).toEqual(
    ['client_id', 'params', 'salt', 'sender', 'signature', 'timestamp'].sort(),
  );
  expect(callback.body.client_id).toBe(CREDENTIALS.clientId);
  expect(callback.body.sender).toBe(CREDENTIALS.sender);
  expect(Number.isInteger(callback.body.timestamp)).toBe(true);
  expect(callback.body.signature).toBe(await signatureOf(callback.body, CREDENTIALS.secret));
}

describe.concurrent('scripted outcomes of collections', () => {
  it('000: one signed success callback after a short delay', async () => {
    const { hook, params, ref } = await collect('000');
    const [callback] = await hook.waitFor(1);
    await expectSigned(callback!);
    expect(Object.keys(callback!.body.params).sort()).toEqual(COLLECTION_FIELDS);
    expect(callback!.body.params).toEqual({
      amount: 1500,
      depositId: ref,
      mobile: params.mobile,
      name: null,
      payment_step: 2,
      reference: ref,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: params.third_party_reference_1,
      third_party_reference_2: params.third_party_reference_2,
    });
    expect(await hook.settled()).toHaveLength(1);
    const status = await statusQuery(ref, 'payin');
    expect(status.body.data).toMatchObject({ status: 'success', status_code: '000000' });
  });

  it('001: a failed callback with failureReason PM-001', async () => {
    const { hook, ref } = await collect('001');
    const [callback] = await hook.waitFor(1);
    await expectSigned(callback!);
    expect(Object.keys(callback!.body.params).sort()).toEqual(
      [...COLLECTION_FIELDS, 'failureReason'].sort(),
    );
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      payment_step: 2,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001', failureMessage: expect.any(String) },
    });
    const status = await statusQuery(ref, 'payin');
    expect(status.body.data).toMatchObject({
      status: 'failed',
      status_code: '000005',
      failureReason: { failureCode: 'PM-001' },
    });
  });

  it('002: timeout: status 000006, failed callback (statusCode 000005, PM-002)', async () => {
    const { hook, ref } = await collect('002');
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-002' },
    });
    const status = await statusQuery(ref, 'payin');
    expect(status.body.status_code).toBe('000006');
    expect(status.body.data).toMatchObject({
      status: 'failed',
      status_code: '000006',
      failureReason: { failureCode: 'PM-002', failureMessage: expect.any(String) },
    });
  });

  it('003: no callback ever, but the status query answers success', async () => {
    const { hook, params, ref } = await collect('003');
    const status = await waitForStatus(params.third_party_reference_1 as string, 'payin', '000000');
    expect(status.body.data).toMatchObject({ ref, status: 'success' });
    expect(await hook.settled()).toHaveLength(0);
    expect((await controlTransaction(ref)).callbacks).toEqual([]);
  });

  it('004: the success callback is delivered three times', async () => {
    const { hook, ref } = await collect('004');
    const calls = await hook.waitFor(3);
    expect(calls).toHaveLength(3);
    for (const callback of calls) {
      await expectSigned(callback);
      expect(callback.body.params).toMatchObject({
        reference: ref,
        status: 'success',
        statusCode: '000000',
      });
    }
    expect(await hook.settled()).toHaveLength(3);
  });

  it('005: pending forever: status 000001 and no callback', async () => {
    const { hook, ref } = await collect('005');
    // No timer or delivery of it is left in the sandbox: it stays pending, nothing is sent.
    await hook.settled();
    const status = await statusQuery(ref, 'payin');
    expect(status.body.status_code).toBe('000001');
    expect(status.body.data).toMatchObject({
      status: 'pending',
      status_code: '000001',
      failureReason: { failureCode: null, failureMessage: null },
    });
    expect(await hook.calls()).toHaveLength(0);
  });

  it('any other ending succeeds', async () => {
    for (const ending of ['010', '999', '123']) {
      const { hook, ref } = await collect(ending);
      const [callback] = await hook.waitFor(1);
      expect(callback!.body.params).toMatchObject({ reference: ref, status: 'success' });
    }
  });

  it('operator methods follow the same table', async () => {
    const hook = receiver();
    const params = kenyaParams(hook.url, '001', { payment_method_type: 'Airtel' });
    const created = await signedPost(PATHS.collections, params);
    expect(created.status).toBe(200);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      failureReason: { failureCode: 'PM-001' },
    });
  });
});

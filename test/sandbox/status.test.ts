// POST /api/v3/get-unified-transaction-status: every accepted id, the type rule, the 400 and
// 403 bodies of the Errors table, and the full transaction record.
import { describe, expect, it } from 'vitest';
import { MESSAGES, PATHS, receiver, signedPost, statusQuery, waitForStatus } from './client/client';
import { kenyaParams } from './client/fixtures';

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const RECORD_FIELDS = [
  'amount',
  'fee',
  'currency',
  'status',
  'status_code',
  'payee',
  'invoice_no',
  'mobile',
  'account_number',
  'ref',
  'balance',
  'transaction_detail',
  'payment_channel',
  'transaction_date',
  'created_at',
  'updated_at',
  'callback_url',
  'failureReason',
  'transaction_id',
  'payment_method_type',
  'third_party_reference_1',
  'third_party_reference_2',
  'payment_reference',
].sort();

async function succeeded() {
  const hook = receiver();
  const params = kenyaParams(hook.url, '000');
  const created = await signedPost(PATHS.collections, params);
  const ref = created.body.data.depositId as string;
  await waitForStatus(ref, 'payin', '000000');
  return { params, ref, hook };
}

describe('status query', () => {
  it('finds a collection by third_party_reference_1, third_party_reference_2, ref and depositId', async () => {
    const { params, ref } = await succeeded();
    for (const id of [params.third_party_reference_1, params.third_party_reference_2, ref]) {
      const got = await statusQuery(id as string, 'payin');
      expect(got.status).toBe(200);
      expect(got.body.success).toBe(true);
      expect(got.body.data.ref).toBe(ref);
    }
  });

  it('answers the full transaction record', async () => {
    const { params, ref, hook } = await succeeded();
    const got = await statusQuery(ref, 'payin');
    expect(Object.keys(got.body).sort()).toEqual(['data', 'message', 'status_code', 'success']);
    expect(got.body.status_code).toBe('000000');
    const record = got.body.data;
    expect(Object.keys(record).sort()).toEqual(RECORD_FIELDS);
    expect(record).toMatchObject({
      amount: 1500,
      fee: 22.5,
      currency: 'KES',
      status: 'success',
      status_code: '000000',
      payee: 'Test Shop',
      invoice_no: `INV-${ref}`,
      mobile: params.mobile,
      account_number: 'SBX-KES-0001',
      ref,
      transaction_id: ref,
      payment_channel: 'send money',
      payment_method_type: 'send money',
      callback_url: hook.url,
      third_party_reference_1: params.third_party_reference_1,
      third_party_reference_2: params.third_party_reference_2,
      payment_reference: null,
      failureReason: { failureCode: null, failureMessage: null },
    });
    expect(record.balance).toMatch(/^\d+\.\d{2}$/);
    expect(record.transaction_detail).toContain('1500 KES');
    for (const field of ['transaction_date', 'created_at', 'updated_at']) {
      expect(record[field]).toMatch(DATE);
    }
  });

  it('a pending transaction: status 000001, no fee, current balance', async () => {
    const hook = receiver();
    const created = await signedPost(PATHS.collections, kenyaParams(hook.url, '005'));
    const got = await statusQuery(created.body.data.depositId, 'payin');
    expect(got.status).toBe(200);
    expect(got.body.status_code).toBe('000001');
    expect(got.body.data).toMatchObject({ status: 'pending', status_code: '000001', fee: 0 });
  });

  it('type must match how the transaction was created (400)', async () => {
    const { ref } = await succeeded();
    const got = await statusQuery(ref, 'payout');
    expect(got.status).toBe(400);
    expect(got.body).toEqual({ success: false, message: MESSAGES.statusNotFound });
  });

  it('an unknown id answers 400 with the spec message', async () => {
    const got = await statusQuery('no-such-reference', 'payin');
    expect(got.status).toBe(400);
    expect(got.body).toEqual({ success: false, message: MESSAGES.statusNotFound });
  });

  it('id and type are required; type is payin or payout', async () => {
    for (const params of [{ type: 'payin' }, { id: 'x' }, { id: 'x', type: 'refund' }]) {
      const got = await signedPost(PATHS.status, params);
      expect(got.status).toBe(400);
      expect(got.body).toEqual({ success: false, message: MESSAGES.statusNotFound });
    }
  });

  it('an envelope failure answers 403 with the spec message', async () => {
    const got = await statusQuery('x', 'payin', { sender: 'Other Shop' });
    expect(got.status).toBe(403);
    expect(got.body).toEqual({ success: false, message: MESSAGES.notVerified });
  });
});

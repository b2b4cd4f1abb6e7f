import { describe, expect, it } from 'vitest';
import {
  balanceResponseSchema,
  collectionResponseSchema,
  processTransactionParamsSchema,
  signedEnvelope,
  statusQueryParamsSchema,
  statusResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  transactionRecordSchema,
  upstreamFailureSchema,
} from '../../../shared/schemas';
import { signEnvelope } from '../../../shared/signing';
import { validate } from '../../../shared/validation';
import { expectIssue, expectOk } from './expect-issue';

describe('signed envelope', () => {
  const envelope = {
    client_id: 'client-1',
    sender: 'Shop',
    timestamp: 1_700_000_000,
    salt: 'salt-1',
    signature: 'ab'.repeat(32),
    params: { amount: 100 },
  };

  it('accepts an envelope made by signEnvelope, and extra root keys', async () => {
    const signed = await signEnvelope(
      { amount: 100 },
      { clientId: 'c1', sender: 'Shop', secretKey: 'secret' },
    );
    expectOk(validate(signedEnvelope, signed));
    expectOk(validate(signedEnvelope, { ...envelope, extra: true }));
    expectOk(validate(signedEnvelope, { ...envelope, signature: 'AB'.repeat(32) }));
  });

  it('refuses a signature that is not 64 hex characters', () => {
    const why = 'signature must be 64 hexadecimal characters (a SHA-256 signature)';
    expectIssue(validate(signedEnvelope, { ...envelope, signature: 'xyz' }), 'signature', why);
    expectIssue(
      validate(signedEnvelope, { ...envelope, signature: 'a'.repeat(63) }),
      'signature',
      why,
    );
  });

  it('refuses a timestamp that is not whole seconds', () => {
    const why = 'timestamp must be a whole number of seconds since 1970 (Unix time)';
    expectIssue(validate(signedEnvelope, { ...envelope, timestamp: 1.5 }), 'timestamp', why);
    expectIssue(
      validate(signedEnvelope, { ...envelope, timestamp: '1700000000' }),
      'timestamp',
      'timestamp must be a number',
    );
  });

  it('requires every authentication field and an object of params', () => {
    for (const field of ['client_id', 'sender', 'salt', 'signature', 'timestamp', 'params']) {
      const { [field]: _, ...rest } = envelope as Record<string, unknown>;
      expectIssue(validate(signedEnvelope, rest), field, `${field} is required`);
    }
    expectIssue(
      validate(signedEnvelope, { ...envelope, params: [] }),
      'params',
      'params must be an object',
    );
    expectIssue(
      validate(signedEnvelope, { ...envelope, client_id: '' }),
      'client_id',
      'client_id must not be empty',
    );
  });
});

describe('collection response', () => {
  const response = {
    success: true,
    message: 'Kindly approve the payment on your phone.',
    status_code: '000000',
    data: {
      amount: 100,
      country_id: 1,
      currency: 'KES',
      mobile: '254712345678',
      payment_method_type: 'send money',
      third_party_reference_1: 'cs_1.1',
      MerchantRequestID: 'MR-1',
      depositId: 'DEP-1',
      account_number: null,
      bank_name: null,
      payment_token: null,
      payment_step: 1,
      authorization_url: null,
    },
  };

  it('accepts the documented fields, nulls and extra keys', () => {
    expect(expectOk(validate(collectionResponseSchema, response)).data.depositId).toBe('DEP-1');
    expectOk(
      validate(collectionResponseSchema, { ...response, data: { ...response.data, other: 1 } }),
    );
    expectOk(validate(collectionResponseSchema, { ...response, data: {} }));
  });

  it('refuses wrong field types and a missing root field', () => {
    expectIssue(
      validate(collectionResponseSchema, {
        ...response,
        data: { ...response.data, payment_step: '1' },
      }),
      'data.payment_step',
      'data.payment_step must be a number',
    );
    const { status_code: _, ...rest } = response;
    expectIssue(validate(collectionResponseSchema, rest), 'status_code', 'status_code is required');
    expectIssue(
      validate(collectionResponseSchema, { ...response, success: false }),
      'success',
      'success must be one of true, "true"',
    );
  });
});

describe('status query', () => {
  const record = {
    amount: 100,
    fee: 1.5,
    currency: 'KES',
    status: 'success',
    status_code: '000000',
    mobile: '254712345678',
    ref: 'REF-1',
    balance: '1200.50',
    transaction_date: '2026-11-22 13:15:00',
    created_at: '2026-11-22 13:14:59',
    updated_at: '2026-11-22 13:15:00',
    failureReason: { failureCode: null, failureMessage: null },
    transaction_id: 'T-1',
    third_party_reference_1: 'cs_1.1',
  };

  it('accepts a record and a response with status_code at the root', () => {
    expectOk(validate(transactionRecordSchema, record));
    expectOk(
      validate(statusResponseSchema, {
        success: true,
        message: 'ok',
        data: record,
        status_code: '000000',
      }),
    );
    expectOk(
      validate(transactionRecordSchema, { ...record, status: 'failed', status_code: '000006' }),
    );
  });

  it('refuses a date not written YYYY-MM-DD HH:MM:SS', () => {
    const why = 'transaction_date must be a date and time written YYYY-MM-DD HH:MM:SS';
    for (const date of [
      '2026-11-22T13:15:00Z',
      '2026-13-22 13:15:00',
      '2026-11-22 24:00:00',
      '22/11/2026',
    ]) {
      expectIssue(
        validate(transactionRecordSchema, { ...record, transaction_date: date }),
        'transaction_date',
        why,
      );
    }
  });

  it('refuses an unknown status or status code', () => {
    expectIssue(
      validate(transactionRecordSchema, { ...record, status: 'done' }),
      'status',
      'status must be one of "success", "failed", "pending"',
    );
    expectIssue(
      validate(transactionRecordSchema, { ...record, status_code: '000002' }),
      'status_code',
      'status_code must be one of "000000", "000001", "000005", "000006"',
    );
  });

  it('refuses a failureReason whose fields are not strings or null', () => {
    expectIssue(
      validate(transactionRecordSchema, { ...record, failureReason: { failureCode: 5 } }),
      'failureReason.failureCode',
      'failureReason.failureCode must be a string',
    );
    expectOk(
      validate(transactionRecordSchema, {
        ...record,
        failureReason: { failureCode: 'PM-001', failureMessage: 'Declined' },
      }),
    );
  });

  it('params: id and a type of payin or payout', () => {
    expectOk(validate(statusQueryParamsSchema, { id: 'cs_1.1', type: 'payin' }));
    expectIssue(
      validate(statusQueryParamsSchema, { id: 'cs_1.1', type: 'refund' }),
      'type',
      'type must be one of "payin", "payout"',
    );
    expectIssue(validate(statusQueryParamsSchema, { type: 'payin' }), 'id', 'id is required');
  });
});

describe('token, balance, OTP step and failure bodies', () => {
  it('token request and response', () => {
    expectOk(validate(tokenRequestSchema, { client_id: 'c1', secret_key: 's1' }));
    expectIssue(
      validate(tokenRequestSchema, { client_id: 'c1' }),
      'secret_key',
      'secret_key is required',
    );
    expectOk(
      validate(tokenResponseSchema, { success: 'true', message: 'ok', data: { token: 'tok' } }),
    );
    expectOk(
      validate(tokenResponseSchema, { success: true, message: 'ok', data: { token: 'tok' } }),
    );
    expectIssue(
      validate(tokenResponseSchema, { success: true, message: 'ok', data: {} }),
      'data.token',
      'data.token is required',
    );
  });

  it('balance response: data is an array of unknown items', () => {
    expectOk(
      validate(balanceResponseSchema, {
        success: 'true',
        message: 'ok',
        data: [{ any: 'shape' }, 1],
      }),
    );
    expectIssue(
      validate(balanceResponseSchema, { success: 'true', message: 'ok', data: {} }),
      'data',
      'data must be a list',
    );
  });

  it('OTP step params', () => {
    expectOk(validate(processTransactionParamsSchema, { otp: '000000', payment_token: 'pt-1' }));
    expectIssue(
      validate(processTransactionParamsSchema, { otp: '000000' }),
      'payment_token',
      'payment_token is required',
    );
  });

  it('failure bodies: success false (or "false") and a message', () => {
    expectOk(validate(upstreamFailureSchema, { success: false, message: 'User not found!' }));
    expectOk(
      validate(upstreamFailureSchema, { success: 'false', message: 'Credentials were not found.' }),
    );
    expectIssue(
      validate(upstreamFailureSchema, { success: true, message: 'x' }),
      'success',
      'success must be one of false, "false"',
    );
    expectIssue(
      validate(upstreamFailureSchema, { success: false }),
      'message',
      'message is required',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  collectionCallbackParamsSchema,
  collectionCallbackSchema,
  paymentLinkCallbackOutcome,
  paymentLinkCallbackParamsSchema,
  payoutCallbackParamsSchema,
} from '../../../shared/schemas';
import { validate } from '../../../shared/validation';
import { expectIssue, expectOk } from './expect-issue';

const success = {
  amount: 100,
  depositId: 'DEP-1',
  mobile: '254712345678',
  name: 'Jane Doe',
  payment_step: 2,
  reference: 'REF-1',
  status: 'success',
  statusCode: '000000',
  third_party_reference_1: 'cs_1.1',
  third_party_reference_2: 'order-42',
};
const failure = {
  ...success,
  status: 'failed',
  statusCode: '000005',
  failureReason: { failureCode: 'PM-001', failureMessage: 'Insufficient funds' },
};

describe('collection callback params', () => {
  it('accepts a success and a failure, with a decimal amount and extra keys', () => {
    expectOk(validate(collectionCallbackParamsSchema, success));
    expectOk(validate(collectionCallbackParamsSchema, failure));
    expectOk(
      validate(collectionCallbackParamsSchema, { ...success, amount: 100.5, extra: 'kept' }),
    );
    expectOk(validate(collectionCallbackParamsSchema, { ...failure, statusCode: '000006' }));
  });

  it('accepts a non-terminal callback: payment_step 1, a pending status, no status at step 1', () => {
    expectOk(validate(collectionCallbackParamsSchema, { ...success, payment_step: 1 }));
    expectOk(
      validate(collectionCallbackParamsSchema, {
        ...success,
        status: 'pending',
        statusCode: '000001',
      }),
    );
    expectOk(validate(collectionCallbackParamsSchema, { ...success, status: 'paid' }));
    // At payment_step 1 the terminal rules do not apply (a failed acknowledgement without
    // failureReason, no status at all).
    expectOk(
      validate(collectionCallbackParamsSchema, {
        ...success,
        payment_step: 1,
        status: 'failed',
        statusCode: '000000',
      }),
    );
    const { status: _, statusCode: __, ...bare } = success;
    expectOk(validate(collectionCallbackParamsSchema, { ...bare, payment_step: 1 }));
  });

  it('refuses a payment_step other than the number 1 or 2', () => {
    for (const step of [0, 3, '2', null]) {
      expectIssue(
        validate(collectionCallbackParamsSchema, { ...success, payment_step: step }),
        'payment_step',
        /^payment_step /,
      );
    }
  });

  it('refuses a status code that contradicts the status of a terminal callback', () => {
    expectIssue(
      validate(collectionCallbackParamsSchema, { ...success, statusCode: '000005' }),
      'statusCode',
      'statusCode must be "000000" when status is "success"',
    );
    expectIssue(
      validate(collectionCallbackParamsSchema, { ...failure, statusCode: '000000' }),
      'statusCode',
      'statusCode must be "000005" or "000006" when status is "failed"',
    );
    const { status: _, ...noStatus } = success;
    expectIssue(
      validate(collectionCallbackParamsSchema, noStatus),
      'status',
      'status is required when payment_step is 2',
    );
    expectIssue(
      validate(collectionCallbackParamsSchema, { ...success, statusCode: 0 }),
      'statusCode',
      /^statusCode must be a string/,
    );
    expectIssue(
      validate(collectionCallbackParamsSchema, { ...success, status: '' }),
      'status',
      /^status /,
    );
  });

  it('takes a failure without failureReason (its reason is then unknown); one given is an object', () => {
    const { failureReason: _, ...rest } = failure;
    expectOk(validate(collectionCallbackParamsSchema, rest));
    expectOk(validate(collectionCallbackParamsSchema, { ...rest, failureReason: null }));
    expect(validate(collectionCallbackParamsSchema, { ...rest, failureReason: 'x' }).ok).toBe(
      false,
    );
  });

  it('requires a reference that identifies the transaction', () => {
    const { third_party_reference_1: _, reference: __, depositId: ___, ...rest } = success;
    expectIssue(
      validate(collectionCallbackParamsSchema, rest),
      'third_party_reference_1',
      'third_party_reference_1 is required when reference and depositId are missing: one of them must identify the transaction',
    );
    expectOk(validate(collectionCallbackParamsSchema, { ...rest, depositId: 'DEP-1' }));
  });

  it('refuses an amount sent as text', () => {
    expectIssue(
      validate(collectionCallbackParamsSchema, { ...success, amount: '100' }),
      'amount',
      'amount must be a number',
    );
  });

  it('checks the whole callback envelope with params paths', () => {
    const envelope = {
      client_id: 'c1',
      sender: 'Shop',
      salt: 's',
      timestamp: 1_700_000_000,
      signature: 'f'.repeat(64),
      params: { ...success, payment_step: 3 },
    };
    expectIssue(
      validate(collectionCallbackSchema, envelope),
      'params.payment_step',
      /^params\.payment_step /,
    );
  });
});

describe('payout callback params', () => {
  const payout = {
    amount: 500,
    currency: 'KES',
    mobile: '254712345678',
    payment_method_type: 'send money',
    payment_reference: 'po-7',
    payment_step: 2,
    reference: 'T-9',
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: 'po-7',
  };

  it('accepts a success and a failure with failureReason', () => {
    expectOk(validate(payoutCallbackParamsSchema, payout));
    expectOk(
      validate(payoutCallbackParamsSchema, {
        ...payout,
        status: 'failed',
        statusCode: '000005',
        failureReason: { failureCode: 'PO-002', failureMessage: null },
      }),
    );
  });

  it('applies the same terminal rules', () => {
    expectOk(
      validate(payoutCallbackParamsSchema, { ...payout, status: 'failed', statusCode: '000005' }),
    );
    expectIssue(
      validate(payoutCallbackParamsSchema, { ...payout, payment_step: '2' }),
      'payment_step',
      /^payment_step /,
    );
    expectOk(
      validate(payoutCallbackParamsSchema, {
        ...payout,
        status: 'failed',
        statusCode: '000006',
        failureReason: { failureCode: 'PO-002', failureMessage: null },
      }),
    );
    expectOk(
      validate(payoutCallbackParamsSchema, { ...payout, status: 'pending', statusCode: '000001' }),
    );
    const { payment_reference: _, reference: __, third_party_reference_1: ___, ...rest } = payout;
    expectIssue(
      validate(payoutCallbackParamsSchema, rest),
      'payment_reference',
      /^payment_reference is required when reference and third_party_reference_1 are missing/,
    );
  });
});

describe('hosted-checkout (payment-link) callback params', () => {
  it('tolerates an unknown payload', () => {
    expectOk(validate(paymentLinkCallbackParamsSchema, {}));
    expectOk(
      validate(paymentLinkCallbackParamsSchema, {
        payment_step: '2',
        amount: '100.00',
        anything: [1],
      }),
    );
    expectIssue(
      validate(paymentLinkCallbackParamsSchema, { status: 5 }),
      'status',
      'status must be a string',
    );
  });

  it('credits only payment_step 2 with success and 000000', () => {
    expect(
      paymentLinkCallbackOutcome({ payment_step: 2, status: 'success', statusCode: '000000' }),
    ).toBe('succeeded');
    expect(
      paymentLinkCallbackOutcome({ payment_step: '2', status: 'success', statusCode: '000000' }),
    ).toBe('succeeded');
    expect(
      paymentLinkCallbackOutcome({ payment_step: 1, status: 'success', statusCode: '000000' }),
    ).toBe('unknown');
    expect(
      paymentLinkCallbackOutcome({ payment_step: 2, status: 'success', statusCode: '000001' }),
    ).toBe('unknown');
    expect(
      paymentLinkCallbackOutcome({ payment_step: 2, status: 'failed', statusCode: '000005' }),
    ).toBe('failed');
    // 000006 (timeout) says nothing final.
    expect(
      paymentLinkCallbackOutcome({ payment_step: 2, status: 'failed', statusCode: '000006' }),
    ).toBe('unknown');
    expect(paymentLinkCallbackOutcome({})).toBe('unknown');
  });
});

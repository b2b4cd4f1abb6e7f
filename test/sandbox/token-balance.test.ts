// POST /api/integration/get-token and GET /api/wallet/get-balance: the sandbox credentials, the
// "Credentials were not found." row of the Errors table, and the wallets (credited by
// successful collections minus a 1.5 % fee, debited by payouts plus a 1 % fee).
import { describe, expect, it } from 'vitest';
import {
  call,
  CREDENTIALS,
  MESSAGES,
  PATHS,
  receiver,
  signedPost,
  waitForStatus,
} from './client/client';
import { kenyaParams } from './client/fixtures';

async function token(): Promise<string> {
  const got = await call('POST', PATHS.token, {
    client_id: CREDENTIALS.clientId,
    secret_key: CREDENTIALS.secret,
  });
  expect(got.status).toBe(200);
  return got.body.data.token;
}

async function balances(bearer: string): Promise<Record<string, string>> {
  const got = await call('GET', PATHS.balance, undefined, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  expect(got.status).toBe(200);
  return Object.fromEntries(
    got.body.data.map((w: { currency: string; balance: string }) => [w.currency, w.balance]),
  );
}

describe('get-token', () => {
  it('issues a token for the sandbox credentials (success as text "true")', async () => {
    const got = await call('POST', PATHS.token, {
      client_id: 'test-client',
      secret_key: 'test-secret',
    });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      success: 'true',
      message: 'Token generated successfully.',
      data: { token: expect.any(String) },
    });
    expect(got.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(await token()).not.toBe(got.body.data.token);
  });

  const refusals: [string, unknown][] = [
    ['a wrong secret', { client_id: 'test-client', secret_key: 'wrong' }],
    ['an unknown client', { client_id: 'other', secret_key: 'test-secret' }],
    ['a missing secret', { client_id: 'test-client' }],
    ['a body that is not JSON', 'client_id=test-client'],
  ];
  for (const [label, body] of refusals) {
    it(`refuses ${label}: 401 "${MESSAGES.credentials}"`, async () => {
      const got = await call('POST', PATHS.token, body);
      expect(got.status).toBe(401);
      expect(got.body).toEqual({ success: 'false', message: MESSAGES.credentials });
    });
  }
});

describe('get-balance', () => {
  it('answers one wallet per currency, with or without the Bearer prefix', async () => {
    const bearer = await token();
    const got = await call('GET', PATHS.balance, undefined, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(got.body.success).toBe('true');
    expect(got.body.message).toBe('Wallet balance retrieved successfully.');
    const currencies = got.body.data.map((w: { currency: string }) => w.currency);
    expect(currencies).toEqual([
      'CDF',
      'GHS',
      'KES',
      'NGN',
      'RWF',
      'SLE',
      'TZS',
      'UGX',
      'XAF',
      'XOF',
      'ZAR',
      'ZMW',
    ]);
    for (const wallet of got.body.data) {
      expect(wallet).toEqual({
        currency: wallet.currency,
        balance: expect.stringMatching(/^\d+\.\d{2}$/),
        account_number: `SBX-${wallet.currency}-0001`,
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
    }
    const bare = await call('GET', PATHS.balance, undefined, {
      headers: { Authorization: bearer },
    });
    expect(bare.status).toBe(200);
  });

  it('refuses a missing or unknown token', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }] as Record<
      string,
      string
    >[]) {
      const got = await call('GET', PATHS.balance, undefined, { headers });
      expect(got.status).toBe(401);
      expect(got.body).toEqual({ success: 'false', message: MESSAGES.credentials });
    }
  });

  it('a successful collection credits amount minus 1.5 %; a payout debits amount plus 1 %', async () => {
    const bearer = await token();
    const before = await balances(bearer);
    const hook = receiver();
    const created = await signedPost(
      PATHS.collections,
      kenyaParams(hook.url, '000', { amount: 1500 }),
    );
    await waitForStatus(created.body.data.depositId, 'payin', '000000');
    const afterCollection = await balances(bearer);
    expect(Number(afterCollection.KES) - Number(before.KES)).toBeCloseTo(1500 - 22.5, 2);

    const failed = await signedPost(PATHS.collections, kenyaParams(hook.url, '001'));
    await waitForStatus(failed.body.data.depositId, 'payin', '000005');
    expect((await balances(bearer)).KES).toBe(afterCollection.KES);

    const paid = await signedPost(PATHS.payouts, {
      amount: 1000,
      currency: 'KES',
      mobile: '254712345000',
      payment_method_type: 'send money',
      third_party_reference_1: crypto.randomUUID(),
      client_callback_url: hook.url,
    });
    await waitForStatus(paid.body.data.reference, 'payout', '000000');
    const afterPayout = await balances(bearer);
    expect(Number(afterCollection.KES) - Number(afterPayout.KES)).toBeCloseTo(1010, 2);
  });
});

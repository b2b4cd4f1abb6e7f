// Issue #14, item 5 — NEEDS THE hooks.ts CHANGE (owned by another engineer; see the hardening
// report): a callback envelope has exactly six root keys (client_id, sender, salt, timestamp,
// signature, params). One with any other root key — even correctly signed, since the spec's
// canonical string covers whatever keys it is given — is refused with 400 VALIDATION_FAILED
// naming the key, and nothing is stored. Until `verified()` in worker/routes/hooks.ts gets the
// check, the first test fails (today such a callback is answered 200 and stored).
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { sign } from '../../../shared/signing';
import { expectNoSecrets, postCallback, sentPhones, signedCallback } from '../helpers';

afterAll(() => expectNoSecrets());

const success = (reference: string) => ({
  amount: 1500,
  depositId: `DP-${reference}`,
  mobile: '254712345000',
  name: 'Amina W',
  payment_step: 2,
  reference: `TX-${reference}`,
  status: 'success',
  statusCode: '000000',
  third_party_reference_1: reference,
  third_party_reference_2: 'order-42',
});
sentPhones.add('254712345000');

async function stored(reference: string) {
  const ledger = env.LEDGER.get(env.LEDGER.idFromName('ledger'));
  return ledger.listCallbacks({ reference });
}

/** A correctly signed envelope carrying one more root key. */
async function withExtraRootKey(reference: string, key: string, value: unknown) {
  const { signature: _dropped, ...unsigned } = await signedCallback(success(reference));
  const envelope = { ...unsigned, [key]: value };
  return { ...envelope, signature: await sign(envelope, 'test-secret') };
}

describe('callback envelope root keys', () => {
  it('refuses a signed envelope with a seventh root key (400, nothing stored)', async () => {
    for (const [key, value] of [
      ['status', 'success'],
      ['amount', 1],
      ['meta', { note: 'x' }],
    ] as const) {
      const reference = `extra-root-${key}-${Date.now()}`;
      const res = await postCallback(
        '/hooks/collections',
        await withExtraRootKey(reference, key, value),
      );
      expect(res.status, key).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(key);
      expect(await stored(reference)).toHaveLength(0);
    }
  });

  it('still accepts the six keys and nothing else', async () => {
    const reference = `six-keys-${Date.now()}`;
    const body = await signedCallback(success(reference));
    expect(Object.keys(body).sort()).toEqual([
      'client_id',
      'params',
      'salt',
      'sender',
      'signature',
      'timestamp',
    ]);
    const res = await postCallback('/hooks/collections', body);
    expect(res.status).toBe(200);
  });
});

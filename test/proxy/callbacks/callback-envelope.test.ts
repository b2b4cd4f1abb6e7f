// Callback envelope root keys: the upstream may
// add root fields. One the signature covers (the canonical string covers whatever keys the
// envelope carries) is accepted, stored by its params and ignored; one added after signing
// does not verify (401) and nothing is stored.
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
  it('accepts a signed envelope with a seventh root key (200, stored, the key ignored)', async () => {
    for (const [key, value] of [
      ['status', 'failed'],
      ['amount', 1],
      ['meta', { note: 'x' }],
    ] as const) {
      const reference = `extra-root-${key}-${Date.now()}`;
      const res = await postCallback(
        '/hooks/collections',
        await withExtraRootKey(reference, key, value),
      );
      expect(res.status, key).toBe(200);
      const kept = JSON.stringify(await stored(reference));
      expect(kept, key).toContain(reference);
      // The root key changed nothing: the params (a success) are what was stored.
      expect(kept).not.toContain('"meta"');
    }
  });

  it('refuses a root key added after signing (401, nothing stored)', async () => {
    const reference = `unsigned-root-${Date.now()}`;
    const body = { ...(await signedCallback(success(reference))), version: '2' };
    const res = await postCallback('/hooks/collections', body);
    expect(res.status).toBe(401);
    expect(await stored(reference)).toHaveLength(0);
  });

  it('still accepts the six keys', async () => {
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

// `npm run keys` (scripts/keys.mjs): the keys it makes are in the format the Worker reads and
// carry more than the 128 bits it requires outside development mode.
import { describe, expect, it } from 'vitest';
import { deployProblems } from '../../scripts/deploy-check.mjs';
import { makeKey } from '../../scripts/keys.mjs';
import { estimateBits, MIN_KEY_BITS } from '../../worker/keys/entropy';
import { KEY_FORMAT, parseMerchantKeys } from '../../worker/keys/merchant-keys';

describe('npm run keys', () => {
  it('makes a uc_live_ key the Worker accepts, with its scope and expiry', () => {
    const { key, entry } = makeKey({
      id: 'shop2',
      scope: 'checkout',
      expires: '2027-01-31T00:00:00Z',
    });
    const match = KEY_FORMAT.exec(key);
    expect(match?.[1]).toBe('live');
    expect(match?.[2]).toBe('shop2');
    expect(estimateBits(match![3]!)).toBeGreaterThanOrEqual(MIN_KEY_BITS);
    const problems: string[] = [];
    const parsed = parseMerchantKeys({ MERCHANT_API_KEYS: JSON.stringify([entry]) }, false, (p) =>
      problems.push(p),
    );
    expect(problems).toEqual([]);
    expect(parsed.keys).toEqual([
      { id: 'shop2', scope: 'checkout', expiresAt: Date.parse('2027-01-31T00:00:00Z'), key },
    ]);
  });

  it('refuses an unknown scope and a malformed id', () => {
    expect(() => makeKey({ scope: 'admin' })).toThrow(/--scope/);
    expect(() => makeKey({ id: 'Bad_Id' })).toThrow(/--id/);
  });

  it('the entropy estimate refuses short, repeated and word-like keys', () => {
    expect(estimateBits('dev-merchant-key')).toBeLessThan(MIN_KEY_BITS);
    expect(estimateBits('a'.repeat(64))).toBe(0);
    expect(estimateBits('0123456789abcdef'.repeat(2))).toBe(128); // openssl rand -hex 16
  });
});

describe('npm run deploy and the merchant keys', () => {
  const vars = {
    SERVICE_BASE_URL: 'https://api.payments.example',
    SERVICE_CLIENT_ID: 'c_live_1',
    SERVICE_SENDER: 'Corner Shop',
    PUBLIC_BASE_URL: 'https://pay.shop.example',
    ALLOWED_ORIGINS: 'https://shop.example',
    MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
    SERVICE_PAYOUT_PATH: '/api/v2/payouts',
  };
  const others = ['SERVICE_SECRET_KEY', 'MERCHANT_WEBHOOK_SECRET'];

  it('wants MERCHANT_API_KEYS or MERCHANT_API_KEY', () => {
    expect(deployProblems({ vars, secretNames: others }).join('\n')).toMatch(
      /Secret MERCHANT_API_KEYS is not set: make a key with `npm run keys`/,
    );
    expect(deployProblems({ vars, secretNames: [...others, 'MERCHANT_API_KEYS'] })).toEqual([]);
    expect(deployProblems({ vars, secretNames: [...others, 'MERCHANT_API_KEY'] })).toEqual([]);
  });
});

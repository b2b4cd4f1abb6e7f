import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canonicalString,
  isPlausibleSignature,
  sign,
  signEnvelope,
  timingSafeEqual,
  verify,
  type Signable,
} from '../../shared/signing';

interface Vector {
  name: string;
  secret: string;
  envelope: Signable;
  canonical: string;
  signature: string;
}
const vectors: Vector[] = JSON.parse(readFileSync('test/vectors/signing.json', 'utf8')).vectors;

describe('signing known-answer vectors', () => {
  it('has vectors to check', () => expect(vectors.length).toBeGreaterThanOrEqual(12));
  for (const v of vectors) {
    it(v.name, async () => {
      expect(canonicalString(v.envelope, v.secret)).toBe(v.canonical);
      expect(await sign(v.envelope, v.secret)).toBe(v.signature);
      expect(await verify({ ...v.envelope, signature: v.signature }, v.secret)).toBe(true);
    });
  }
});

describe('signing edge cases', () => {
  const base = { client_id: 'c', sender: 'S', salt: 'x', timestamp: 1, params: { amount: 1 } };

  it('booleans, empty objects and nested arrays flatten predictably', () => {
    expect(canonicalString({ params: { ok: true, no: false, list: [[1, 2]] } }, 'k')).toBe(
      'params.list.0.0=1&params.list.0.1=2&params.no=false&params.ok=true&senderKey=k',
    );
  });

  it('a senderKey in the body is replaced by the real secret', () => {
    expect(canonicalString({ senderKey: 'forged', a: '1' }, 'real')).toBe('a=1&senderKey=real');
  });

  it('verify refuses a wrong secret, a changed field, a missing or odd signature', async () => {
    const signature = await sign(base, 'secret');
    expect(await verify({ ...base, signature }, 'secret')).toBe(true);
    expect(await verify({ ...base, signature: signature.toUpperCase() }, 'secret')).toBe(true);
    expect(await verify({ ...base, signature }, 'other')).toBe(false);
    expect(await verify({ ...base, params: { amount: 2 }, signature }, 'secret')).toBe(false);
    expect(await verify({ ...base, timestamp: 2, signature }, 'secret')).toBe(false);
    expect(await verify(base, 'secret')).toBe(false);
    expect(await verify({ ...base, signature: 42 }, 'secret')).toBe(false);
    expect(await verify({ ...base, signature: signature.slice(1) }, 'secret')).toBe(false);
  });

  it('an unsignable value (function) is refused, not thrown', async () => {
    expect(await verify({ ...base, params: { f: () => 1 }, signature: 'ab' }, 'secret')).toBe(
      false,
    );
  });

  it('the HMAC variant differs from plain SHA-256 and verifies with itself', async () => {
    const plain = await sign(base, 'secret');
    const hmac = await sign(base, 'secret', 'hmac-sha256');
    expect(hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(hmac).not.toBe(plain);
    expect(await verify({ ...base, signature: hmac }, 'secret', 'hmac-sha256')).toBe(true);
    expect(await verify({ ...base, signature: hmac }, 'secret')).toBe(false);
  });

  it('signEnvelope salts freshly, stamps seconds and produces a verifiable body', async () => {
    const creds = { clientId: 'c', sender: 'S', secretKey: 'k' };
    const a = await signEnvelope({ amount: 5 }, creds, 1_700_000_000_123);
    const b = await signEnvelope({ amount: 5 }, creds, 1_700_000_000_123);
    expect(a.timestamp).toBe(1_700_000_000);
    expect(a.salt).not.toBe(b.salt);
    expect(a.signature).not.toBe(b.signature);
    expect(await verify(a, 'k')).toBe(true);
  });

  it('timingSafeEqual compares content and length', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'abcd')).toBe(false);
    expect(timingSafeEqual('', '')).toBe(true);
  });
});

describe('a plausible signature (what the signature alert tells from a probe)', () => {
  it('is 64 hex digits, what both schemes produce', async () => {
    const envelope = { client_id: 'c', params: { amount: 1 } };
    for (const scheme of ['sha256', 'hmac-sha256'] as const) {
      expect(isPlausibleSignature(await sign(envelope, 'k', scheme))).toBe(true);
    }
    expect(isPlausibleSignature('A'.repeat(64))).toBe(true);
    for (const probe of ['x', '', 'g'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), 42, null]) {
      expect(isPlausibleSignature(probe)).toBe(false);
    }
  });
});

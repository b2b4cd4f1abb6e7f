// The conformance tests' own signer must agree with the independent known-answer vectors, or
// nothing they prove about the sandbox's signature check would hold.
import { describe, expect, it } from 'vitest';
import vectors from '../vectors/signing.json';
import { canonicalOf, signatureOf } from './client/signer';

describe('the test client signer', () => {
  it('has the vectors', () => expect(vectors.vectors.length).toBeGreaterThanOrEqual(12));
  for (const vector of vectors.vectors) {
    it(`matches vector: ${vector.name}`, async () => {
      expect(canonicalOf(vector.envelope, vector.secret)).toBe(vector.canonical);
      expect(await signatureOf(vector.envelope, vector.secret)).toBe(vector.signature);
    });
  }
});

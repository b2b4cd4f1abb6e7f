// The RateLimit-* headers (worker/middleware/rate-limit-headers.ts) state the Rate Limiting
// bindings' policies, which the Worker cannot read at run time: they must equal wrangler.toml's,
// in the production Worker and in [env.dev] alike.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATTEMPT_POLICY, AUTH_POLICY } from '../../worker/middleware/rate-limit-headers';

const toml = readFileSync('wrangler.toml', 'utf8');

/** Every `[[…ratelimits]]` policy of `name` in wrangler.toml. */
function policiesOf(name: string): { limit: number; period: number }[] {
  const pattern = new RegExp(
    `name = "${name}"\\s+namespace_id = "\\d+"\\s+simple = \\{ limit = (\\d+), period = (\\d+) \\}`,
    'g',
  );
  return [...toml.matchAll(pattern)].map((m) => ({ limit: Number(m[1]), period: Number(m[2]) }));
}

describe('rate-limit policies', () => {
  it.each([
    ['ATTEMPT_LIMITER', ATTEMPT_POLICY],
    ['AUTH_LIMITER', AUTH_POLICY],
  ] as const)('%s equals wrangler.toml', (name, policy) => {
    const found = policiesOf(name);
    expect(found).toHaveLength(2);
    for (const p of found) expect(p).toEqual(policy);
  });
});

// Failure reports are matched on references as success reports are (worker/payment/judge.ts,
// shared by every kind): a checkout attempt's side. Payouts and refunds: payouts/payout-money-rules.test.ts and
// refunds/refunds-unkind.test.ts. The real proxy and the real sandbox; callbacks signed as the upstream
// signs them.
import { afterAll, describe, expect, it } from 'vitest';
import { createSession, expectNoSecrets, getSession, ref, startAttempt } from '../helpers';
import {
  collectionCallback,
  expectWebhooks,
  failedParams,
  upstreamRefOf,
} from '../sessions/support';

afterAll(() => expectNoSecrets());

describe('checkout attempts: failure reports are matched on references', () => {
  it('a failure naming a transaction the attempt was never given is one checkout.anomaly (unmatched_failure): the attempt stays pending', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', reference: ref('fr') });
    // Ending 005: the sandbox keeps the collection pending.
    const started = await startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345005',
    });
    expect(started.status).toBe(201);
    const attemptId = started.json.attempt!.id;
    expect(await upstreamRefOf(attemptId)).toMatch(/^SBX-/);
    expect(await collectionCallback(failedParams(attemptId, 'SBX-NOTTHISONE'))).toBe(200);
    const [hook] = await expectWebhooks(session.id, ['checkout.anomaly']);
    expect(hook!.body.data).toMatchObject({
      anomaly: {
        kind: 'unmatched_failure',
        differences: [expect.objectContaining({ field: 'upstream_reference' })],
      },
    });
    const after = await getSession(session.id);
    expect(after.status).toBe('pending');
    expect(after.attempts[0]!.status).toBe('pending');
  });
});

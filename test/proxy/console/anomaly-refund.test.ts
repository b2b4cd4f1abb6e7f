// The Needs attention page's refund button: the console reads an anomaly's refund call from the
// events feed (console/anomalies.ts, the page's own code) and sends it as finance with an
// idempotency key made from the event, so confirming twice refunds once; a viewer is refused.
// The real proxy and sandbox: a second, larger report of a paid attempt (overpaid).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { anomalyRefundKey, heldReasons, refundableAnomalies } from '../../../console/anomalies';
import { expectNoSecrets } from '../helpers';
import { anomalyOf, drainRefund, pendingKesAttempt } from '../refunds/support';
import { collectionCallback, successParams, waitUntil } from '../sessions/support';
import { asRole, codeOf } from './support';

afterAll(() => expectNoSecrets());

/** The console API as `role`, answering JSON (what console/api.ts's `api` does in the page). */
const readAs =
  (role: 'finance' | 'viewer') =>
  async <T>(path: string): Promise<T> =>
    (await (await asRole(role, path)).json()) as T;

describe("an anomaly's refund call in the console", () => {
  it('is listed with the masked phone; confirmed twice it refunds once; a viewer is refused', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('succeeded'));
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1200))).toBe(200);
    await anomalyOf(id, ['checkout.succeeded', 'checkout.anomaly'], 'overpaid');

    const listed = (await refundableAnomalies(readAs('viewer'))).find((a) => a.sessionId === id);
    expect(listed).toMatchObject({
      kind: 'overpaid',
      to: '254******005',
      path: `/sessions/${id}/refunds`,
      body: { attempt: attemptId, amount: 200, currency: 'KES' },
    });
    const send = (role: 'finance' | 'viewer') =>
      asRole(role, listed!.path, {
        method: 'POST',
        headers: { 'idempotency-key': anomalyRefundKey(listed!) },
        body: JSON.stringify(listed!.body),
      });
    const refused = await send('viewer');
    expect([refused.status, await codeOf(refused)]).toEqual([403, 'ROLE_FORBIDDEN']);
    const first = await send('finance');
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await send('finance');
    const [made, repeated] = [
      (await first.json()) as { id: string },
      (await again.json()) as { id: string },
    ];
    expect(repeated.id).toBe(made.id);
    await drainRefund(made.id, id);
    const session = await readAs('finance')<{ refunds: { id: string; amount: number }[] }>(
      `/sessions/${id}`,
    );
    expect(session.refunds.map((r) => [r.id, r.amount])).toEqual([[made.id, 200]]);
  });

  it('a held session is listed with why it holds: a short payment is a mismatch', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 600))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('requires_action'));
    await vi.waitFor(async () =>
      expect((await heldReasons(readAs('viewer'))).get(id)).toBe('mismatch'),
    );
  });
});

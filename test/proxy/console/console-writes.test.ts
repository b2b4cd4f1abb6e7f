// Console writes: who made them, the two-person rule of payout batches, and the Needs attention
// page's refund button.

import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSession, expectNoSecrets, seenBodies } from '../helpers';
import {
  expectRefundEvents,
  paidSession,
  PAYER,
  anomalyOf,
  drainRefund,
  pendingKesAttempt,
} from '../refunds/support';
import { asRole, codeOf } from './support';
import type { BatchView } from '../../../worker/payout-batch/view';
import { row } from '../payouts/batch-support';
import { anomalyRefundKey, heldReasons, refundableAnomalies } from '../../../console/anomalies';
import { collectionCallback, successParams, waitUntil } from '../sessions/support';

// A console write records who made it (docs/console.md): a refund asked by a finance user
// carries `created_by: {type: "console", email}` on the refund and on its refund.succeeded
// webhook, and the session the console reads has the payer's phone masked.

afterAll(() => expectNoSecrets());

describe('console writes', () => {
  it('a finance refund records the console user in its webhook', async () => {
    const paid = await paidSession(1000);
    const asked = await asRole('finance', `/sessions/${paid.id}/refunds`, {
      method: 'POST',
      body: JSON.stringify({ amount: 500, reason: 'console test' }),
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const refund = (await asked.json()) as { id: string };
    const events = await expectRefundEvents(refund.id, paid.id, ['refund.succeeded']);
    expect(events[0]!.body.data).toMatchObject({
      request: { type: 'console', email: 'dev-finance@localhost', key_id: 'console' },
    });
  });

  it('shows a viewer the payer masked', async () => {
    const session = await createSession({
      amount: 1000,
      currency: 'KES',
      reference: `mask-${crypto.randomUUID()}`,
      customer: { mobile: PAYER, first_name: 'Wanjiru' },
    });
    // The merchant's own full-key answer carries what it sent: not the console's to sweep.
    seenBodies.pop();
    const read = await asRole('viewer', `/sessions/${session.id}`);
    const text = await read.text();
    expect(read.status).toBe(200);
    expect(text).not.toContain(PAYER);
  });
});

// Payout batches in the console (docs/console.md, docs/payout-batches.md): the two-person rule
// holds between console users. Every console user shares the key id `console`, so the batch
// compares the users by email: the creator is refused as approver, another user (admin here)
// approves, and viewer and support may do neither.

/** POST …/approve as `role`. */
const approveAs = (role: 'viewer' | 'support' | 'finance' | 'admin', id: string) =>
  asRole(role, `/payout-batches/${id}/approve`, { method: 'POST' });

describe('console payout batches', () => {
  it('refuses the uploading user as approver by email; another user approves', async () => {
    const r = row('000');
    const csv = `reference,amount,currency,mobile,method\n${r.reference},${r.amount},UGX,${r.mobile},mtn\n`;
    const created = await asRole('finance', '/payout-batches', {
      method: 'POST',
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const batch = (await created.json()) as BatchView;
    expect(batch.created_by).toMatchObject({ type: 'console', email: 'dev-finance@localhost' });

    const same = await approveAs('finance', batch.id);
    expect([same.status, await codeOf(same)]).toEqual([409, 'SAME_APPROVER']);
    for (const role of ['viewer', 'support'] as const) {
      const refused = await approveAs(role, batch.id);
      expect([refused.status, await codeOf(refused)]).toEqual([403, 'ROLE_FORBIDDEN']);
    }

    const approved = await approveAs('admin', batch.id);
    expect(approved.status, await approved.clone().text()).toBe(200);
    const view = (await approved.json()) as BatchView;
    expect(view.status).toBe('sending');
    expect(view.approved_by).toMatchObject({ type: 'console', email: 'dev-admin@localhost' });
  });
});

// The Needs attention page's refund button: the console reads an anomaly's refund call from the
// events feed (console/anomalies.ts, the page's own code) and sends it as finance with an
// idempotency key made from the event, so confirming twice refunds once; a viewer is refused.
// The real proxy and sandbox: a second, larger report of a paid attempt (overpaid).

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

    // The console reads the events feed, which the query index writes after the webhook.
    const listed = await vi.waitFor(async () => {
      const found = (await refundableAnomalies(readAs('viewer'))).find((a) => a.sessionId === id);
      expect(found).toBeDefined();
      return found;
    });
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

// A console write records who made it (docs/console.md): a refund asked by a finance user
// carries `created_by: {type: "console", email}` on the refund and on its refund.succeeded
// webhook, and the session the console reads has the payer's phone masked.
import { afterAll, describe, expect, it } from 'vitest';
import { createSession, expectNoSecrets, seenBodies } from '../helpers';
import { expectRefundEvents, paidSession, PAYER } from '../refunds/support';
import { asRole } from './support';

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

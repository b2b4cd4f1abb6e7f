// Payout batches in the console (docs/console.md, docs/payout-batches.md): the two-person rule
// holds between console users. Every console user shares the key id `console`, so the batch
// compares the users by email: the creator is refused as approver, another user (admin here)
// approves, and viewer and support may do neither.
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../worker/payout-batch/view';
import { expectNoSecrets } from '../helpers';
import { row } from '../payouts/batch-support';
import { asRole, codeOf } from './support';

afterAll(() => expectNoSecrets());

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

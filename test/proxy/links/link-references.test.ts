// Found by the payment-link model (test/proxy/model/link-model.ts): a
// payment-link payment is one upstream transaction whichever of its references a report names.
// With distinct references (the sandbox's `distinct_references`: depositId `SBX-…`, reference
// `SBXT-…`), a callback that leaves out `reference` names the payment by its depositId only; it
// must still be the payment already paid, never a second `payment_link.paid`.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { linkShardName } from '../../../worker/ledger/shards';
import { expectNoSecrets, sandbox } from '../helpers';
import { createElsewhereLink, createOurLink, queuedFor } from './support';

afterAll(() => expectNoSecrets());
afterEach(async () => {
  const res = await sandbox('/control/settings', { method: 'DELETE' });
  expect(res.status).toBe(200);
});

const SUCCESS = { payment_step: 2, status: 'success', statusCode: '000000' };

/** Creates a KES 1,500 link through the merchant API: our id and the upstream's. */
async function createLink(): Promise<{ id: string; upstreamId: string }> {
  const { linkId, body } = await createOurLink();
  return { id: String(body.id), upstreamId: linkId };
}

/** Pays a link on the sandbox's page, left pending (…005): its depositId and reference. */
async function payOnPage(upstreamId: string): Promise<{ depositId: string; reference: string }> {
  const res = await sandbox(`/links/${upstreamId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone: '254712345005', payment_type: 'pay bill' }).toString(),
    redirect: 'manual',
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const depositId = /Reference (SBX-[A-Za-z0-9-]+)/.exec(text)![1]!;
  const view = await sandbox(`/control/transactions/${depositId}`);
  const { transaction } = (await view.json()) as { transaction: { transaction_ref: string } };
  expect(transaction.transaction_ref).toMatch(/^SBXT-/);
  return { depositId, reference: transaction.transaction_ref };
}

/** One signed callback of the payment from the sandbox (overrides set, `omit` left out), answered. */
async function callBack(depositId: string, params: Record<string, unknown>, omit: string[] = []) {
  const res = await sandbox(`/control/transactions/${depositId}/callback`, {
    method: 'POST',
    body: JSON.stringify({ params, omit }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  const { delivery_id: id } = (await res.json()) as { delivery_id: number };
  await vi.waitFor(
    async () => {
      const delivery = await sandbox(`/control/callbacks/${id}`);
      const { callback } = (await delivery.json()) as { callback: { last_status: number | null } };
      expect(callback.last_status).toBe(200);
    },
    { timeout: 8000, interval: 50 },
  );
}

/** The `payment_link.paid` events the link's shard queued. */
async function paidEvents(linkId: string): Promise<string[]> {
  const rows = await runInDurableObject(
    env.LEDGER.get(env.LEDGER.idFromName(linkShardName(linkId))),
    async (_, state) =>
      state.storage.sql
        .exec<{ id: string; payload: string }>(
          "SELECT id, payload FROM outbox WHERE type = 'payment_link.paid'",
        )
        .toArray(),
  );
  return rows
    .filter(
      (row) => (JSON.parse(row.payload) as { data: { link_id: string } }).data.link_id === linkId,
    )
    .map((row) => row.id);
}

describe('a payment-link payment named by either of its references', () => {
  it('paid by its reference, then reported by its depositId alone: one payment_link.paid', async () => {
    const settings = await sandbox('/control/settings', {
      method: 'PUT',
      body: JSON.stringify({ distinct_references: true }),
    });
    expect(settings.status).toBe(200);
    const link = await createLink();
    const { depositId, reference } = await payOnPage(link.upstreamId);
    await callBack(depositId, SUCCESS);
    await callBack(depositId, { ...SUCCESS, name: 'AMINA W.' }, ['reference']);
    expect(await paidEvents(link.id)).toEqual([`evt_pl_${reference}_paid`]);
  });

  it('reported by its depositId alone, then by both: one payment_link.paid', async () => {
    const settings = await sandbox('/control/settings', {
      method: 'PUT',
      body: JSON.stringify({ distinct_references: true }),
    });
    expect(settings.status).toBe(200);
    const link = await createLink();
    const { depositId } = await payOnPage(link.upstreamId);
    await callBack(depositId, SUCCESS, ['reference']);
    await callBack(depositId, { ...SUCCESS, name: 'AMINA W.' });
    expect(await paidEvents(link.id)).toEqual([`evt_pl_${depositId}_paid`]);
  });
});

// A link created elsewhere has nothing of ours in its callback URL: its payments are spread
// over the ledger shards, and each of its references must find the one payment, whichever
// shard it hashes to.
describe('a payment on a link created elsewhere, named by either of its references', () => {
  /** The `payment_link.paid` events queued in any shard for the upstream link. */
  async function paidOn(upstreamLinkId: string): Promise<string[]> {
    const events = await queuedFor(upstreamLinkId);
    return events.filter((e) => e.type === 'payment_link.paid').map((e) => e.id);
  }

  for (const [order, first, then] of [
    ['by both, then by its depositId alone, then by its reference alone', [], ['reference']],
    ['by its depositId alone, then by both', ['reference'], []],
  ] as const) {
    it(`reported ${order}: one payment, one payment_link.paid`, async () => {
      const settings = await sandbox('/control/settings', {
        method: 'PUT',
        body: JSON.stringify({ distinct_references: true }),
      });
      expect(settings.status).toBe(200);
      const linkId = await createElsewhereLink();
      const { depositId } = await payOnPage(linkId);
      await callBack(depositId, SUCCESS, [...first]);
      await callBack(depositId, { ...SUCCESS, name: 'AMINA W.' }, [...then]);
      if (then.length > 0) {
        await callBack(depositId, { ...SUCCESS, name: 'Amina' }, ['depositId']);
      }
      expect(await paidOn(linkId)).toHaveLength(1);
    });
  }
});

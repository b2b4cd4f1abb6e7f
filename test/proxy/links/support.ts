// Shared setup of the payment-link suites (link-callbacks.test.ts, payment-links-ours.test.ts):
// callbacks of a paid link, the ledgers' queued events, links made and paid on the sandbox.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { WebhookRecord } from '../../../worker/durable/webhook-outbox';
import { ledgerNames } from '../../../worker/ledger/shards';
import { BASE, merchant, sandbox } from '../helpers';
import { signed } from '../money';

/** A credited hosted-checkout payment (the payload is not in the spec: collection-shaped). */
export function paid(upstreamRef: string, extra: Record<string, unknown> = {}) {
  return {
    amount: 1500,
    currency: 'KES',
    depositId: upstreamRef,
    mobile: '254712345000',
    name: 'Amina W',
    payment_step: 2,
    reference: upstreamRef,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: 'PL-LINK-1',
    ...extra,
  };
}

export const FAILED = {
  status: 'failed',
  statusCode: '000005',
  failureReason: { failureCode: 'PM-001', failureMessage: 'The payer declined the payment.' },
};

/** The ledger's payment-link webhooks of one upstream reference. */
export async function linkWebhooks(upstreamRef: string): Promise<WebhookRecord[]> {
  const res = await merchant('/v1/webhooks/payment-links');
  expect(res.status).toBe(200);
  const { webhooks } = (await res.json()) as { webhooks: WebhookRecord[] };
  return webhooks.filter((w) => w.id.startsWith(`evt_pl_${upstreamRef}_`));
}

// ── Links this proxy created, paid on the sandbox's hosted page ────────────────────────────
/** A payment-link webhook as a ledger queued it. */
export interface QueuedLinkEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Every payment-link webhook queued in any ledger for the upstream link `linkId` (the
 * sandbox's callbacks carry it as third_party_reference_1, the webhooks' `reference`). Read
 * once the proxy has answered the callbacks concerned: queued events are then final. */
export async function queuedFor(linkId: string): Promise<QueuedLinkEvent[]> {
  const all: QueuedLinkEvent[] = [];
  for (const name of ledgerNames()) {
    const rows = await runInDurableObject(
      env.LEDGER.get(env.LEDGER.idFromName(name)),
      async (_, state) =>
        state.storage.sql
          .exec<{ id: string; type: string; payload: string }>(
            'SELECT id, type, payload FROM outbox ORDER BY created_at, id',
          )
          .toArray(),
    );
    for (const row of rows) {
      const { data } = JSON.parse(row.payload) as { data: Record<string, unknown> };
      if (data.reference === linkId) all.push({ id: row.id, type: row.type, data });
    }
  }
  return all;
}

/** Creates a KES link (1,500 unless told) through the merchant API; answers the upstream's link id. */
export async function createOurLink(
  amount = 1500,
): Promise<{ linkId: string; body: Record<string, unknown> }> {
  const res = await merchant('/v1/payment-links', {
    method: 'POST',
    body: JSON.stringify({
      business_name: 'Corner Shop',
      item_name: 'Basket',
      currency: 'KES',
      amount,
      country_id: 1,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { data: { id: string } } & Record<string, unknown>;
  return { linkId: body.data.id, body };
}

/** Creates a KES 1,500 link on the sandbox directly (a link created elsewhere: its callbacks
 * come to the plain `/hooks/payment-links`); answers the upstream's link id. */
export async function createElsewhereLink(): Promise<string> {
  const res = await sandbox('/api/v3/payment-link-api/create', {
    method: 'POST',
    body: JSON.stringify(
      await signed({
        business_name: 'Market Stall',
        item_name: 'Crate',
        currency: 'KES',
        amount: 1500,
        country_id: 1,
        callback_url: `${BASE}/hooks/payment-links`,
      }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Pays a link on the sandbox's hosted page; answers the payment's upstream reference. */
export async function payOnPage(linkId: string, phoneEnding: string, type = 'send money') {
  const res = await sandbox(`/links/${linkId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone: `254712345${phoneEnding}`, payment_type: type }).toString(),
    redirect: 'manual',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const text = await res.text();
  const reference = /Reference (SBX-[A-Za-z0-9-]+)/.exec(text)?.[1];
  expect(reference, text).toBeDefined();
  return reference!;
}

/** Waits until the sandbox has delivered callback `id` and the proxy answered it 200. */
export async function delivered(id: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await sandbox(`/control/callbacks/${id}`);
      const { callback } = (await res.json()) as { callback: { last_status: number | null } };
      expect(callback.last_status).toBe(200);
    },
    { timeout: 8000, interval: 100 },
  );
}

/** Sends one extra signed callback of a sandbox transaction (overrides set, `omit` dropped). */
export async function extraCallback(
  ref: string,
  params: Record<string, unknown>,
  omit: string[] = [],
): Promise<void> {
  const res = await sandbox(`/control/transactions/${ref}/callback`, {
    method: 'POST',
    body: JSON.stringify({ params, omit }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  await delivered(((await res.json()) as { delivery_id: number }).delivery_id);
}

/** Forces a sandbox outcome (with `amount` settled) and waits for its callback's answer. */
export async function settle(ref: string, outcome: 'success' | 'failed', amount?: number) {
  const res = await sandbox(`/control/transactions/${ref}/outcome`, {
    method: 'POST',
    body: JSON.stringify({ outcome, ...(amount === undefined ? {} : { amount }) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const tx = ((await res.json()) as { transaction: { callbacks: { id: number }[] } }).transaction;
  await delivered(tx.callbacks.at(-1)!.id);
}

export const SUCCESS = { payment_step: 2, status: 'success', statusCode: '000000' };

// Helpers of the money-path suites: payouts through the merchant API against
// the real sandbox, and callbacks signed with the scheme the proxy runs with (these files run in
// both the `proxy` and the `proxy-hmac` projects).
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import { signEnvelope, type SigningScheme } from '../../shared/signing';
import { devInbox } from '../../worker/dev-inbox/inbox';
import type { PayoutView } from '../../worker/payout/view';
import { merchant, postCallback, ref, waitForStatus } from './helpers';
import { callbacksInFlight } from './hostile';
import { payoutObject } from './objects';

/** The signature scheme this project's proxy and sandbox use. */
export function projectScheme(): SigningScheme {
  const value = (env as unknown as Record<string, unknown>).SERVICE_SIGNING_SCHEME;
  return value === 'hmac-sha256' ? 'hmac-sha256' : 'sha256';
}

/** The scheme this project does not use. */
export function otherScheme(): SigningScheme {
  return projectScheme() === 'sha256' ? 'hmac-sha256' : 'sha256';
}

/** A callback envelope signed as the upstream signs it (the project's scheme unless told). */
export function signed(params: Record<string, unknown>, scheme: SigningScheme = projectScheme()) {
  return signEnvelope(params, {
    clientId: 'test-client',
    sender: 'Test Shop',
    secretKey: 'test-secret',
    scheme,
  });
}

/** Posts a signed callback to a hosted callback URL; answers the status and body. */
export async function callback(
  path: '/hooks/collections' | '/hooks/payouts' | '/hooks/payment-links',
  params: Record<string, unknown>,
  scheme?: SigningScheme,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await postCallback(path, await signed(params, scheme));
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A UGX payout whose recipient number ends in `ending` (the sandbox's outcome script). */
export function payoutBody(ending: string, extra: Record<string, unknown> = {}) {
  return {
    amount: 2500,
    currency: 'UGX',
    mobile: `256772111${ending}`,
    payment_method_type: 'mtn',
    reference: ref('po'),
    ...extra,
  };
}

/** Creates a payout through the merchant API. */
export async function createPayout(
  body: ReturnType<typeof payoutBody>,
): Promise<{ status: number; view: PayoutView }> {
  const res = await merchant('/v1/payouts', { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, view: (await res.json()) as PayoutView };
}

/** The payout as the merchant reads it. */
export async function getPayout(reference: string): Promise<PayoutView> {
  const res = await merchant(`/v1/payouts/${reference}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PayoutView;
}

/** Waits until the payout has `status` (callbacks and alarms run for real meanwhile). */
export function waitForPayout(
  reference: string,
  status: PayoutView['status'],
  timeout = 10_000,
): Promise<PayoutView> {
  return waitForStatus(() => getPayout(reference), status, timeout);
}

/** The types of the payout's merchant webhooks, oldest first. */
export function types(view: PayoutView): string[] {
  return view.webhooks.map((w) => w.type);
}

/** The Payout class, as its binding declares it. */
type PayoutObject = typeof env.PAYOUTS extends DurableObjectNamespace<infer O> ? O : never;

/**
 * Moves the payout's creation `hours` into the past (as if it had been reconciled that long)
 * and runs its status query now.
 */
export async function ageAndReconcile(reference: string, hours: number): Promise<void> {
  await runInDurableObject(payoutObject(reference), async (instance, state) => {
    state.storage.sql.exec(
      'UPDATE payout SET created_at = created_at - ?',
      Math.round(hours * 3_600_000),
    );
    state.storage.sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'", Date.now() - 1);
    await (instance as PayoutObject).alarm();
  });
}

/** The params of a payout callback for `view` (a terminal success unless overridden). */
export function payoutCallback(
  view: Pick<PayoutView, 'amount' | 'currency' | 'payment_method_type' | 'reference'>,
  upstreamRef: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    amount: view.amount,
    currency: view.currency,
    mobile: '256772111999',
    payment_method_type: view.payment_method_type,
    payment_reference: view.reference,
    payment_step: 2,
    reference: upstreamRef,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: view.reference,
    ...extra,
  };
}

/** A failure reason as the sandbox gives it. */
export const PAYOUT_FAILURE = {
  failureCode: 'PO-002',
  failureMessage: 'The recipient provider did not confirm in time.',
};

/**
 * Waits until nothing more is on its way to the merchant for a payout: the sandbox has delivered
 * (or given up) every callback of it, the payout's webhook outbox is empty, and no status query
 * of it is due within a second (one that is, and every queued delivery, runs now through the
 * object's alarm). A "nothing more" assertion after it is exact.
 */
export async function drainPayout(reference: string): Promise<void> {
  const stub = payoutObject(reference);
  await vi.waitFor(
    async () => {
      const waiting = await callbacksInFlight((r) => r === reference);
      expect(waiting, 'sandbox callbacks still on their way').toEqual([]);
      const left = await runInDurableObject(stub, async (_instance, state) => {
        const kinds = state.storage.sql
          .exec(
            "UPDATE tasks SET due_at = ? WHERE kind = 'webhook' OR (kind = 'reconcile' AND due_at <= ?) RETURNING kind",
            Date.now() - 1,
            Date.now() + 1000,
          )
          .toArray()
          .map((row) => String(row.kind));
        if (kinds.length > 0) await state.storage.setAlarm(Date.now());
        return kinds;
      });
      if (left.length > 0) await runDurableObjectAlarm(stub);
      expect(left, 'webhooks or status queries still due').toEqual([]);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The body of a merchant webhook as the dev receiver got it (waits for its delivery). */
export async function deliveredWebhook(id: string): Promise<{
  id: string;
  type: string;
  data: Record<string, unknown>;
}> {
  const inbox = devInbox(env)!;
  return vi.waitFor(
    async () => {
      const all = (await inbox.listWebhooks()) as unknown as {
        verified: boolean;
        body: { id: string; type: string; data: Record<string, unknown> };
      }[];
      const found = all.find((w) => w.body?.id === id);
      expect(found, `webhook ${id} delivered`).toBeDefined();
      expect(found!.verified).toBe(true);
      return found!.body;
    },
    { timeout: 5000, interval: 100 },
  );
}

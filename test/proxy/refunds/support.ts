// Helpers of the refund suites: a session paid through the real sandbox, refunds asked through
// the merchant API, and a drain that waits until nothing more is on its way for a refund (its
// Payout object's tasks and the sandbox's payout callbacks), so tests assert exactly.
import { runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { RefundDetail, RefundView } from '../../../worker/payout/refund-view';
import {
  createSession,
  merchant,
  ref,
  startAttempt,
  waitForSession,
  waitForStatus,
} from '../helpers';
import { callbacksInFlight, webhooksFor, type ReceivedWebhook } from '../hostile';
import { drainSession, expectWebhooks, upstreamRefOf } from '../sessions/support';
import { callback, payoutCallback } from '../money';
import { payoutObject } from '../objects';

/** The payer's number: the sandbox pays the collection at once (ending 000). */
export const PAYER = '254712345000';

/** A KES session paid by M-PESA (phone prompt) for `amount`. */
export async function paidSession(amount = 1000): Promise<{ id: string; attemptId: string }> {
  const session = await createSession({ amount, currency: 'KES', reference: ref('refund') });
  const started = await startAttempt(session.id, {
    country_id: 1,
    method: 'send money',
    mobile: PAYER,
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const paid = await waitForSession(session.id, 'succeeded');
  return { id: session.id, attemptId: paid.attempts[0]!.id };
}

/** A KES session with one phone prompt the sandbox keeps pending (its payer ends in 005). */
export async function pendingKesAttempt(
  amount: number,
): Promise<{ id: string; attemptId: string; upstreamRef: string }> {
  const session = await createSession({ amount, currency: 'KES', reference: ref('anom') });
  const started = await startAttempt(session.id, {
    country_id: 1,
    method: 'send money',
    mobile: '254712345005',
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const attemptId = started.json.attempt!.id;
  return { id: session.id, attemptId, upstreamRef: await upstreamRefOf(attemptId) };
}

/** What a `checkout.anomaly` says, with the refund call that settles it. */
export interface Anomaly {
  kind: string;
  refund?: { method: string; path: string; body: Record<string, unknown> };
}

/** Waits until the merchant got exactly `types` for the session; answers its anomaly of `kind`. */
export async function anomalyOf(
  sessionId: string,
  types: string[],
  kind: string,
): Promise<Anomaly> {
  const hooks = await expectWebhooks(sessionId, types);
  const hook = hooks.find(
    (w) =>
      w.body.type === 'checkout.anomaly' &&
      (w.body.data as { anomaly?: Anomaly }).anomaly?.kind === kind,
  );
  expect(hook, `a checkout.anomaly ${kind}`).toBeDefined();
  return (hook!.body.data as { anomaly: Anomaly }).anomaly;
}

/** Runs an anomaly's refund call as it is given (`extra`: what the payment's method needs
 * besides, a destination). */
export async function runRefundCall(
  anomaly: Anomaly,
  extra: Record<string, unknown> = {},
): Promise<RefundAnswer> {
  expect(anomaly.refund, `the ${anomaly.kind} anomaly carries a refund call`).toBeDefined();
  const res = await merchant(anomaly.refund!.path, {
    method: anomaly.refund!.method,
    body: JSON.stringify({ ...anomaly.refund!.body, ...extra }),
  });
  return { status: res.status, json: (await res.json()) as RefundAnswer['json'] };
}

/** What a refund request answered. */
export interface RefundAnswer {
  status: number;
  json: RefundView & {
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
}

/** `POST /v1/sessions/:id/refunds`, with an Idempotency-Key when given. */
export async function requestRefund(
  sessionId: string,
  body: Record<string, unknown> = {},
  key?: string,
): Promise<RefundAnswer> {
  const res = await merchant(`/v1/sessions/${sessionId}/refunds`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return { status: res.status, json: (await res.json()) as RefundAnswer['json'] };
}

/** The destination of link payments' refunds (a link payment's payer number is not kept). */
export const LINK_REFUND_DESTINATION = { method: 'send money', mobile: '254712345000' };

/** `POST /v1/payment-links/:id/payments/:ref/refunds` (to {@link LINK_REFUND_DESTINATION}
 * unless the body names one), with an Idempotency-Key when given. */
export async function refundLinkPayment(
  linkId: string,
  ref: string,
  body: Record<string, unknown>,
  key?: string,
): Promise<RefundAnswer> {
  const res = await merchant(`/v1/payment-links/${linkId}/payments/${ref}/refunds`, {
    method: 'POST',
    body: JSON.stringify({ destination: LINK_REFUND_DESTINATION, ...body }),
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return { status: res.status, json: (await res.json()) as RefundAnswer['json'] };
}

/** `GET /v1/refunds/:id`. */
export async function getRefund(id: string): Promise<RefundDetail> {
  const res = await merchant(`/v1/refunds/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as RefundDetail;
}

/** Waits until the refund has `status`. */
export function waitForRefund(
  id: string,
  status: RefundView['status'],
  timeout = 10_000,
): Promise<RefundDetail> {
  return waitForStatus(() => getRefund(id), status, timeout);
}

/**
 * Waits until nothing more is on its way for a refund: the sandbox delivered (or gave up) each
 * callback of its payout, and its Payout object has no webhook, owner task or status query due
 * within a second (one that is, runs now); then drains its session. `recent`: how many of the
 * sandbox's newest transactions to look in (a long model run keeps the polls small).
 */
export async function drainRefund(id: string, sessionId: string, recent = 1000): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await callbacksInFlight((r) => r === id, recent);
      expect(waiting, 'sandbox callbacks still on their way').toEqual([]);
      const left = await runInDurableObject(payoutObject(id), async (instance, state) => {
        const due = state.storage.sql
          .exec(
            `SELECT key FROM tasks WHERE kind IN ('webhook', 'owner')
               OR (kind = 'reconcile' AND due_at <= ?)`,
            Date.now() + 1000,
          )
          .toArray();
        if (due.length > 0) {
          state.storage.sql.exec(
            "UPDATE tasks SET due_at = ? WHERE kind IN ('webhook', 'owner', 'reconcile') AND due_at <= ?",
            Date.now() - 1,
            Date.now() + 1000,
          );
          await (instance as { alarm(): Promise<void> }).alarm();
        }
        return due.length;
      });
      expect(left, 'refund webhooks, owner task or status queries still due').toBe(0);
    },
    { timeout: 10_000, interval: 50 },
  );
  await drainSession(sessionId, recent);
}

/** The refund webhooks the merchant's receiver got for a session, once per event id. */
export async function refundEvents(sessionId: string): Promise<ReceivedWebhook[]> {
  const byId = new Map<string, ReceivedWebhook>();
  for (const hook of await webhooksFor(sessionId)) {
    if (hook.body.type.startsWith('refund.')) byId.set(hook.webhook_id, hook);
  }
  return [...byId.values()];
}

/** Drains the refund, then expects exactly these refund event types for the session. */
export async function expectRefundEvents(
  id: string,
  sessionId: string,
  types: string[],
): Promise<ReceivedWebhook[]> {
  await vi.waitFor(
    async () =>
      expect((await refundEvents(sessionId)).map((w) => w.body.type).sort()).toEqual(
        [...types].sort(),
      ),
    { timeout: 10_000, interval: 100 },
  );
  await drainRefund(id, sessionId);
  const all = await refundEvents(sessionId);
  expect(all.map((w) => w.body.type).sort()).toEqual([...types].sort());
  return all;
}

/** Sends a payout callback, signed as the upstream signs it, for the payout that pays a refund
 * (a terminal success naming `upstreamRef` unless `extra` says otherwise); answers its status. */
export async function refundCallback(
  refund: RefundView,
  upstreamRef: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const payout = {
    reference: refund.id,
    amount: refund.amount,
    currency: refund.currency,
    payment_method_type: refund.destination.method,
  };
  const params = payoutCallback(payout, upstreamRef, extra);
  return (await callback('/hooks/payouts', params)).status;
}

/**
 * The three checks every case ends with: the widget's final screen and events, the session's
 * final state from the merchant API, and exactly one merchant webhook per outcome — each
 * delivery verified independently. Expectations are kept so the end of the suite can check
 * again that no late duplicate arrived.
 * @module
 */
import { expect } from 'vitest';
import type { AttemptStatus, SessionStatus } from '../../../shared/status';
import type { MerchantBackend, MerchantSession, VerifiedDelivery, WebhookInbox } from './backend';
import type { CaseRun } from './case-run';
import type { Step, Widget } from './widget';

/** What a case must end with. */
export interface Expected {
  /** The widget's final step. */
  step: Extract<Step, 'success' | 'failure' | 'expired'>;
  /** The session's final status (merchant API). */
  session: SessionStatus;
  /** Every attempt, in order: its final status and failure code (null when it has none). */
  attempts: { status: AttemptStatus; code: string | null }[];
  /** `checkout-error` codes the widget reported on the way (default none). */
  errors?: string[];
}

/** The webhook types an outcome must produce: one per failed attempt, one per success or expiry. */
export function expectedWebhooks(expected: Expected): string[] {
  const types = expected.attempts
    .filter((a) => a.status !== 'succeeded' && a.status !== 'pending')
    .map(() => 'checkout.failed');
  if (expected.session === 'succeeded') types.push('checkout.succeeded');
  if (expected.session === 'expired') types.push('checkout.expired');
  return types.sort();
}

/** Sessions checked so far and the webhooks each must have (re-checked at the end). */
export const checkedSessions = new Map<string, string[]>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks the merchant's deliveries for a session: exactly the expected types, each event id
 * once, each signature valid. Waits (up to `timeoutMs`) for the merchant API to list the
 * session's webhooks all delivered, then for the endpoint to have received every send the
 * outbox records (`tries`): the endpoint records a delivery before it answers, so once a webhook
 * is delivered no copy of it is still on its way, and what arrived is exact, not sampled.
 *
 * @example
 * await checkDeliveries(world, 'cs_…', ['checkout.succeeded']);
 */
export async function checkDeliveries(
  world: { backend: MerchantBackend; inbox: WebhookInbox },
  session: string,
  types: string[],
  timeoutMs = 10_000,
): Promise<void> {
  const state = await world.backend.waitForSession(
    session,
    (s) => s.webhooks.length >= types.length && s.webhooks.every((w) => w.status === 'delivered'),
    `with ${types.length} delivered webhook(s)`,
    timeoutMs,
  );
  const sent = state.webhooks.reduce((sum, webhook) => sum + webhook.tries, 0);
  const deadline = Date.now() + timeoutMs;
  let deliveries = await world.inbox.deliveriesFor(session);
  while (deliveries.length < sent && Date.now() < deadline) {
    await sleep(100);
    deliveries = await world.inbox.deliveriesFor(session);
  }
  expect(deliveries.length, 'every send the outbox records reached the endpoint').toBe(sent);
  assertDeliveries(session, deliveries, types);
}

/**
 * Exactly the expected webhook types for a session, each event id delivered once.
 *
 * @example
 * assertDeliveries('cs_…', await inbox.deliveriesFor('cs_…'), ['checkout.succeeded']);
 */
export function assertDeliveries(
  session: string,
  deliveries: VerifiedDelivery[],
  types: string[],
): void {
  const ids = deliveries.map((d) => d.id);
  expect(new Set(ids).size, `each webhook delivered once: ${ids.join(', ')}`).toBe(ids.length);
  expect(deliveries.map((d) => d.event.type).sort(), `webhooks for ${session}`).toEqual(types);
  for (const { event } of deliveries) expect(event.data.session_id).toBe(session);
}

/**
 * The final checks of a case, as three steps: `final-screen`, `merchant-api`, `webhooks`.
 *
 * @example
 * await checkOutcome(run, widget, { backend, inbox }, session.id, {
 *   step: 'success', session: 'succeeded', attempts: [{ status: 'succeeded', code: null }],
 * });
 */
export async function checkOutcome(
  run: CaseRun,
  widget: Widget,
  world: { backend: MerchantBackend; inbox: WebhookInbox },
  session: string,
  expected: Expected,
  gallery?: string,
): Promise<MerchantSession> {
  await run.step(
    'final-screen',
    async () => {
      await widget.waitForStep(expected.step);
    },
    { gallery },
  );
  const final = await run.step(
    'merchant-api',
    async () => {
      const webhooks = expectedWebhooks(expected);
      const state = await world.backend.waitForSession(
        session,
        (s) =>
          s.status === expected.session &&
          s.attempts.length === expected.attempts.length &&
          s.attempts.every((a) => a.status !== 'pending') &&
          s.webhooks.length === webhooks.length &&
          s.webhooks.every((w) => w.status === 'delivered'),
        `${expected.session} with ${expected.attempts.length} settled attempt(s) and ${webhooks.length} delivered webhook(s)`,
      );
      expect(
        state.attempts.map((a) => ({ status: a.status, code: a.failure?.code ?? null })),
      ).toEqual(expected.attempts);
      expect(state.webhooks.map((w) => w.type).sort()).toEqual(webhooks);
      return state;
    },
    { screenshot: false },
  );
  await run.step(
    'widget-events',
    async () => {
      for (const event of run.events) {
        if ('session' in event.detail) expect(event.detail.session, event.type).toBe(session);
      }
      expect(run.eventsOf('checkout-ready').length).toBeGreaterThanOrEqual(1);
      const successes = run.eventsOf('checkout-success');
      expect(successes.length, 'checkout-success events').toBe(
        expected.session === 'succeeded' ? 1 : 0,
      );
      for (const e of successes) {
        expect(e.detail).toMatchObject({ amount: final.amount, currency: final.currency });
        expect(e.detail.attempt).toBe(final.attempts.at(-1)?.id);
      }
      const failed = final.attempts.filter((a) => a.status !== 'succeeded');
      const failures = run.eventsOf('checkout-failure');
      expect(
        failures.map((e) => ({ attempt: e.detail.attempt, code: e.detail.code })),
        'checkout-failure events',
      ).toEqual(failed.map((a) => ({ attempt: a.id, code: a.failure?.code ?? null })));
      expect(run.eventsOf('checkout-expired').length).toBe(expected.session === 'expired' ? 1 : 0);
      expect(run.eventsOf('checkout-error').map((e) => e.detail.code)).toEqual(
        expected.errors ?? [],
      );
      expect(run.eventsOf('checkout-step').at(-1)?.detail.step).toBe(expected.step);
      expect(run.violations, 'CSP violations').toEqual([]);
    },
    { screenshot: false },
  );
  await run.step(
    'webhooks',
    async () => {
      const types = expectedWebhooks(expected);
      checkedSessions.set(session, types);
      await checkDeliveries(world, session, types);
      const delivered = final.webhooks.map((w) => w.id).sort();
      const received = (await world.inbox.deliveriesFor(session)).map((d) => d.id).sort();
      expect(received, 'the deliveries are the events the merchant API lists').toEqual(delivered);
    },
    { screenshot: false },
  );
  return final;
}

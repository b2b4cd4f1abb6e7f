// Property (model-based, fast-check commands): whatever the order of terminal callbacks (with
// duplicates and re-signed copies), the sandbox settling the payment and resending its own
// callback, status queries (answering pending, success, failure, "not found", 500 or garbage),
// alarms run by hand, Durable Object evictions and a create answer that is slower than the
// callback, one attempt ends in the state the upstream's record says, with exactly one merchant
// webhook for its outcome, and the widget always reads a clear state. The merchant expiring the
// checkout meanwhile is refused while the attempt may hold money; it holds only once the attempt
// failed (then one checkout.expired follows the checkout.failed).
//
// The upstream is the real sandbox: phone 005 keeps the payment pending until the test settles
// it; a `delay` fault makes the create slow, a `no_callback` fault makes the sandbox silent.
// Callbacks signed by the test stand for the upstream calling back before it answered the
// create. When an eviction kills the create before the sandbox processed it, the upstream has no
// record: three "not created" answers then release the session for a new attempt (the attempt
// stays pending under reconcile, nobody is told "failed") — never re-send the create.
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, getSession } from '../helpers';
import {
  clearFaults,
  forceOutcome,
  recordFigures,
  runTimersNow,
  callbacksInFlight,
  sandboxTransactions,
  webhooksFor,
} from '../hostile';
import {
  RUNS,
  type Outcome,
  type Mode,
  sleep,
  Run,
  commandArbs,
  settledState,
  figures,
} from './interleavings-model';

afterAll(() => expectNoSecrets());

afterAll(() => recordFigures('interleavings', figures));

// Leave nothing running for the next file: no fault armed, every sandbox callback delivered.
afterAll(async () => {
  await clearFaults();
  await vi.waitFor(
    async () => {
      const undelivered = await callbacksInFlight();
      if (undelivered.length > 0) throw new Error(`${undelivered.length} callbacks in flight`);
    },
    { timeout: 10_000, interval: 100 },
  );
});

describe('interleavings', () => {
  it(
    `${RUNS} interleavings of callbacks, status answers, alarms, evictions and a slow create converge`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Outcome>('success', 'failed'),
          fc.constantFrom<Mode>('slow-create', 'slow-create', 'silent', 'lost-create'),
          fc.integer({ min: 150, max: 500 }),
          fc.commands(commandArbs, { maxCommands: 10, size: '+1' }),
          async (outcome, mode, delayMs, cmds) => {
            const run = new Run(outcome, mode, delayMs);
            await run.start();
            const list = [...cmds];
            await fc.asyncModelRun(() => ({ model: { settled: false }, real: run }), list);

            // The create's answer: a pending view, or an error in the shared shape if an
            // eviction cut it (never a 5xx otherwise).
            const created = await run.create;
            if (created.status !== 201) {
              expect(run.evictedDuringCreate, JSON.stringify(created)).toBe(true);
              expect(created.body).toMatchObject({ error: { code: expect.any(String) } });
            }
            // The upstream's record decides; a pending record is settled now.
            const tx = await run.upstreamRecord();
            if (tx?.status === 'pending') await forceOutcome(tx.ref, outcome);
            await clearFaults();
            const expectedOutcome = tx !== null || run.callbackPosted ? outcome : 'lost';

            let final: ReturnType<typeof settledState> = null;
            const deadline = Date.now() + 10_000;
            while (final === null && Date.now() < deadline) {
              await runTimersNow(run.sessionId);
              final = settledState(await getSession(run.sessionId));
              if (final === null) await sleep(50);
            }
            const expected =
              expectedOutcome === 'success'
                ? {
                    session: 'succeeded',
                    attempt: 'succeeded',
                    failure_code: null,
                    webhooks: ['checkout.succeeded'],
                  }
                : expectedOutcome === 'lost'
                  ? { session: 'open', attempt: 'pending', failure_code: null, webhooks: [] }
                  : {
                      session: run.expired ? 'expired' : 'open',
                      attempt: 'failed',
                      failure_code: 'PM-001',
                      webhooks: run.expired
                        ? ['checkout.failed', 'checkout.expired']
                        : ['checkout.failed'],
                    };
            expect(final, list.map(String).join(', ')).toEqual(expected);

            // Exactly one webhook reached the merchant for the outcome (deliveries may repeat
            // an id after an eviction cut an acknowledgement; the id is what the merchant keys on).
            await expect
              .poll(async () => [
                ...new Set((await webhooksFor(run.sessionId)).map((w) => w.webhook_id)),
              ])
              .toHaveLength(expected.webhooks.length);
            const received = await webhooksFor(run.sessionId);
            expect(
              received.every((w) => w.verified && expected.webhooks.includes(w.body.type)),
            ).toBe(true);
            // One attempt, one transition, no second create with a fresh reference.
            const session = await getSession(run.sessionId);
            expect(session.attempts).toHaveLength(1);
            expect(
              session.history.filter((e) => e.type === `attempt_${expected.attempt}`),
            ).toHaveLength(expected.attempt === 'pending' ? 0 : 1);
            const upstream = (await sandboxTransactions()).filter(
              (t) => t.third_party_reference_2 === run.reference,
            );
            expect(upstream.length).toBeLessThanOrEqual(1);

            // fc.commands wraps each command; its name tells what it was.
            const names = list.map(String);
            const count = (prefix: string) => names.filter((n) => n.startsWith(prefix)).length;
            figures.runs += 1;
            figures.commands += list.length;
            figures.callbacks_posted += count('callback');
            figures.evictions += count('evict');
            figures.evictions_during_create += run.evictedDuringCreate ? 1 : 0;
            figures.alarms += count('alarm');
            figures.status_faults += count('status-');
            figures.merchant_expiries += count('expire');
            figures.expired_by_merchant += run.expired ? 1 : 0;
            if (expectedOutcome === 'success') figures.outcome_success += 1;
            else if (expectedOutcome === 'failed') figures.outcome_failed += 1;
            else figures.outcome_create_lost += 1;
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    60_000 + RUNS * 3_000,
  );
});

// Model test of the money rules (docs/design.md, "Money rules"), run in four
// parts (money-model-N.test.ts). fast-check drives
// random schedules against the real proxy and the real sandbox: create answers (ok; processed
// but the answer lost, 504; not processed, 500), OTP submissions (right, wrong, repeated, the answer lost), callbacks (the upstream's truth, duplicate,
// short amount, foreign reference, non-terminal, 000006, late, a success without amount and
// depositId), status answers (pending, 000006, success, failed, not found, "not created" for a
// transaction that exists), one or distinct upstream references, the clock jumping past the input, session and
// reconcile-horizon deadlines, a second attempt, and object evictions. After each schedule, the
// merchant's session, its webhooks and the widget's view must agree with a small model that
// knows only the upstream's truth and the order in which reports reached the proxy.
//
// The project runs with a reconcile delay of an hour: a status query happens only when a
// command asks for it, so the order of reports is the order of commands. The sandbox is told not
// to call back (`no_callback`, `answer_lost`): every callback is the test's, in command order.
// The model's world and commands: money-world.ts, money-callbacks.ts, money-commands.ts.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSession, expectNoSecrets, getSession, ref, seenBodies, seenLogs } from '../helpers';
import { clearFaults, recordFigures, webhooksFor } from '../hostile';
import {
  RUNS,
  AMOUNT,
  type Kind,
  type CreateMode,
  KINDS,
  World,
  statusQuery,
  heldSuccesses,
} from './money-world';
import { setDistinctReferences } from './money-callbacks';
import { readView, checkView, startAttempt, commandArbs } from './money-commands';
import { sessionObject } from '../objects';

const figures = {
  runs: 0,
  commands: 0,
  attempts: 0,
  succeeded: 0,
  failed: 0,
  mismatch: 0,
  needs_review: 0,
  pending: 0,
  anomalies: 0,
  second_successes: 0,
  expired_sessions: 0,
};

/**
 * Declares one part of the model test: RUNS / parts schedules. The parts are separate test files
 * (money-model-N.test.ts) because each file gets a fresh isolate: in one long property every
 * request of the proxy grew slower, run after run (about 5 ms more per 100 runs).
 *
 * @example
 * defineMoneyModel(1, 4); // in money-model-1.test.ts
 */
export function defineMoneyModel(part: number, parts: number): void {
  afterAll(() => expectNoSecrets());
  afterAll(() => clearFaults());
  afterAll(() => setDistinctReferences(false));
  afterAll(() => recordFigures(`money-model-${part}`, figures));
  describe('money model', () => {
    const property = fc.asyncProperty(
      fc.constantFrom<Kind>('prompt', 'prompt', 'otp', 'otp', 'va'),
      fc.constantFrom<CreateMode>('ok', 'ok', 'ok', 'unknown', 'lost'),
      fc.boolean(),
      fc.commands(commandArbs, { maxCommands: 12, size: '+1' }),
      async (kind, create, distinct, cmds) => {
        const w = new World();
        w.kind = kind;
        heldSuccesses.clear();
        // The upstream's references: one value, or depositId, MerchantRequestID and the
        // transaction reference all different (the sandbox's `distinct_references`).
        await setDistinctReferences(distinct);
        const session = await createSession({
          amount: AMOUNT,
          currency: KINDS[kind].currency,
          reference: ref('model'),
        });
        w.sessionId = session.id;
        await startAttempt(w, create);
        const list = [...cmds];
        w.log = [`${kind}/${create}${distinct ? '/distinct' : ''}`, ...list.map(String)];
        await fc.asyncModelRun(() => ({ model: w, real: w }), list);
        await clearFaults();
        w.statusFaultArmed = false;

        // The end of the schedule: one more round of status queries, every webhook delivered.
        for (const a of w.attempts) await statusQuery(w, a);
        await runDurableObjectAlarm(sessionObject(w.sessionId));
        const context = w.log.join(', ');
        const final = await vi.waitFor(
          async () => {
            const s = await getSession(w.sessionId);
            expect(s.webhooks.every((h) => h.status === 'delivered')).toBe(true);
            return s;
          },
          { timeout: 8000, interval: 10 },
        );
        expect(final.status, context).toBe(w.status());
        expect(
          final.attempts.map((a) => a.status),
          context,
        ).toEqual(w.attempts.map((a) => a.decided ?? 'pending'));
        checkView(w, await readView(w));

        // Webhooks, once per event id.
        const events = new Map<string, { type: string }>();
        for (const hook of await webhooksFor(w.sessionId)) events.set(hook.webhook_id, hook.body);
        const ids = [...events.keys()];
        const types = [...events.values()].map((e) => e.type);
        expect(types.filter((t) => t === 'checkout.succeeded').length, context).toBe(
          w.succeededEvents,
        );
        expect(ids.filter((id) => id.endsWith('_failed')).sort(), context).toEqual(
          [...w.failedEvents].map((id) => `evt_${id}_failed`).sort(),
        );
        expect(types.includes('checkout.expired'), context).toBe(w.wasExpired);
        expect(types.includes('checkout.requires_action'), context).toBe(w.wasRequiresAction);
        // The invariant: nobody is told failed or expired while a payer's money may be held.
        if (w.questioned() && !w.succeeded()) {
          expect(final.status, context).toBe('requires_action');
        }
        const anomalyIds = ids.filter((id) => id.includes('_anomaly_'));
        expect(anomalyIds.filter((id) => !id.endsWith('_second_success')).sort(), context).toEqual(
          [...w.anomalies].map((k) => `evt_${k.replace(':', '_anomaly_')}`).sort(),
        );
        expect(anomalyIds.filter((id) => id.endsWith('_second_success')).length, context).toBe(
          w.secondSuccesses,
        );

        // Sweep what this run saw for secrets, then let it go: the bodies kept for the sweep
        // would otherwise grow the isolate's heap (and every later run) with each schedule.
        expectNoSecrets();
        seenBodies.length = 0;
        seenLogs.length = 0;
        await runInDurableObject(sessionObject(w.sessionId), async (_i, state) => {
          await state.storage.deleteAlarm();
          await state.storage.deleteAll();
        });
        figures.runs += 1;
        figures.commands += list.length;
        figures.attempts += w.attempts.length;
        for (const a of w.attempts) figures[a.decided ?? 'pending'] += 1;
        figures.anomalies += anomalyIds.length;
        figures.second_successes += w.secondSuccesses;
        figures.expired_sessions += w.wasExpired ? 1 : 0;
      },
    );
    it(
      `random schedules, part ${part} of ${parts} (${RUNS} in all): the merchant's session, webhooks and the widget's view agree with the upstream's truth`,
      async () => {
        await fc.assert(property, { numRuns: Math.ceil(RUNS / parts), endOnFailure: true });
      },
      60_000 + RUNS * 2_000,
    );
  });
}

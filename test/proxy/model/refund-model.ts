// Model test of refunds (docs/refunds.md, "The budget"; docs/money-rules.md, "Money counted").
// fast-check drives random schedules against the real proxy and the real sandbox. A KES 1,000
// session's collection is reported by signed callbacks in a random mix (the amount, 100,000 in
// another currency, more on the same transaction, the amount on a second transaction, a
// failure, a success after a failure), interleaved with refund requests (an amount or none, in
// the session's currency, the reported one or one nobody paid in, alone or two at once; the
// create answered, its answer lost, refused by a 500 or a lost request that processed nothing,
// or refused by a 400 after its success callback came), the merchant running an anomaly's
// refund call, the upstream settling a refund's payout (paid, failed, paid for another amount)
// and status queries. After every command:
// - the refunds' statuses are what a small model says the proxy knows;
// - refunds never pass what was counted, per currency, and none is in a currency nobody paid in;
// - the budget (probed with refunds it must refuse: REFUND_EXCEEDS_PAID names what is paid and
//   refundable, CURRENCY_MISMATCH / NOT_PAID a currency without money) is counted minus held;
// - a payer charged leaves the merchant something to act on: the session is `requires_action`
//   or `succeeded`.
// At the end every currency money was counted in beyond a matching payment has an anomaly whose
// refund call names it, each refund sent exactly its webhook and went upstream at most once.
//
// The project runs with a reconcile delay of an hour: a status query happens only when a
// command asks for it. Refunds go to a number the sandbox keeps pending (ending 005) until a
// command settles them; the collection stays pending upstream (its reports are the test's).
import { env, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, getSession, merchant, sandbox, seenBodies, seenLogs } from '../helpers';
import { expectResponsesConform } from '../contract';
import { sessionObject } from '../objects';
import {
  clearFaults,
  forgetWebhooks,
  injectFault,
  sandboxTransactions,
  webhooksFor,
} from '../hostile';
import type { Anomaly } from '../refunds/support';
import {
  drainRefund,
  getRefund,
  pendingKesAttempt,
  refundEvents,
  requestRefund,
} from '../refunds/support';
import { collectionCallback, drainSession } from '../sessions/support';
import {
  CURRENCIES,
  type Currency,
  destinationFor,
  expectRefusal,
  learnt,
  Ledger,
  OWN,
  PAID,
  type Report,
  reportOf,
} from './refund-world';

/** Runs: REFUND_MODEL_RUNS when set (UC_REFUND_MODEL_RUNS), else a twentieth of MODEL_RUNS
 * (10 by default). */
const bindings = env as { MODEL_RUNS?: string; REFUND_MODEL_RUNS?: string };
const RUNS = bindings.REFUND_MODEL_RUNS
  ? Number(bindings.REFUND_MODEL_RUNS)
  : Math.max(4, Math.round(Number(bindings.MODEL_RUNS ?? 200) / 20));

/** The sandbox's newest transactions a run looks in (a run makes a few; the project's other
 * files a few more meanwhile): all of them would grow every poll, run after run. */
const RECENT = 100;

type Fault = 'none' | 'answer_lost' | 'error' | 'request_lost' | 'answer_refused';

type Command =
  | { t: 'report'; report: Report }
  | {
      t: 'request';
      amount: number | null;
      currency: Currency | null;
      fault: Fault;
      pair: boolean;
    }
  | { t: 'act' }
  | { t: 'settle'; pick: number; outcome: 'success' | 'failed' | 'other'; other: number }
  | { t: 'reconcile'; pick: number };

/** Mostly the latest refund (0), sometimes an older one. */
const pickArb = fc.constantFrom(0, 0, 0, 1, 2);

const reportArb = fc.constantFrom<Report>(
  'match',
  'match',
  'currency',
  'more',
  'second',
  'failure',
);

/**
 * One round: maybe a report of the collection, a refund request, then maybe the merchant
 * running an anomaly's refund call, a refund's payout settled by the upstream and a status
 * query (so a request often meets money just reported, a refund that just failed, or one paid
 * out for more).
 */
const roundArb: fc.Arbitrary<Command[]> = fc
  .record({
    report: fc.option(reportArb, { nil: null, freq: 3 }),
    amount: fc.option(fc.integer({ min: 100, max: 700 }), { nil: null, freq: 3 }),
    currency: fc.option(fc.constantFrom<Currency>(...CURRENCIES), { nil: null, freq: 2 }),
    fault: fc.constantFrom<Fault>(
      'none',
      'none',
      'none',
      'answer_lost',
      'error',
      'request_lost',
      'answer_refused',
    ),
    pair: fc.boolean(),
    act: fc.boolean(),
    settle: fc.option(fc.constantFrom('success' as const, 'failed' as const, 'other' as const), {
      nil: null,
      freq: 4,
    }),
    other: fc.integer({ min: 1, max: 1200 }),
    pick: pickArb,
    reconcile: fc.option(pickArb, { nil: null, freq: 2 }),
  })
  .map((r) => {
    const commands: Command[] = [];
    if (r.report !== null) commands.push({ t: 'report', report: r.report });
    commands.push({
      t: 'request',
      amount: r.amount,
      currency: r.currency,
      fault: r.fault,
      pair: r.pair,
    });
    if (r.act) commands.push({ t: 'act' });
    if (r.settle !== null) {
      commands.push({ t: 'settle', pick: r.pick, outcome: r.settle, other: r.other });
    }
    if (r.reconcile !== null) commands.push({ t: 'reconcile', pick: r.reconcile });
    return commands;
  });

/** A schedule: the collection reported first, then rounds. */
const scheduleArb = fc
  .tuple(reportArb, fc.array(roundArb, { minLength: 1, maxLength: 3 }))
  .map(([first, rounds]) => [{ t: 'report', report: first } as Command, ...rounds.flat()]);

class World {
  sessionId = '';
  attemptId = '';
  upstreamRef = '';
  money = new Ledger();
  /** Anomalies whose refund call the merchant ran. */
  acted = new Set<string>();
  log: string[] = [];

  async report(c: Extract<Command, { t: 'report' }>): Promise<void> {
    const { params, money } = reportOf(c.report, this.attemptId, this.upstreamRef);
    expect(await collectionCallback(params)).toBe(200);
    if (money) this.money.hear(money);
  }

  /** Asks for refunds (two at once with `pair`) and checks what the budget answered. */
  async request(c: Extract<Command, { t: 'request' }>): Promise<void> {
    await this.ask(
      {
        ...(c.amount === null ? {} : { amount: c.amount }),
        ...(c.currency === null ? {} : { currency: c.currency }),
      },
      c.fault,
      c.pair,
    );
  }

  async ask(body: Record<string, unknown>, fault: Fault, pair: boolean): Promise<void> {
    const currency = (body.currency as string | undefined) ?? OWN;
    const amount = (body.amount as number | undefined) ?? null;
    const expected = this.money.expect(currency, pair ? [amount, amount] : [amount]);
    const left = this.money.left(currency);
    // A refused create that is answered only once its success callback came: paid at once.
    const now = fault === 'answer_refused';
    if (fault !== 'none') await injectFault('payouts', fault, pair ? 2 : 1, now ? 2000 : 0);
    const full = { ...body, destination: destinationFor(currency, now) };
    const asks = pair
      ? [requestRefund(this.sessionId, full), requestRefund(this.sessionId, full)]
      : [requestRefund(this.sessionId, full)];
    const answers = await Promise.all(asks);
    await clearFaults();
    const context = `${JSON.stringify(body)} × ${asks.length}, left ${left} ${currency}`;
    const made = answers.filter((a) => a.status === 201);
    for (const a of answers) if (a.status !== 201) expectRefusal(a, expected.refusal, context);
    expect(made.length, context).toBe(expected.made);
    // A single request without an amount refunds exactly what is left.
    if (!pair && made.length === 1) expect(made[0]!.json.amount).toBe(amount ?? left);
    for (const a of made) {
      expect(a.json.currency, context).toBe(currency);
      const tx = (await sandboxTransactions(RECENT)).find(
        (t) => t.third_party_reference_1 === a.json.id,
      );
      const r = {
        id: a.json.id,
        amount: a.json.amount,
        currency,
        truth: tx ? ('pending' as const) : ('absent' as const),
        other: 0,
        silent: tx?.silent ?? false,
        upstreamRef: tx?.ref ?? null,
        known: 'pending' as const,
      };
      this.money.refunds.push(r);
      if (now && tx) {
        // Its success was heard before the refusal: the refund is paid, never failed.
        Object.assign(r, { truth: 'success', known: 'succeeded' });
        await vi.waitFor(async () => expect((await getRefund(r.id)).status).toBe('succeeded'), {
          timeout: 8000,
          interval: 50,
        });
        await drainRefund(r.id, this.sessionId, RECENT);
      }
    }
  }

  /** The merchant runs the refund call of the first anomaly it has not acted on. */
  async act(): Promise<void> {
    await drainSession(this.sessionId, RECENT);
    const calls = (await webhooksFor(this.sessionId))
      .filter((w) => w.body.type === 'checkout.anomaly' && !this.acted.has(w.webhook_id))
      .map((w) => ({ id: w.webhook_id, anomaly: (w.body.data as { anomaly: Anomaly }).anomaly }))
      .filter((w) => w.anomaly.refund !== undefined);
    const first = calls[0];
    if (!first) return;
    this.acted.add(first.id);
    const call = first.anomaly.refund!;
    expect(call.path).toBe(`/v1/sessions/${this.sessionId}/refunds`);
    expect(call.body.attempt).toBe(this.attemptId);
    await this.ask(call.body, 'none', false);
  }

  async settle(c: Extract<Command, { t: 'settle' }>): Promise<void> {
    const open = this.money.refunds.filter((r) => r.truth === 'pending');
    if (open.length === 0) return;
    const r = open[open.length - 1 - (c.pick % open.length)]!;
    const body =
      c.outcome === 'other' ? { outcome: 'success', amount: c.other } : { outcome: c.outcome };
    const res = await sandbox(`/control/transactions/${r.upstreamRef}/outcome`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    r.truth = c.outcome;
    r.other = c.outcome === 'other' ? c.other : r.amount;
    // A callback follows unless the create's answer was lost (silent): then only a status
    // query tells the proxy.
    if (!r.silent) {
      r.known = learnt(r);
      await vi.waitFor(async () => expect((await getRefund(r.id)).status).toBe(r.known), {
        timeout: 8000,
        interval: 50,
      });
    }
    await drainRefund(r.id, this.sessionId, RECENT);
  }

  async reconcile(c: Extract<Command, { t: 'reconcile' }>): Promise<void> {
    const refunds = this.money.refunds;
    if (refunds.length === 0) return;
    const r = refunds[refunds.length - 1 - (c.pick % refunds.length)]!;
    const res = await merchant(`/v1/refunds/${r.id}/reconcile`, { method: 'POST' });
    expect(res.status).toBe(200);
    // "Not created" (a create refused by a 500, a lost request) never fails a refund: it
    // stays pending.
    if (r.known === 'pending') r.known = learnt(r);
    await drainRefund(r.id, this.sessionId, RECENT);
  }

  /** The proxy's refunds are the model's, and the money rules hold. */
  async check(): Promise<void> {
    const context = this.log.join(', ');
    for (const r of this.money.refunds) {
      expect((await getRefund(r.id)).status, `${r.id} ${r.truth}; ${context}`).toBe(r.known);
    }
    const session = await getSession(this.sessionId);
    // Refunds never pass what was counted, per currency; none is in a currency nobody paid in.
    for (const currency of CURRENCIES) {
      const counted = this.money.counted(currency);
      const asked = session.refunds
        .filter((r) => r.currency === currency && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      expect(asked, `${currency} refunds; ${context}`).toBeLessThanOrEqual(counted);
      // Of what we asked, the upstream never paid out more than was paid in.
      const paidOut = this.money.refunds
        .filter((r) => r.currency === currency && (r.truth === 'success' || r.truth === 'other'))
        .reduce((s, r) => s + r.amount, 0);
      expect(paidOut, context).toBeLessThanOrEqual(counted);
      // The budget is counted minus held (probed in the currencies paid in and the session's;
      // the others are refused in the commands and at the end).
      if (counted > 0 || currency === OWN) await this.probe(currency, context);
    }
    expect(session.refunds.map((r) => r.id).sort()).toEqual(
      this.money.refunds.map((r) => r.id).sort(),
    );
    // A payer charged is never left without a state the merchant can act on.
    if (this.money.paidAny()) {
      expect(['succeeded', 'requires_action'], context).toContain(session.status);
    }
  }

  /** One more than is left is refused, naming what was paid and what is refundable (or, in a
   * currency without money, CURRENCY_MISMATCH / NOT_PAID). */
  async probe(currency: string, context: string): Promise<void> {
    const left = this.money.left(currency);
    const probe = await requestRefund(this.sessionId, {
      currency,
      amount: Math.max(0, left) + 1,
      destination: destinationFor(currency),
    });
    const refusal = this.money.expect(currency, [1]).refusal;
    expectRefusal(probe, refusal, `${currency} probe; ${context}`);
    if (refusal === 'REFUND_EXCEEDS_PAID') {
      expect(probe.json.error?.details, `${currency} budget; ${context}`).toMatchObject({
        paid: this.money.counted(currency),
        refundable: Math.max(0, left),
      });
    }
  }

  /** Every currency counted beyond a matching payment has an anomaly whose refund call names
   * it; each refund sent exactly its webhook, and went upstream at most once. */
  async finish(): Promise<void> {
    const context = this.log.join(', ');
    for (const r of this.money.refunds) await drainRefund(r.id, this.sessionId, RECENT);
    await drainSession(this.sessionId, RECENT);
    const session = await getSession(this.sessionId);
    const succeeded = session.attempts[0]?.status === 'succeeded';
    const calls = (await webhooksFor(this.sessionId))
      .filter((w) => w.body.type === 'checkout.anomaly')
      .map((w) => (w.body.data as { anomaly: Anomaly }).anomaly.refund?.body.currency);
    for (const currency of CURRENCIES) {
      await this.probe(currency, context);
      const counted = this.money.counted(currency);
      const extra = succeeded && currency === OWN ? counted - PAID : counted;
      if (extra > 0) expect(calls, `${currency} refund call; ${context}`).toContain(currency);
    }
    const events = await refundEvents(this.sessionId);
    const txs = await sandboxTransactions(RECENT);
    for (const r of this.money.refunds) {
      const mine = events
        .filter((e) => e.body.id.startsWith(`evt_${r.id}_`))
        .map((e) => e.body.type);
      const expected =
        r.known === 'succeeded'
          ? ['refund.succeeded']
          : r.known === 'failed'
            ? ['refund.failed']
            : r.known === 'mismatch'
              ? ['refund.anomaly']
              : [];
      expect(mine, `${r.id}; ${context}`).toEqual(expected);
      expect(txs.filter((t) => t.third_party_reference_1 === r.id).length).toBeLessThanOrEqual(1);
    }
  }
}

/** Defines the refund model's test. */
export function defineRefundModel(): void {
  afterAll(() => expectNoSecrets());
  afterAll(() => clearFaults());
  describe('refund model', () => {
    it('refunds never pass what was counted per currency, the budget is counted minus held, and a charged payer leaves the merchant something to act on, whatever the order of reports', async () => {
      const property = fc.asyncProperty(scheduleArb, async (cmds) => {
        const w = new World();
        const attempt = await pendingKesAttempt(PAID);
        [w.sessionId, w.attemptId, w.upstreamRef] = [
          attempt.id,
          attempt.attemptId,
          attempt.upstreamRef,
        ];
        w.log = cmds.map((c) => JSON.stringify(c));
        for (const c of cmds) {
          if (c.t === 'report') await w.report(c);
          else if (c.t === 'request') await w.request(c);
          else if (c.t === 'act') await w.act();
          else if (c.t === 'settle') await w.settle(c);
          else await w.reconcile(c);
          await w.check();
        }
        await w.finish();
        // Sweep what this run saw for secrets and check its answers against the OpenAPI
        // document, then let them go: kept, they grow the isolate's heap and every later run
        // slows down (about tenfold by the tenth).
        expectNoSecrets();
        await expectResponsesConform();
        seenBodies.length = 0;
        seenLogs.length = 0;
        await runInDurableObject(sessionObject(w.sessionId), async (_i, state) => {
          await state.storage.deleteAlarm();
          await state.storage.deleteAll();
        });
        await forgetWebhooks(w.sessionId);
      });
      await fc.assert(property, { numRuns: RUNS, endOnFailure: true });
    }, 1_800_000);
  });
}

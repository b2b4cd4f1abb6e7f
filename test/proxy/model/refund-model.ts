// Model test of refunds (docs/refunds.md, "The budget"; docs/design.md, "Money rules", rule 15).
// fast-check drives random schedules against the real proxy and the real sandbox: refund
// requests (an amount or none, alone or two at once, the create answered, its answer lost, or
// refused by a 500 that processed nothing), the upstream settling a refund's payout (paid,
// failed, paid for another amount) and status queries. After every command the refunds'
// statuses must be what a small model says the proxy knows, and the money rule must hold:
// the refunds that have not failed never pass what was paid, whatever the order of events,
// and the upstream never pays out more of what we asked than was paid. At the end each refund
// sent exactly its webhook and was sent upstream at most once.
//
// The project runs with a reconcile delay of an hour: a status query happens only when a
// command asks for it. Refunds go to a number the sandbox keeps pending (ending 005) until a
// command settles them.
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, merchant, sandbox } from '../helpers';
import { clearFaults, injectFault, sandboxTransactions } from '../hostile/support';
import {
  drainRefund,
  getRefund,
  paidSession,
  refundEvents,
  requestRefund,
} from '../money/refunds-support';

/** Runs: a sixteenth of MODEL_RUNS (12 by default; each pays a session first). */
const RUNS = Math.max(
  4,
  Math.round(Number((env as { MODEL_RUNS?: string }).MODEL_RUNS ?? 200) / 16),
);
const PAID = 1000;
const DESTINATION = { method: 'send money', mobile: '254712345005' };

type Fault = 'none' | 'answer_lost' | 'error';
type Truth = 'pending' | 'success' | 'failed' | 'other' | 'absent';
type Known = 'pending' | 'succeeded' | 'failed' | 'mismatch';

type Command =
  | { t: 'request'; amount: number | null; fault: Fault; pair: boolean }
  | { t: 'settle'; pick: number; outcome: 'success' | 'failed' | 'other'; other: number }
  | { t: 'reconcile'; pick: number };

/** One refund as the model knows it. */
interface ModelRefund {
  id: string;
  amount: number;
  /** What the upstream holds (`absent`: the create was never processed). */
  truth: Truth;
  /** The amount the upstream paid out when it settled for another. */
  other: number;
  /** The upstream sends no callback for it (its create answer was lost). */
  silent: boolean;
  upstreamRef: string | null;
  /** What the proxy knows now. */
  known: Known;
}

/** Mostly the latest refund (0), sometimes an older one. */
const pickArb = fc.constantFrom(0, 0, 0, 1, 2);

/**
 * One round: a request, then maybe its payout settled by the upstream and maybe a status query
 * (so a request often meets a refund that just failed, or was paid out for more).
 */
const roundArb: fc.Arbitrary<Command[]> = fc
  .record({
    amount: fc.option(fc.integer({ min: 100, max: 700 }), { nil: null, freq: 3 }),
    fault: fc.constantFrom<Fault>('none', 'none', 'none', 'answer_lost', 'error'),
    pair: fc.boolean(),
    settle: fc.option(fc.constantFrom('success' as const, 'failed' as const, 'other' as const), {
      nil: null,
      freq: 4,
    }),
    other: fc.integer({ min: 1, max: 1200 }),
    pick: pickArb,
    reconcile: fc.option(pickArb, { nil: null, freq: 2 }),
  })
  .map((r) => {
    const commands: Command[] = [{ t: 'request', amount: r.amount, fault: r.fault, pair: r.pair }];
    if (r.settle !== null) {
      commands.push({ t: 'settle', pick: r.pick, outcome: r.settle, other: r.other });
    }
    if (r.reconcile !== null) commands.push({ t: 'reconcile', pick: r.reconcile });
    return commands;
  });

function held(refunds: readonly ModelRefund[]): number {
  return refunds.reduce((sum, r) => {
    if (r.known === 'failed') return sum;
    return sum + (r.known === 'mismatch' ? Math.max(r.amount, r.other) : r.amount);
  }, 0);
}

/** What the proxy learns from the upstream's truth (a status query, or a callback). */
function learnt(r: ModelRefund): Known {
  if (r.truth === 'success') return 'succeeded';
  if (r.truth === 'failed') return 'failed';
  if (r.truth === 'other') return r.other === r.amount ? 'succeeded' : 'mismatch';
  return 'pending';
}

class World {
  sessionId = '';
  refunds: ModelRefund[] = [];
  log: string[] = [];

  async request(c: Extract<Command, { t: 'request' }>): Promise<void> {
    const left = PAID - held(this.refunds);
    if (c.fault !== 'none') await injectFault('payouts', c.fault, c.pair ? 2 : 1);
    const body = {
      ...(c.amount === null ? {} : { amount: c.amount }),
      destination: DESTINATION,
    };
    const asks = c.pair
      ? [requestRefund(this.sessionId, body), requestRefund(this.sessionId, body)]
      : [requestRefund(this.sessionId, body)];
    const answers = await Promise.all(asks);
    await clearFaults();
    const made = answers.filter((a) => a.status === 201);
    for (const a of answers) {
      if (a.status !== 201) {
        expect(a.status, JSON.stringify(a.json)).toBe(409);
        expect(a.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
      }
    }
    // What the model allows: each request in turn, against what is left.
    const amount = c.amount ?? left;
    let expected = 0;
    let room = left;
    for (let i = 0; i < answers.length; i++) {
      const wants = c.amount ?? room;
      if (room > 0 && wants <= room) {
        expected += 1;
        room -= wants;
      }
    }
    expect(made.length, `left ${left}, asked ${c.pair ? 2 : 1} × ${amount}`).toBe(expected);
    // A single request without an amount refunds exactly what is left.
    if (!c.pair && made.length === 1) expect(made[0]!.json.amount).toBe(amount);
    for (const a of made) {
      const tx = (await sandboxTransactions()).find((t) => t.third_party_reference_1 === a.json.id);
      this.refunds.push({
        id: a.json.id,
        amount: a.json.amount,
        truth: tx ? 'pending' : 'absent',
        other: 0,
        silent: tx?.silent ?? false,
        upstreamRef: tx?.ref ?? null,
        known: 'pending',
      });
    }
  }

  async settle(c: Extract<Command, { t: 'settle' }>): Promise<void> {
    const open = this.refunds.filter((r) => r.truth === 'pending');
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
    await drainRefund(r.id, this.sessionId);
  }

  async reconcile(c: Extract<Command, { t: 'reconcile' }>): Promise<void> {
    if (this.refunds.length === 0) return;
    const r = this.refunds[this.refunds.length - 1 - (c.pick % this.refunds.length)]!;
    const res = await merchant(`/v1/refunds/${r.id}/reconcile`, { method: 'POST' });
    expect(res.status).toBe(200);
    // "Not created" (a create refused by a 500) never fails a refund: it stays pending.
    if (r.known === 'pending') r.known = learnt(r);
    await drainRefund(r.id, this.sessionId);
  }

  /** The proxy's statuses are the model's, and the money rule holds. */
  async check(): Promise<void> {
    for (const r of this.refunds) {
      expect((await getRefund(r.id)).status, `${r.id} ${r.truth}`).toBe(r.known);
    }
    const unfailed = this.refunds
      .filter((r) => r.known !== 'failed')
      .reduce((s, r) => s + r.amount, 0);
    expect(unfailed).toBeLessThanOrEqual(PAID);
    // Of what we asked, the upstream never paid out more than was paid in.
    const asked = this.refunds
      .filter((r) => r.truth === 'success' || r.truth === 'other')
      .reduce((s, r) => s + r.amount, 0);
    expect(asked).toBeLessThanOrEqual(PAID);
  }

  /** Each refund sent exactly its webhook, and went upstream at most once. */
  async finish(): Promise<void> {
    for (const r of this.refunds) await drainRefund(r.id, this.sessionId);
    const events = await refundEvents(this.sessionId);
    const txs = await sandboxTransactions();
    for (const r of this.refunds) {
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
      expect(mine, r.id).toEqual(expected);
      expect(txs.filter((t) => t.third_party_reference_1 === r.id).length).toBeLessThanOrEqual(1);
    }
  }
}

/** Defines the refund model's test. */
export function defineRefundModel(): void {
  afterAll(() => expectNoSecrets());
  afterAll(() => clearFaults());
  describe('refund model', () => {
    it('the refunds that have not failed never pass what was paid, whatever the order of events', async () => {
      const property = fc.asyncProperty(
        fc.array(roundArb, { minLength: 1, maxLength: 4 }).map((rounds) => rounds.flat()),
        async (cmds) => {
          const w = new World();
          w.sessionId = (await paidSession(PAID)).id;
          w.log = cmds.map((c) => JSON.stringify(c));
          for (const c of cmds) {
            if (c.t === 'request') await w.request(c);
            else if (c.t === 'settle') await w.settle(c);
            else await w.reconcile(c);
            await w.check();
          }
          await w.finish();
        },
      );
      await fc.assert(property, { numRuns: RUNS, endOnFailure: true });
    }, 600_000);
  });
}

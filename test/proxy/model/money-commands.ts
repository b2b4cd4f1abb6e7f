// The money model's other commands (money-model.ts): settling, status queries and their faults,
// OTP submissions, the clock jumping past deadlines, a second attempt, evictions, the widget's
// view, and the create that starts each schedule.
import { runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import { checkout } from '../helpers';
import { clearFaults, evictSession, forceOutcome, injectFault } from '../hostile';
import { passInputDeadlines, passSessionDeadline } from '../sessions/support';
import {
  type CreateMode,
  KINDS,
  type ModelAttempt,
  payerIp,
  World,
  sandboxTx,
  statusQuery,
  lagStatus,
} from './money-world';
import { type Cmd, Callback } from './money-callbacks';
import { sessionObject } from '../objects';

/** The upstream settles a collection (silently unless the create timed out). */
export class Settle implements Cmd {
  constructor(
    readonly outcome: 'success' | 'failed' | 'timeout',
    readonly index: number,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const a = w.attempts[this.index % w.attempts.length]!;
    const tx = await sandboxTx(a);
    if (!tx || tx.status !== 'pending') return;
    expect(await forceOutcome(tx.ref, this.outcome)).toBe(200);
  }
  toString = () => `settle(${this.outcome}#${this.index})`;
}

/** The session's status queries run (one per attempt still asked about, in attempt order). */
export class StatusQueries implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    for (const a of w.attempts) await statusQuery(w, a);
  }
  toString = () => 'status-queries';
}

/** Three status queries of an attempt the sandbox has answer "not created" (a lagging replica). */
export class Lag implements Cmd {
  constructor(readonly index: number) {}
  check = () => true;
  async run(_m: World, w: World) {
    const a = w.attempts[this.index % w.attempts.length]!;
    const tx = await sandboxTx(a);
    if (!tx) return;
    await lagStatus(tx.ref, 3);
    a.lag = 3;
  }
  toString = () => `lag(#${this.index})`;
}

/** The next status query answers 500 (only with one attempt asked about, so it is known which). */
export class StatusFault implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    if (w.statusFaultArmed || w.attempts.filter((a) => a.decided === null).length !== 1) return;
    await injectFault('status', 'error', 1);
    w.statusFaultArmed = true;
  }
  toString = () => 'status-fault';
}

/** The payer submits a code; with `lost`, the upstream applies it but its answer is lost (504),
 * and the proxy's own resend is answered. */
export class Otp implements Cmd {
  constructor(
    readonly right: boolean,
    readonly lost = false,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    if (w.kind !== 'otp') return;
    const a = w.attempts.at(-1)!;
    const tx = await sandboxTx(a);
    // The proxy forwards a code only for a pending attempt it created that awaits input.
    const forwarded =
      !w.succeeded() && a.decided === null && a.create === 'ok' && a.input === 'awaiting';
    const lost = this.lost && forwarded;
    if (lost) await injectFault('process-transaction', 'answer_lost');
    const res = await checkout(`/${w.sessionId}/otp`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': payerIp() },
      body: JSON.stringify({ otp: this.right ? '000000' : '123456' }),
    });
    const body = (await res.json()) as { error?: { code: string } };
    let expected: number;
    if (w.succeeded()) expected = 409;
    else if (a.decided !== null || a.create !== 'ok' || a.input === 'given') expected = 409;
    else if (a.input === 'lapsed') expected = a.otpTries >= 3 ? 423 : 410;
    else {
      // A lost answer changes nothing the payer sees: the proxy sends the same code once more,
      // and that answer ("already processed" for a code the upstream applied) decides.
      const awaiting = tx?.status === 'pending' && tx.status_code === '000001';
      const expired = (tx as { failureReason?: { failureCode?: string } } | null)?.failureReason
        ?.failureCode;
      if (awaiting && this.right) {
        a.input = 'given';
        expected = 200;
      } else if (awaiting) {
        a.otpTries += 1;
        expected = a.otpTries >= 3 ? 423 : 422;
        if (a.otpTries >= 3) a.input = 'lapsed';
      } else if (expired === 'OT-001') {
        // The upstream says the token expired: the input lapses, no try is used.
        a.input = 'lapsed';
        expected = 410;
      } else {
        // "Already processed": the upstream has a code on the token: given, no try used.
        a.input = 'given';
        expected = 200;
      }
    }
    expect(res.status, JSON.stringify(body)).toBe(expected);
    w.settle();
    if (lost) checkView(w, await readView(w));
  }
  toString = () => `otp(${this.right ? 'right' : 'wrong'}${this.lost ? ', answer lost' : ''})`;
}

/** The clock passes every open input window (OTP, prompt, account). */
export class InputDeadline implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    await passInputDeadlines(w.sessionId);
    for (const a of w.attempts)
      if (a.decided === null && a.input === 'awaiting') a.input = 'lapsed';
    w.settle();
  }
  toString = () => 'input-deadline';
}

/** The clock passes the session's deadline. */
export class SessionDeadline implements Cmd {
  check = (m: Readonly<World>) => !m.deadlinePassed;
  async run(m: World, w: World) {
    await passSessionDeadline(w.sessionId);
    m.deadlinePassed = true;
    w.settle();
  }
  toString = () => 'session-deadline';
}

/** The clock passes the reconcile horizon: unknown attempts become needs_review. */
export class Horizon implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    await runInDurableObject(sessionObject(w.sessionId), (_i, state) => {
      state.storage.sql.exec('UPDATE attempts SET created_at = ?', Date.now() - 25 * 3_600_000);
    });
    for (const a of w.attempts) {
      const before = a.decided;
      await statusQuery(w, a);
      if (before === null && a.decided === null) {
        a.decided = 'needs_review';
        w.anomalies.add(`${a.id}:needs_review`);
        w.settle();
      }
    }
  }
  toString = () => 'horizon';
}

/** The payer starts another attempt when the view offers it. */
export class NewAttempt implements Cmd {
  check = (m: Readonly<World>) => m.attempts.length < 2;
  async run(_m: World, w: World) {
    const view = await readView(w);
    expect(view.can_retry, w.log.join(', ')).toBe(w.canRetry());
    if (!view.can_retry) return;
    await startAttempt(w, 'ok');
  }
  toString = () => 'new-attempt';
}

/** The clock passes the input windows and the payer starts again at once, when offered. */
export class LapseThenRetry implements Cmd {
  check = (m: Readonly<World>) => m.attempts.length < 2;
  async run(m: World, w: World) {
    await new InputDeadline().run(m, w);
    await new NewAttempt().run(m, w);
  }
  toString = () => 'lapse-then-retry';
}

/** The session's object is evicted (its memory is lost, its storage and alarm remain). */
export class Evict implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    await evictSession(w.sessionId);
  }
  toString = () => 'evict';
}

/** The widget reads the view: it agrees with the model and never shows an unsettled failure. */
export class View implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    checkView(w, await readView(w));
  }
  toString = () => 'view';
}

export async function readView(w: World): Promise<CheckoutView> {
  const res = await checkout(`/${w.sessionId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView;
}

export function checkView(w: World, view: CheckoutView): void {
  const context = w.log.join(', ');
  expect(view.status, context).toBe(w.status());
  const latest = w.attempts.at(-1);
  if (!latest) return;
  expect(view.attempt?.status, context).toBe(latest.decided ?? 'pending');
  if (latest.decided === null) {
    const next = view.attempt?.next?.type;
    if (latest.input === 'given') expect(next, context).toBe('confirming');
    else if (latest.input === 'lapsed') expect(next, context).toBe('input_lapsed');
    else expect(['confirming', 'input_lapsed']).not.toContain(next);
    // Only a definite wrong code uses a try (a lost answer never does).
    if (view.attempt?.next?.type === 'enter_otp') {
      expect(view.attempt.next.tries_left, context).toBe(3 - latest.otpTries);
    }
  }
  expect(view.can_retry, context).toBe(w.canRetry());
}

export async function startAttempt(w: World, mode: CreateMode): Promise<void> {
  await clearFaults();
  w.statusFaultArmed = false; // cleared with every other fault
  // ok: answered and silent; unknown: processed silently, its answer lost (504); lost: never
  // processed (500).
  if (mode === 'ok') await injectFault('collections', 'no_callback');
  else if (mode === 'unknown') await injectFault('collections', 'answer_lost');
  else await injectFault('collections', 'error');
  const n = w.attempts.length + 1;
  const a: ModelAttempt = {
    id: `${w.sessionId}.${n}`,
    create: mode,
    decided: null,
    input: 'awaiting',
    otpTries: 0,
    refKnown: false,
    notFound: 0,
    lag: 0,
    calledBack: false,
    posted: new Set(),
    tx: null,
    lastEnvelope: null,
  };
  const res = await checkout(`/${w.sessionId}/attempts`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': payerIp() },
    body: JSON.stringify(KINDS[w.kind].body),
  });
  // A refused create (5xx answers) leaves the attempt pending: 201 with a pending view.
  expect(res.status, await res.clone().text()).toBe(201);
  w.attempts.push(a);
  await clearFaults();
  w.settle();
}

export const commandArbs = [
  fc
    .tuple(
      fc.constantFrom<Callback['which']>(
        'truth',
        'truth',
        'short',
        'foreign',
        'nonterminal',
        'timeout6',
        'duplicate',
        'noamount',
      ),
      fc.nat(1),
    )
    .map(([which, index]) => new Callback(which, index)),
  fc.nat(1).map((index) => new Lag(index)),
  fc
    .tuple(fc.constantFrom<Settle['outcome']>('success', 'success', 'failed', 'timeout'), fc.nat(1))
    .map(([outcome, index]) => new Settle(outcome, index)),
  fc.constant(new StatusQueries()),
  fc.constant(new StatusFault()),
  fc
    .tuple(fc.boolean(), fc.constantFrom(false, false, true))
    .map(([right, lost]) => new Otp(right, lost)),
  fc.constant(new InputDeadline()),
  fc.constant(new SessionDeadline()),
  fc.constant(new Horizon()),
  fc.constant(new NewAttempt()),
  fc.constant(new LapseThenRetry()),
  fc.constant(new Evict()),
  fc.constant(new View()),
];

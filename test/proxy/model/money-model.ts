// Model test of the money rules (docs/design.md, "Money rules"; issues 13 and 23), run in four
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
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signEnvelope } from '../../../shared/signing';
import type { CheckoutView } from '../../../shared/view';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import {
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  postCallback,
  ref,
  sandbox,
  seenBodies,
  seenLogs,
} from '../helpers';
import {
  clearFaults,
  evictSession,
  forceOutcome,
  injectFault,
  recordFigures,
  sessionObject,
  webhooksFor,
  type SandboxTx,
} from '../hostile/support';
import { passInputDeadlines, passSessionDeadline } from '../money/sessions-support';
import { projectScheme } from '../money/support';

const RUNS = Number((env as unknown as { MODEL_RUNS?: string }).MODEL_RUNS ?? 200);
const AMOUNT = 1500;

type Kind = 'prompt' | 'otp' | 'va';
type CreateMode = 'ok' | 'unknown' | 'lost';
type Decided = 'succeeded' | 'failed' | 'mismatch' | 'needs_review';
type Report = 'match' | 'mismatch' | 'failed' | 'unknown';

const KINDS: Record<Kind, { currency: string; body: Record<string, unknown> }> = {
  prompt: {
    currency: 'KES',
    body: { country_id: 1, method: 'send money', mobile: '254712345005' },
  },
  otp: { currency: 'XOF', body: { country_id: 3, method: 'Orange', mobile: '2250712345005' } },
  va: {
    currency: 'NGN',
    body: {
      country_id: 17,
      method: 'virtual_account',
      account_name: 'Ada Obi',
      bank_code: '17001',
    },
  },
};

/** What the model knows of one attempt. */
interface ModelAttempt {
  id: string;
  create: CreateMode;
  decided: Decided | null;
  input: 'awaiting' | 'given' | 'lapsed';
  otpTries: number;
  /** A status record gave the proxy the transaction's references. */
  refKnown: boolean;
  notFound: number;
  /** Status queries the sandbox will still answer "not created" although it has the record. */
  lag: number;
  /** A verified callback for it reached the proxy (a sign the collection exists). */
  calledBack: boolean;
  /** The params of every callback posted for it (the same params again are a duplicate). */
  posted: Set<string>;
  tx: ModelTx | null;
  lastEnvelope: Record<string, unknown> | null;
}

/** A sandbox transaction with its references (distinct with the setting). */
type ModelTx = SandboxTx & { transaction_ref?: string; lagging_queries?: number };

/** True once the proxy has a verified sign the collection exists: "not created" no longer
 * counts (an accepted create, references a record gave, any callback). */
function exists(a: ModelAttempt): boolean {
  return a.create === 'ok' || a.refKnown || a.calledBack;
}

/** Client addresses, a few per run in rotation: enough to stay under the per-address attempt
 * limit (20 a minute), few enough that the limiter's keys do not pile up run after run. */
let ipTurn = 0;
function payerIp(): string {
  ipTurn = (ipTurn + 1) % 200;
  return `198.51.100.${ipTurn + 1}`;
}

/** The model, and the expected merchant events. */
class World {
  sessionId = '';
  kind: Kind = 'prompt';
  attempts: ModelAttempt[] = [];
  deadlinePassed = false;
  wasExpired = false;
  wasRequiresAction = false;
  statusFaultArmed = false;
  succeededEvents = 0;
  failedEvents = new Set<string>();
  anomalies = new Set<string>();
  secondSuccesses = 0;
  log: string[] = [];

  succeeded(): boolean {
    return this.attempts.some((a) => a.decided === 'succeeded');
  }

  /** An attempt holds or may hold the payer's money without paying the session. */
  questioned(): boolean {
    return this.attempts.some((a) => a.decided === 'mismatch' || a.decided === 'needs_review');
  }

  status(): MerchantSession['status'] {
    if (this.succeeded()) return 'succeeded';
    if (this.questioned()) return 'requires_action';
    const latest = this.attempts.at(-1);
    if (latest && latest.decided === null && latest.input !== 'lapsed') return 'pending';
    // `expired` means nobody paid: every attempt failed.
    if (this.deadlinePassed && this.attempts.every((a) => a.decided === 'failed')) {
      return 'expired';
    }
    return 'open';
  }

  canRetry(): boolean {
    const latest = this.attempts.at(-1);
    return (
      this.status() === 'open' &&
      !this.deadlinePassed &&
      this.attempts.length < 5 &&
      latest?.decided !== 'mismatch' &&
      latest?.decided !== 'needs_review'
    );
  }

  /** One decisive or non-decisive report reaches the proxy for an attempt. */
  report(a: ModelAttempt, r: Report): void {
    if (r === 'unknown') return;
    if (a.decided === null || a.decided === 'needs_review') {
      const paidBefore = this.succeeded();
      a.decided = r === 'match' ? 'succeeded' : r;
      if (a.decided === 'mismatch') this.anomalies.add(`${a.id}:mismatch`);
      if (a.decided === 'succeeded') {
        if (paidBefore) this.secondSuccesses += 1;
        else this.succeededEvents += 1;
      }
      if (a.decided === 'failed' && !paidBefore && !this.questioned()) {
        this.failedEvents.add(a.id);
      }
    } else if (a.decided === 'failed') {
      if (r !== 'failed') this.anomalies.add(`${a.id}:success_after_failure`);
    } else if (r === 'failed') {
      this.anomalies.add(`${a.id}:failure_after_success`);
    }
    this.settle();
  }

  settle(): void {
    if (this.status() === 'expired') this.wasExpired = true;
    if (this.status() === 'requires_action') this.wasRequiresAction = true;
  }
}

/** The sandbox's record of an attempt's collection (runs are sequential: it is among the
 * newest few until its reference is known, then read by reference). */
async function sandboxTx(a: ModelAttempt): Promise<ModelTx | null> {
  if (a.tx) {
    const res = await sandbox(`/control/transactions/${a.tx.ref}`);
    expect(res.status).toBe(200);
    a.tx = ((await res.json()) as { transaction: ModelTx }).transaction;
    return a.tx;
  }
  const res = await sandbox('/control/transactions?limit=10');
  expect(res.status).toBe(200);
  const { transactions } = (await res.json()) as { transactions: ModelTx[] };
  a.tx = transactions.find((tx) => tx.third_party_reference_1 === a.id) ?? null;
  return a.tx;
}

/** What the sandbox's record says, as the proxy's status query reads it. */
function recordReport(tx: SandboxTx | null): Report {
  if (!tx) return 'unknown';
  if (tx.status_code === '000000') return 'match';
  if (tx.status_code === '000005') return 'failed';
  return 'unknown';
}

/** Runs the status query of one attempt now (as its alarm would), and the model's view of it. */
async function statusQuery(w: World, a: ModelAttempt): Promise<void> {
  if (a.decided !== null) return; // settled or needs_review: no longer asked about
  const tx = await sandboxTx(a);
  await runInDurableObject(sessionObject(w.sessionId), async (instance) => {
    const reconcile = (instance as unknown as { reconcile(task: unknown): Promise<void> })
      .reconcile;
    await reconcile.call(instance, {
      key: `reconcile:${a.id}`,
      kind: 'reconcile',
      due_at: Date.now(),
      ref: a.id,
      tries: 0,
    });
  });
  if (w.statusFaultArmed) {
    w.statusFaultArmed = false;
    return;
  }
  if (!tx || a.lag > 0) {
    // "Not created" (never made, or a lagging replica): counted only while nothing shows the
    // collection exists; three release the session, the money stays unknown.
    if (a.lag > 0) a.lag -= 1;
    if (!exists(a)) {
      a.notFound += 1;
      if (a.notFound >= 3 && a.input === 'awaiting') a.input = 'lapsed';
    }
    w.settle();
    return;
  }
  a.notFound = 0;
  a.refKnown = true;
  // Successes that waited for a reference are judged now, after the record's own verdict.
  const verdict = recordReport(tx);
  w.report(a, verdict);
  for (const held of heldSuccesses.get(a.id) ?? []) w.report(a, held);
  heldSuccesses.delete(a.id);
}

/** Successes the proxy keeps until a status query tells it the upstream's reference. */
const heldSuccesses = new Map<string, Report[]>();

async function signed(params: Record<string, unknown>) {
  return signEnvelope(params, {
    clientId: 'test-client',
    sender: 'Test Shop',
    secretKey: 'test-secret',
    scheme: projectScheme(),
  });
}

/** Waits until no callback of the session waits for a reference (the status query ran). */
async function deferredDone(sessionId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const s = await getSession(sessionId);
      const waiting = s.callbacks.filter((c) => c.applied === 'deferred');
      expect(waiting).toEqual([]);
    },
    { timeout: 5000, interval: 10 },
  );
}

type Cmd = fc.AsyncCommand<World, World>;

/** Turns the sandbox's distinct references on or off. */
async function setDistinctReferences(on: boolean): Promise<void> {
  const res = on
    ? await sandbox('/control/settings', {
        method: 'PUT',
        body: JSON.stringify({ distinct_references: true }),
      })
    : await sandbox('/control/settings', { method: 'DELETE' });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A callback from the upstream (posted by the test, signed as the upstream signs). */
class Callback implements Cmd {
  constructor(
    readonly which:
      'truth' | 'short' | 'foreign' | 'nonterminal' | 'timeout6' | 'duplicate' | 'noamount',
    readonly index: number,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const a = w.attempts[this.index % w.attempts.length]!;
    const tx = await sandboxTx(a);
    if (!tx) return; // no collection upstream: nothing can call back
    let params: Record<string, unknown> | null = null;
    let reportAs: Report = 'unknown';
    const base = {
      depositId: tx.ref,
      ...(tx.mobile ? { mobile: tx.mobile } : {}),
      payment_step: 2,
      // The transaction reference (another value than depositId with distinct references).
      reference: tx.transaction_ref ?? tx.ref,
      third_party_reference_1: a.id,
    };
    const success = { ...base, amount: AMOUNT, status: 'success', statusCode: '000000' };
    const failed = {
      ...base,
      amount: AMOUNT,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
    };
    switch (this.which) {
      case 'truth':
        if (tx.status_code === '000000') [params, reportAs] = [success, 'match'];
        else if (tx.status_code === '000005') [params, reportAs] = [failed, 'failed'];
        else if (tx.status_code === '000006') {
          params = { ...failed, statusCode: '000006' };
        } else return;
        break;
      case 'short':
        [params, reportAs] = [{ ...success, amount: AMOUNT - 1 }, 'mismatch'];
        break;
      case 'foreign': {
        const other = `${tx.ref}-X`;
        [params, reportAs] = [{ ...success, depositId: other, reference: other }, 'mismatch'];
        break;
      }
      case 'nonterminal':
        params = { ...success, payment_step: 1 };
        break;
      case 'timeout6':
        params = { ...failed, statusCode: '000006' };
        break;
      case 'duplicate':
        if (!a.lastEnvelope) return;
        break;
      case 'noamount': {
        // A success that leaves out its amount and depositId: it proves nothing about the money.
        const { amount: _amount, depositId: _depositId, ...rest } = success;
        params = rest;
        break;
      }
    }
    // Any success report (matching or not) waits for a status query when the proxy does not
    // know the upstream's reference yet.
    // The same params again are a duplicate to the proxy (one digest): no effect.
    const key = JSON.stringify(params);
    const repeated = this.which !== 'duplicate' && a.posted.has(key);
    if (this.which !== 'duplicate') a.posted.add(key);
    if (repeated) {
      const res = await postCallback('/hooks/collections', await signed(params!));
      expect(res.status, await res.clone().text()).toBe(200);
      return;
    }
    const successLike = params?.status === 'success' && params.payment_step === 2;
    const unsettled = a.decided === null || a.decided === 'needs_review';
    // Without an amount, or without a reference it can be compared on (a record's transaction
    // reference, or the create's depositId when it names one), it waits for a status query.
    const comparable = a.refKnown || (a.create === 'ok' && params?.depositId !== undefined);
    const deferred = successLike && unsettled && (!comparable || params?.amount === undefined);
    if (deferred && a.lag > 0) {
      // The status query it waits for must find the record (the replica catches up).
      await lagStatus(tx.ref, 0);
      a.lag = 0;
    }
    if (deferred && w.statusFaultArmed) {
      // The status query this callback waits for must not be the one the fault was armed for.
      await clearFaults();
      w.statusFaultArmed = false;
    }
    const envelope =
      this.which === 'duplicate'
        ? a.lastEnvelope!
        : ((await signed(params!)) as unknown as Record<string, unknown>);
    const res = await postCallback('/hooks/collections', envelope);
    expect(res.status, await res.clone().text()).toBe(200);
    a.calledBack = true;
    if (this.which === 'duplicate') return;
    a.lastEnvelope = envelope;
    if (deferred) {
      // Believed only once a status query says which reference the upstream gave (one without
      // its amount is believed never: the record says the money).
      const held = params?.amount === undefined ? [] : [reportAs];
      heldSuccesses.set(a.id, [...(heldSuccesses.get(a.id) ?? []), ...held]);
      await deferredDone(w.sessionId);
      const pending = heldSuccesses.get(a.id);
      if (pending) {
        heldSuccesses.delete(a.id);
        const verdict = recordReport(tx);
        a.refKnown = true;
        w.report(a, verdict);
        for (const held of pending) w.report(a, held);
      }
      return;
    }
    w.report(a, reportAs);
  }
  toString = () => `callback(${this.which}#${this.index})`;
}

/** The upstream settles a collection (silently unless the create timed out). */
class Settle implements Cmd {
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
class StatusQueries implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    for (const a of w.attempts) await statusQuery(w, a);
  }
  toString = () => 'status-queries';
}

/** The next `count` status queries naming a transaction answer "not created" (replica lag). */
async function lagStatus(ref: string, count: number): Promise<void> {
  const res = await sandbox(`/control/transactions/${ref}/not-created`, {
    method: 'POST',
    body: JSON.stringify({ count }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Three status queries of an attempt the sandbox has answer "not created" (a lagging replica). */
class Lag implements Cmd {
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
class StatusFault implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    if (w.statusFaultArmed || w.attempts.filter((a) => a.decided === null).length !== 1) return;
    await injectFault('status', 'error', 1);
    w.statusFaultArmed = true;
  }
  toString = () => 'status-fault';
}

/** The payer submits a code; with `lost`, the upstream applies it but its answer is lost (504). */
class Otp implements Cmd {
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
    else if (lost) {
      // The code may have passed (issue 23, part 3): input given, no try used, the session
      // holds (no new attempt) until the upstream reports.
      a.input = 'given';
      expected = 200;
    } else {
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
        // "Already processed": our code may have passed (issue 23, part 3): held, no try used.
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
class InputDeadline implements Cmd {
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
class SessionDeadline implements Cmd {
  check = (m: Readonly<World>) => !m.deadlinePassed;
  async run(m: World, w: World) {
    await passSessionDeadline(w.sessionId);
    m.deadlinePassed = true;
    w.settle();
  }
  toString = () => 'session-deadline';
}

/** The clock passes the reconcile horizon: unknown attempts become needs_review. */
class Horizon implements Cmd {
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
class NewAttempt implements Cmd {
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
class LapseThenRetry implements Cmd {
  check = (m: Readonly<World>) => m.attempts.length < 2;
  async run(m: World, w: World) {
    await new InputDeadline().run(m, w);
    await new NewAttempt().run(m, w);
  }
  toString = () => 'lapse-then-retry';
}

/** The session's object is evicted (its memory is lost, its storage and alarm remain). */
class Evict implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    await evictSession(w.sessionId);
  }
  toString = () => 'evict';
}

/** The widget reads the view: it agrees with the model and never shows an unsettled failure. */
class View implements Cmd {
  check = () => true;
  async run(_m: World, w: World) {
    checkView(w, await readView(w));
  }
  toString = () => 'view';
}

async function readView(w: World): Promise<CheckoutView> {
  const res = await checkout(`/${w.sessionId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView;
}

function checkView(w: World, view: CheckoutView): void {
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

async function startAttempt(w: World, mode: CreateMode): Promise<void> {
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

const commandArbs = [
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

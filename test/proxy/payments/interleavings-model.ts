// The model of the interleavings property (interleavings.test.ts): one payment under test (Run),
// the commands fast-check interleaves (callbacks, settling, resends, alarms, status faults,
// evictions, the widget's view, the merchant's expiry, real time passing), and the settled
// state a run must reach.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import {
  checkout,
  createSession,
  getSession,
  merchant,
  postCallback,
  ref,
  sandbox,
  signedCallback,
} from '../helpers';
import {
  clearFaults,
  evictSession,
  forceOutcome,
  freshIp,
  injectFault,
  runTimersNow,
  sandboxTxFor,
} from '../hostile';

/** Interleavings explored (one payment each): 60 in `npm test`, more with UC_INTERLEAVING_RUNS. */
export const RUNS = Number(env.INTERLEAVING_RUNS ?? 60);

export const PHONE = '254712345005';

export type Outcome = 'success' | 'failed';

/**
 * How the upstream treats the create: slow (a `delay` fault; it calls back once settled),
 * silent (`no_callback`: only status queries and the test's callbacks tell), or lost (it
 * answers 500 without processing: it has no record, so it never calls back).
 */
export type Mode = 'slow-create' | 'silent' | 'lost-create';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the commands may do next (the model). */
export interface Model {
  settled: boolean;
}

/** One payment under test: its ids, the create call in flight, and what happened so far. */
export class Run {
  sessionId = '';
  reference = '';
  attemptId = '';
  startedAt = 0;
  create!: Promise<{ status: number; body: unknown }>;
  createDone = false;
  callbackPosted = false;
  evictedDuringCreate = false;
  /** The merchant's expiry went through (only possible once the attempt failed). */
  expired = false;
  upstreamRef = '';
  steps: string[] = [];
  private envelope: Record<string, unknown> | null = null;

  constructor(
    readonly outcome: Outcome,
    readonly mode: Mode,
    readonly delayMs: number,
  ) {}

  /** Creates the session and starts the attempt without waiting for the create's answer. */
  async start(): Promise<void> {
    await clearFaults();
    if (this.mode === 'slow-create') await injectFault('collections', 'delay', 1, this.delayMs);
    else if (this.mode === 'silent') await injectFault('collections', 'no_callback', 1);
    else await injectFault('collections', 'error', 1);
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('il') });
    this.sessionId = session.id;
    this.reference = session.reference;
    this.attemptId = `${session.id}.1`;
    this.startedAt = Date.now();
    this.create = checkout(`/${session.id}/attempts`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({ country_id: 1, method: 'send money', mobile: PHONE }),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
    void this.create.finally(() => {
      this.createDone = true;
    });
    // The attempt row is written before the upstream is called: wait until it is there.
    await expect
      .poll(async () => (await getSession(session.id)).attempts.length, { timeout: 3000 })
      .toBe(1);
  }

  /** Milliseconds until the sandbox has surely processed (or dropped) the create. */
  private createDeadline(): number {
    return this.startedAt + (this.mode === 'slow-create' ? this.delayMs : 0) + 200;
  }

  /** The sandbox's record of the attempt, once the create had its chance to reach it. */
  async upstreamRecord() {
    // The create's answer means the sandbox is done with it. Without an answer yet, or when an
    // eviction cut the call, no event tells whether the sandbox still processes it: a real
    // network delay (the `delay` fault) is what is under test, so wait out its deadline.
    if (!this.createDone || this.evictedDuringCreate) {
      await sleep(Math.max(0, this.createDeadline() - Date.now()));
    }
    const txs = await sandboxTxFor(this.attemptId);
    expect(txs.length, 'the create was sent more than once').toBeLessThanOrEqual(1);
    return txs[0] ?? null;
  }

  /**
   * Whether the upstream can call back now: the sandbox has the record (its create answer
   * may still be on its way to the proxy, so the callback can come first).
   */
  async canCallBack(): Promise<boolean> {
    if (this.callbackPosted) return true;
    if (this.mode === 'lost-create') return false;
    // The upstream calls back only for a collection it created (it may still be answering
    // the create); its callback carries the reference it gave that collection.
    const [tx] = await sandboxTxFor(this.attemptId);
    if (tx) this.upstreamRef = tx.ref;
    return tx !== undefined;
  }

  /** The terminal callback of the outcome, as the upstream signs it (a new salt if asked). */
  async callback(resign: boolean): Promise<Record<string, unknown>> {
    if (this.envelope && !resign) return this.envelope;
    const failed = this.outcome === 'failed';
    const envelope: Record<string, unknown> = {
      ...(await signedCallback({
        amount: 1500,
        depositId: this.upstreamRef,
        mobile: PHONE,
        name: 'Amina W',
        payment_step: 2,
        reference: this.upstreamRef,
        status: failed ? 'failed' : 'success',
        statusCode: failed ? '000005' : '000000',
        ...(failed
          ? {
              failureReason: {
                failureCode: 'PM-001',
                failureMessage: 'The payer declined the payment request.',
              },
            }
          : {}),
        third_party_reference_1: this.attemptId,
        third_party_reference_2: this.reference,
      })),
    };
    this.envelope = envelope;
    return envelope;
  }
}

export type Cmd = fc.AsyncCommand<Model, Run>;

/** The upstream's terminal callback arrives (again, or re-signed with a new salt). */
export class Callback implements Cmd {
  constructor(readonly resign: boolean) {}
  check = () => true;
  async run(_m: Model, r: Run) {
    if (!(await r.canCallBack())) return;
    const res = await postCallback('/hooks/collections', await r.callback(this.resign));
    expect(res.status, await res.clone().text()).toBe(200);
    r.callbackPosted = true;
  }
  toString = () => `callback(${this.resign ? 're-signed' : 'same'})`;
}

/** The sandbox settles the payment (and calls back itself unless silent). */
export class Settle implements Cmd {
  check = (m: Readonly<Model>) => !m.settled;
  async run(m: Model, r: Run) {
    const tx = await r.upstreamRecord();
    if (!tx) return;
    expect([200, 409]).toContain(await forceOutcome(tx.ref, r.outcome));
    m.settled = true;
  }
  toString = () => 'settle';
}

/** The sandbox sends its callback once more (a retry after a lost acknowledgement). */
export class Resend implements Cmd {
  check = (m: Readonly<Model>) => m.settled;
  async run(_m: Model, r: Run) {
    const [tx] = await sandboxTxFor(r.attemptId);
    if (tx && !tx.silent) {
      await sandbox(`/control/transactions/${tx.ref}/resend`, { method: 'POST' });
    }
  }
  toString = () => 'resend';
}

/** The session's alarm runs now: status query, webhook delivery. */
export class Alarm implements Cmd {
  check = () => true;
  async run(_m: Model, r: Run) {
    await runTimersNow(r.sessionId);
  }
  toString = () => 'alarm';
}

/** The next status query answers 500 or a body that is not JSON. */
export class StatusFault implements Cmd {
  constructor(readonly fault: 'error' | 'malformed') {}
  check = () => true;
  async run() {
    await injectFault('status', this.fault, 1);
  }
  toString = () => `status-${this.fault}`;
}

/**
 * The session's Durable Object is evicted (`ctx.abort()`: its in-flight calls, the create
 * included, are cut; its memory is lost; its storage and alarm remain).
 */
export class Evict implements Cmd {
  check = () => true;
  async run(_m: Model, r: Run) {
    if (!r.createDone) r.evictedDuringCreate = true;
    await evictSession(r.sessionId);
  }
  toString = () => 'evict';
}

/** The widget reads the checkout: always a clear state. */
export class View implements Cmd {
  check = () => true;
  async run(_m: Model, r: Run) {
    const res = await checkout(`/${r.sessionId}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as CheckoutView;
    expect(['pending', 'succeeded', 'failed']).toContain(view.attempt?.status);
    if (view.attempt?.status === 'pending') expect(view.attempt.next?.type).toBeTruthy();
  }
  toString = () => 'view';
}

/**
 * The merchant expires the checkout (`POST /v1/sessions/:id/expire`): refused while the attempt
 * may hold money (pending, whatever its input) or after it paid; it holds only once the attempt
 * failed.
 */
export class Expire implements Cmd {
  check = () => true;
  async run(_m: Model, r: Run) {
    const res = await merchant(`/v1/sessions/${r.sessionId}/expire`, { method: 'POST' });
    const body = (await res.json()) as MerchantSession & {
      error?: { code: string; details?: { attempt_status?: string } };
    };
    if (res.status === 200) {
      expect(body.status).toBe('expired');
      expect(body.attempts.map((a) => a.status)).toEqual(['failed']);
      r.expired = true;
      return;
    }
    expect(res.status, JSON.stringify(body)).toBe(409);
    if (body.error?.code === 'ALREADY_PAID') return;
    expect(body.error?.code).toBe('PAYMENT_IN_PROGRESS');
    expect(['pending', 'needs_review', 'mismatch']).toContain(body.error?.details?.attempt_status);
  }
  toString = () => 'expire';
}

/**
 * Real time passes (the session's own alarm and the sandbox's deliveries run meanwhile): real
 * time racing the slow create and the deliveries is what the property explores, so this is a
 * commented exception to "no sleep over 100 ms" (up to 150 ms).
 */
export class Wait implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run() {
    await sleep(this.ms);
  }
  toString = () => `wait(${this.ms})`;
}

export const commandArbs = [
  fc.boolean().map((resign) => new Callback(resign)),
  fc.constant(new Settle()),
  fc.constant(new Resend()),
  fc.constant(new Alarm()),
  fc.constantFrom<'error' | 'malformed'>('error', 'malformed').map((f) => new StatusFault(f)),
  fc.constant(new Evict()),
  fc.constant(new View()),
  fc.constant(new Expire()),
  fc.integer({ min: 10, max: 150 }).map((ms) => new Wait(ms)),
];

/** The settled state of a session, or null while it is still moving. */
export function settledState(session: MerchantSession) {
  const attempt = session.attempts[0];
  if (!attempt) return null;
  // "Not created" three times: released, not settled.
  const released = attempt.status === 'pending' && attempt.input === 'lapsed';
  if (attempt.status === 'pending' && !released) return null;
  if (session.webhooks.some((w) => w.status !== 'delivered')) return null;
  return {
    session: session.status,
    attempt: attempt.status,
    failure_code: attempt.failure?.code ?? null,
    webhooks: session.webhooks.map((w) => w.type),
  };
}

export const figures = {
  runs: 0,
  commands: 0,
  callbacks_posted: 0,
  evictions: 0,
  evictions_during_create: 0,
  alarms: 0,
  status_faults: 0,
  outcome_success: 0,
  outcome_failed: 0,
  outcome_create_lost: 0,
  merchant_expiries: 0,
  expired_by_merchant: 0,
  webhooks_per_outcome: 1,
};

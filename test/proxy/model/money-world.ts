// The money model's world (money-model.ts): the kinds of payment, the model of each attempt and
// what the upstream's truth and the reports that reached the proxy say it must become, and the
// status query a command asks for.
import { env, runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import { getSession, sandbox } from '../helpers';
import type { SandboxTx } from '../hostile';
import { sessionObject } from '../objects';

export const RUNS = Number((env as unknown as { MODEL_RUNS?: string }).MODEL_RUNS ?? 200);

export const AMOUNT = 1500;

export type Kind = 'prompt' | 'otp' | 'va';

export type CreateMode = 'ok' | 'unknown' | 'lost';

export type Decided = 'succeeded' | 'failed' | 'mismatch' | 'needs_review';

export type Report = 'match' | 'mismatch' | 'failed' | 'unknown';

/** What a success report says moved (counted on the attempt: worker/payment/money-count.ts):
 * on the attempt's own transaction, or on one with references it was never given. */
export interface Heard {
  report: Report;
  money?: { movement: 'own' | 'foreign'; amount: number };
}

export const KINDS: Record<Kind, { currency: string; body: Record<string, unknown> }> = {
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
export interface ModelAttempt {
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
  /** What the proxy counted per movement of money, with its order (absent: none yet). */
  counted?: Partial<Record<'own' | 'foreign', { seq: number; amount: number }>>;
}

/** A sandbox transaction with its references (distinct with the setting). */
export type ModelTx = SandboxTx & { transaction_ref?: string; lagging_queries?: number };

/** True once the proxy has a verified sign the collection exists: "not created" no longer
 * counts (an accepted create, references a record gave, any callback). */
export function exists(a: ModelAttempt): boolean {
  return a.create === 'ok' || a.refKnown || a.calledBack;
}

/** Client addresses, a few per run in rotation: enough to stay under the per-address attempt
 * limit (20 a minute), few enough that the limiter's keys do not pile up run after run. */
export let ipTurn = 0;

export function payerIp(): string {
  ipTurn = (ipTurn + 1) % 200;
  return `198.51.100.${ipTurn + 1}`;
}

/** The model, and the expected merchant events. */
export class World {
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

  /** An attempt holds or may hold the payer's money without paying the session (a failed one
   * whose money was counted too). */
  questioned(): boolean {
    return this.attempts.some(
      (a) =>
        a.decided === 'mismatch' ||
        a.decided === 'needs_review' ||
        (a.decided === 'failed' && a.counted !== undefined),
    );
  }

  /** Counts what a success says moved; answers what it added and whether it was heard before. */
  count(a: ModelAttempt, money: Heard['money']): { added: number; repeat: boolean; key: string } {
    if (!money) return { added: 0, repeat: false, key: '' };
    a.counted ??= {};
    const before = a.counted[money.movement];
    const seq = before?.seq ?? Object.keys(a.counted).length + 1;
    const amount = Math.max(before?.amount ?? 0, money.amount);
    a.counted[money.movement] = { seq, amount };
    return {
      added: amount - (before?.amount ?? 0),
      repeat: before !== undefined,
      key: `${seq}_${amount}`,
    };
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
  report(a: ModelAttempt, { report: r, money }: Heard): void {
    if (r === 'unknown') return;
    const counted = r === 'failed' ? this.count(a, undefined) : this.count(a, money);
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
    } else if (counted.added > 0) {
      // More money on a paid attempt: the same transaction again, or another one.
      const kind = counted.repeat ? 'overpaid' : 'second_success';
      this.anomalies.add(`${a.id}:${kind}_${counted.key}`);
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
export async function sandboxTx(a: ModelAttempt): Promise<ModelTx | null> {
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
export function recordReport(tx: SandboxTx | null): Heard {
  if (!tx) return { report: 'unknown' };
  if (tx.status_code === '000000') return OWN_PAID;
  if (tx.status_code === '000005') return { report: 'failed' };
  return { report: 'unknown' };
}

/** A matching success: the amount, on the attempt's own transaction. */
export const OWN_PAID: Heard = { report: 'match', money: { movement: 'own', amount: AMOUNT } };

/** Runs the status query of one attempt now (as its alarm would), and the model's view of it. */
export async function statusQuery(w: World, a: ModelAttempt): Promise<void> {
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
  w.report(a, recordReport(tx));
  for (const held of heldSuccesses.get(a.id) ?? []) w.report(a, held);
  heldSuccesses.delete(a.id);
}

/** Successes the proxy keeps until a status query tells it the upstream's reference. */
export const heldSuccesses = new Map<string, Heard[]>();

/** Waits until no callback of the session waits for a reference (the status query ran). */
export async function deferredDone(sessionId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const s = await getSession(sessionId);
      const waiting = s.callbacks.filter((c) => c.applied === 'deferred');
      expect(waiting).toEqual([]);
    },
    { timeout: 5000, interval: 10 },
  );
}

/** The next `count` status queries naming a transaction answer "not created" (replica lag). */
export async function lagStatus(ref: string, count: number): Promise<void> {
  const res = await sandbox(`/control/transactions/${ref}/not-created`, {
    method: 'POST',
    body: JSON.stringify({ count }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

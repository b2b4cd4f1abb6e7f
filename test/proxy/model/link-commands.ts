// The payment-link model's commands (link-model.ts): signed callbacks of every kind to the
// link's own callback URL, status queries (with a lagging replica) and the 24 h horizon.
import { runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { expect } from 'vitest';
import { canonicalString } from '../../../shared/signing';
import { postCallback, sandbox } from '../helpers';
import { AMOUNT, type Outcome, LinkWorld, readTx, shard, type Cmd, Pay } from './link-world';
import { signed } from '../money';

export type Which =
  | 'success'
  | 'failed'
  | 'short'
  | 'currency'
  | 'noamount'
  | 'nonfinal'
  | 'timeout6'
  | 'renamed'
  | 'noreference'
  | 'depositonly'
  | 'duplicate';

/** A signed callback to the link's callback URL about one payment. */
export class Callback implements Cmd {
  constructor(
    readonly which: Which,
    readonly index: number,
  ) {}
  check = (m: Readonly<LinkWorld>) => m.payments.length > 0;
  async run(_m: LinkWorld, w: LinkWorld) {
    const path = `/hooks/payment-links/${w.linkId}`;
    if (this.which === 'duplicate') {
      if (!w.lastEnvelope) return;
      const res = await postCallback(path, w.lastEnvelope);
      expect(res.status, await res.clone().text()).toBe(200);
      return;
    }
    const payment = w.payments[this.index % w.payments.length]!;
    const { tx } = payment;
    const reference = tx.transaction_ref ?? tx.ref;
    let params: Record<string, unknown> = {
      amount: AMOUNT,
      depositId: tx.ref,
      mobile: tx.mobile ?? '254712345005',
      name: 'Amina W',
      payment_method_type: payment.type,
      payment_step: 2,
      reference,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: w.upstreamLinkId,
    };
    const failed = {
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
    };
    let outcome: Outcome = 'success';
    let amount: number | null = AMOUNT;
    let currency: string | null = null;
    switch (this.which) {
      case 'success':
        break;
      case 'failed':
        params = { ...params, ...failed };
        outcome = 'failed';
        break;
      case 'short':
        params.amount = amount = AMOUNT - 600;
        break;
      case 'currency':
        params.currency = currency = 'TZS';
        break;
      case 'noamount':
        delete params.amount;
        amount = null;
        break;
      case 'nonfinal':
        params = { ...params, payment_step: 1, status: 'pending', statusCode: '000001' };
        outcome = 'unknown';
        break;
      case 'timeout6':
        params = { ...params, ...failed, statusCode: '000006' };
        outcome = 'unknown';
        break;
      case 'renamed':
        params.name = 'AMINA W.';
        break;
      case 'noreference':
        delete params.reference;
        delete params.depositId;
        break;
      case 'depositonly':
        delete params.reference;
        break;
    }
    const canonical = canonicalString({ params } as never, '');
    const repeated = w.posted.has(canonical);
    w.posted.add(canonical);
    const envelope = await signed(params);
    const res = await postCallback(path, envelope);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { duplicate: boolean }).duplicate, w.log.join(', ')).toBe(
      repeated,
    );
    w.lastEnvelope = envelope;
    if (repeated) return; // stored once: nothing is judged again
    // The payment is the one either reference it names was given before, else a new one keyed
    // by `reference`, else `depositId`; both references are then the payment's.
    const named = [params.reference, params.depositId].filter((r) => typeof r === 'string');
    const key = named.map((r) => w.refs.get(r)).find((k) => k !== undefined) ?? named[0];
    for (const r of named) if (!w.refs.has(r)) w.refs.set(r, key!);
    if (key === undefined) {
      // Nothing names the payment: it can be told apart from no other, so it settles nothing.
      if (outcome !== 'unknown') w.missingReference += 1;
      return;
    }
    w.report(key, payment, outcome, amount, currency);
  }
  toString = () => `link-callback(${this.which}#${this.index})`;
}

/** Runs the shard's due status queries now (as its alarm would), with the model's view of them. */
export async function runQueries(w: LinkWorld, aged: boolean): Promise<void> {
  // A payment named by two references (depositId and `reference`) is asked about once per key,
  // in no known order: a lag shorter than that is caught up, so which query it hits is known.
  for (const payment of w.payments) {
    const keys = [...w.held.values()].filter(
      (h) => h.payment === payment && h.status === 'pending',
    ).length;
    if (payment.lag > 0 && payment.lag < keys) {
      const res = await sandbox(`/control/transactions/${payment.tx.ref}/not-created`, {
        method: 'POST',
        body: JSON.stringify({ count: 0 }),
      });
      expect(res.status).toBe(200);
      payment.lag = 0;
    }
  }
  // What each pending payment's record says, read before the queries run.
  const records = new Map<string, { outcome: Outcome; amount: number | null }>();
  for (const [key, held] of w.held) {
    if (held.status !== 'pending') continue;
    const tx = await readTx(held.payment.tx.ref);
    const outcome: Outcome =
      held.payment.lag > 0
        ? 'unknown'
        : tx.status_code === '000000'
          ? 'success'
          : tx.status_code === '000005'
            ? 'failed'
            : 'unknown';
    records.set(key, { outcome, amount: outcome === 'success' ? AMOUNT : null });
  }
  await runInDurableObject(shard(w), async (instance, state) => {
    if (aged) {
      state.storage.sql.exec(
        'UPDATE link_payments SET created_at = created_at - ? WHERE link_id = ?',
        25 * 3_600_000,
        w.linkId,
      );
    }
    for (const key of records.keys()) {
      state.storage.sql.exec(
        'UPDATE tasks SET due_at = ? WHERE key = ?',
        Date.now() - 1,
        `reconcile:${key}`,
      );
    }
    await (instance as unknown as { alarm(): Promise<void> }).alarm();
  });
  for (const [key, { outcome, amount }] of records) {
    const held = w.held.get(key)!;
    if (held.payment.lag > 0) held.payment.lag -= 1;
    w.report(key, held.payment, outcome, amount, null);
    if (aged && held.status === 'pending') {
      held.status = 'needs_review';
      w.anomalies.add(`${key}:needs_review`);
    }
  }
}

/** The payments' status queries run. */
export class StatusQueries implements Cmd {
  check = () => true;
  async run(_m: LinkWorld, w: LinkWorld) {
    await runQueries(w, false);
  }
  toString = () => 'link-status-queries';
}

/** The clock passes the 24 h horizon, and the status queries run. */
export class Horizon implements Cmd {
  check = () => true;
  async run(_m: LinkWorld, w: LinkWorld) {
    await runQueries(w, true);
  }
  toString = () => 'link-horizon';
}

/** The next status queries of a payment answer "not created" (a lagging replica). */
export class Lag implements Cmd {
  constructor(readonly index: number) {}
  check = (m: Readonly<LinkWorld>) => m.payments.length > 0;
  async run(_m: LinkWorld, w: LinkWorld) {
    const payment = w.payments[this.index % w.payments.length]!;
    const res = await sandbox(`/control/transactions/${payment.tx.ref}/not-created`, {
      method: 'POST',
      body: JSON.stringify({ count: 2 }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    payment.lag = 2;
  }
  toString = () => `link-lag(#${this.index})`;
}

export const callbackArb = fc
  .tuple(
    fc.constantFrom<Which>(
      'success',
      'success',
      'failed',
      'short',
      'currency',
      'noamount',
      'nonfinal',
      'timeout6',
      'renamed',
      'noreference',
      'depositonly',
      'duplicate',
    ),
    fc.nat(2),
  )
  .map(([which, index]) => new Callback(which, index));

export const commandArbs = [
  fc
    .tuple(fc.constantFrom<Pay['ending']>('005', '005', '003'), fc.nat(3))
    .map(([ending, type]) => new Pay(ending, type)),
  callbackArb,
  callbackArb,
  callbackArb,
  fc.constant(new StatusQueries()),
  fc.constant(new Horizon()),
  fc.nat(2).map((index) => new Lag(index)),
];

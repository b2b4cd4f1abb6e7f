// The payment-link model's world (link-model.ts): the link, its payments and what the model
// expects of each, the shard that judges them, and paying on the sandbox's hosted page.
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { expect, vi } from 'vitest';
import { linkShardName } from '../../../worker/ledger/shards';
import { sandbox } from '../helpers';

export const RUNS = Number((env as unknown as { MODEL_RUNS?: string }).MODEL_RUNS ?? 200);

export const AMOUNT = 1500;

export const TYPES = ['till number', 'pay bill', 'bank-transfer', 'send money'] as const;

export type Status = 'pending' | 'succeeded' | 'failed' | 'mismatch' | 'needs_review';

export type Outcome = 'success' | 'failed' | 'unknown';

/** A payment made on the link's page, as the sandbox records it. */
export interface LinkTx {
  ref: string;
  status: string;
  status_code: string;
  transaction_ref: string | null;
  mobile: string | null;
}

/** One payment on the link (one upstream transaction). */
export interface Payment {
  tx: LinkTx;
  type: string;
  /** Status queries the sandbox will still answer "not created" although it has the record. */
  lag: number;
}

/** What the proxy holds of one payment key (an upstream reference it was told). */
export interface Held {
  status: Status;
  /** The transaction it stands for. */
  payment: Payment;
}

export class LinkWorld {
  linkId = '';
  upstreamLinkId = '';
  payments: Payment[] = [];
  /** By the proxy's payment key (the callback's `reference`, else its `depositId`). */
  held = new Map<string, Held>();
  /** The payment key each upstream reference a callback named belongs to. */
  refs = new Map<string, string>();
  /** Canonical params of every callback posted (the same params again are a duplicate). */
  posted = new Set<string>();
  paid = new Map<string, number>();
  anomalies = new Set<string>();
  missingReference = 0;
  lastEnvelope: unknown = null;
  log: string[] = [];

  /** One report with an upstream reference reaches the proxy (rules of worker/ledger/link-judge.ts). */
  report(
    key: string,
    payment: Payment,
    outcome: Outcome,
    amount: number | null,
    currency: string | null,
  ) {
    // A success on our link without an amount says nothing of the money: unknown.
    const said: Outcome = outcome === 'success' && amount === null ? 'unknown' : outcome;
    const differs =
      said === 'success' &&
      ((amount !== null && amount !== AMOUNT) || (currency !== null && currency !== 'KES'));
    const event = said === 'success' ? (differs ? 'mismatch' : 'success') : said;
    const held = this.held.get(key);
    if (!held) this.held.set(key, { status: 'pending', payment });
    const p = this.held.get(key)!;
    const before = p.status;
    if (before === 'pending' || before === 'needs_review') {
      if (event === 'success') {
        p.status = 'succeeded';
        this.paid.set(key, (this.paid.get(key) ?? 0) + 1);
      } else if (event === 'mismatch') {
        p.status = 'mismatch';
        this.anomalies.add(`${key}:mismatch`);
      } else if (event === 'failed') p.status = 'failed';
    } else if (before === 'failed') {
      if (event === 'success' || event === 'mismatch') {
        this.anomalies.add(`${key}:success_after_failure`);
      }
    } else if (event === 'failed') {
      this.anomalies.add(`${key}:failure_after_success`);
    } else if (before === 'succeeded' && event === 'mismatch') {
      this.anomalies.add(`${key}:mismatch`);
    }
  }
}

/** The sandbox's record of a payment now. */
export async function readTx(ref: string): Promise<LinkTx> {
  const res = await sandbox(`/control/transactions/${ref}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { transaction: LinkTx }).transaction;
}

/** The link's ledger shard. */
export function shard(w: LinkWorld) {
  return env.LEDGER.get(env.LEDGER.idFromName(linkShardName(w.linkId)));
}

export type Cmd = fc.AsyncCommand<LinkWorld, LinkWorld>;

/** A payer pays on the link's page: left pending (…005), or settled paid without a callback (…003). */
export class Pay implements Cmd {
  constructor(
    readonly ending: '005' | '003',
    readonly type: number,
  ) {}
  check = (m: Readonly<LinkWorld>) => m.payments.length < 3;
  async run(_m: LinkWorld, w: LinkWorld) {
    const type = TYPES[this.type % TYPES.length]!;
    const res = await sandbox(`/links/${w.upstreamLinkId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        phone: `254712345${this.ending}`,
        payment_type: type,
      }).toString(),
      redirect: 'manual',
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const ref = /Reference (SBX-[A-Za-z0-9-]+)/.exec(text)?.[1];
    expect(ref, text).toBeDefined();
    // …003 settles paid after the callback delay: wait for it, so the truth is fixed.
    const tx = await vi.waitFor(
      async () => {
        const tx = await readTx(ref!);
        if (this.ending === '003') expect(tx.status).toBe('success');
        return tx;
      },
      { timeout: 5000, interval: 20 },
    );
    w.payments.push({ tx, type, lag: 0 });
  }
  toString = () => `pay(${this.ending}, ${TYPES[this.type % TYPES.length]})`;
}

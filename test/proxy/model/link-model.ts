// Model test of payment-link payments (docs/design.md, "Money rules", rule 14; issue 23, part 6),
// run beside the session model in each money-model-N.test.ts. fast-check drives random
// schedules against the real proxy and the real sandbox: a KES link created through
// POST /v1/payment-links, paid on the sandbox's hosted page (Kenya: the payer picks one of the
// four payment types) by payers the sandbox leaves pending (…005) or settles silently (…003);
// signed callbacks to the link's own callback URL (success, failure, short amount, another
// currency, no amount, not final, 000006, a retry that renames the payer, one without any
// reference, one naming only the depositId, an exact retry); status queries (with "not created"
// answers from a lagging replica) and the 24 h horizon; one or distinct upstream references.
// After each schedule the link's queued webhooks must equal what a small model expects: at most
// one `payment_link.paid` per upstream transaction and only for exactly the link's amount and
// currency, one `payment_link.anomaly` per contradiction, per unmatched report, per payment the
// horizon left unknown.
import { env, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { canonicalString, signEnvelope } from '../../../shared/signing';
import { linkShardName } from '../../../worker/ledger/shards';
import { expectNoSecrets, merchant, postCallback, sandbox, seenBodies, seenLogs } from '../helpers';
import { recordFigures } from '../hostile/support';
import { projectScheme } from '../money/support';

const RUNS = Number((env as unknown as { MODEL_RUNS?: string }).MODEL_RUNS ?? 200);
const AMOUNT = 1500;
const TYPES = ['till number', 'pay bill', 'bank-transfer', 'send money'] as const;

type Status = 'pending' | 'succeeded' | 'failed' | 'mismatch' | 'needs_review';
type Outcome = 'success' | 'failed' | 'unknown';

/** A payment made on the link's page, as the sandbox records it. */
interface LinkTx {
  ref: string;
  status: string;
  status_code: string;
  transaction_ref: string | null;
  mobile: string | null;
}

/** One payment on the link (one upstream transaction). */
interface Payment {
  tx: LinkTx;
  type: string;
  /** Status queries the sandbox will still answer "not created" although it has the record. */
  lag: number;
}

/** What the proxy holds of one payment key (an upstream reference it was told). */
interface Held {
  status: Status;
  /** The transaction it stands for. */
  payment: Payment;
}

class LinkWorld {
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

async function signed(params: Record<string, unknown>) {
  return signEnvelope(params, {
    clientId: 'test-client',
    sender: 'Test Shop',
    secretKey: 'test-secret',
    scheme: projectScheme(),
  });
}

/** The sandbox's record of a payment now. */
async function readTx(ref: string): Promise<LinkTx> {
  const res = await sandbox(`/control/transactions/${ref}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { transaction: LinkTx }).transaction;
}

/** The link's ledger shard. */
function shard(w: LinkWorld) {
  return env.LEDGER.get(env.LEDGER.idFromName(linkShardName(w.linkId)));
}

type Cmd = fc.AsyncCommand<LinkWorld, LinkWorld>;

/** A payer pays on the link's page: left pending (…005), or settled paid without a callback (…003). */
class Pay implements Cmd {
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

type Which =
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
class Callback implements Cmd {
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
async function runQueries(w: LinkWorld, aged: boolean): Promise<void> {
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
class StatusQueries implements Cmd {
  check = () => true;
  async run(_m: LinkWorld, w: LinkWorld) {
    await runQueries(w, false);
  }
  toString = () => 'link-status-queries';
}

/** The clock passes the 24 h horizon, and the status queries run. */
class Horizon implements Cmd {
  check = () => true;
  async run(_m: LinkWorld, w: LinkWorld) {
    await runQueries(w, true);
  }
  toString = () => 'link-horizon';
}

/** The next status queries of a payment answer "not created" (a lagging replica). */
class Lag implements Cmd {
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

const callbackArb = fc
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

const commandArbs = [
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

const figures = {
  runs: 0,
  commands: 0,
  payments: 0,
  paid: 0,
  anomalies: 0,
  missing_reference: 0,
};

/** A payment-link webhook the link's shard queued. */
interface Queued {
  id: string;
  type: string;
  data: { link_id: string | null; amount: unknown; currency: unknown; kind?: string };
}

async function queued(w: LinkWorld): Promise<Queued[]> {
  const rows = await runInDurableObject(shard(w), async (_i, state) =>
    state.storage.sql
      .exec<{ id: string; type: string; payload: string }>('SELECT id, type, payload FROM outbox')
      .toArray(),
  );
  return rows
    .map((row) => ({ id: row.id, type: row.type, data: (JSON.parse(row.payload) as Queued).data }))
    .filter((e) => e.data.link_id === w.linkId);
}

/**
 * Declares one part of the link model: `share` of the model's runs, in the same file (and
 * isolate) as that part of the session model.
 *
 * @example
 * defineLinkModel(1, 4); // in money-model-1.test.ts
 */
export function defineLinkModel(part: number, parts: number, share: number): void {
  describe('payment-link model', () => {
    const property = fc.asyncProperty(
      fc.boolean(),
      fc.commands(commandArbs, { maxCommands: 12, size: '+1' }),
      async (distinct, cmds) => {
        const w = new LinkWorld();
        const settings = await sandbox('/control/settings', {
          method: distinct ? 'PUT' : 'DELETE',
          ...(distinct ? { body: JSON.stringify({ distinct_references: true }) } : {}),
        });
        expect(settings.status).toBe(200);
        const res = await merchant('/v1/payment-links', {
          method: 'POST',
          body: JSON.stringify({
            business_name: 'Corner Shop',
            item_name: 'Basket',
            currency: 'KES',
            amount: AMOUNT,
            country_id: 1,
          }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
        const body = (await res.json()) as { id: string; data: { id: string } };
        w.linkId = body.id;
        w.upstreamLinkId = body.data.id;
        // Every schedule starts with one payment on the page.
        await new Pay('005', 0).run(w, w);
        const list = [...cmds];
        w.log = [distinct ? 'distinct' : 'one reference', ...list.map(String)];
        await fc.asyncModelRun(() => ({ model: w, real: w }), list);
        const context = w.log.join(', ');

        const events = await queued(w);
        const paid = events.filter((e) => e.type === 'payment_link.paid');
        // Only the link's own amount and currency are paid.
        for (const e of paid) {
          expect([e.data.amount, e.data.currency], context).toEqual([AMOUNT, 'KES']);
        }
        expect(paid.map((e) => e.id).sort(), context).toEqual(
          [...w.paid.keys()].map((key) => `evt_pl_${key}_paid`).sort(),
        );
        // At most one paid per upstream transaction, whichever reference named it.
        for (const payment of w.payments) {
          const refs = [payment.tx.ref, payment.tx.transaction_ref].filter((r) => r !== null);
          const times = paid.filter((e) => refs.some((r) => e.id === `evt_pl_${r}_paid`)).length;
          expect(times, `${payment.tx.ref}: ${context}`).toBeLessThanOrEqual(1);
        }
        const anomalies = events.filter((e) => e.type === 'payment_link.anomaly');
        const missing = anomalies.filter((e) => e.data.kind === 'missing_reference');
        expect(missing.length, context).toBe(w.missingReference);
        expect(
          anomalies
            .filter((e) => e.data.kind !== 'missing_reference')
            .map((e) => e.id)
            .sort(),
          context,
        ).toEqual([...w.anomalies].map((k) => `evt_pl_${k.replace(':', '_anomaly_')}`).sort());

        // Sweep what this run saw for secrets, then let it go (the kept bodies would grow the
        // isolate's heap, and slow every later run).
        expectNoSecrets();
        seenBodies.length = 0;
        seenLogs.length = 0;
        figures.runs += 1;
        figures.commands += list.length;
        figures.payments += w.payments.length;
        figures.paid += paid.length;
        figures.anomalies += anomalies.length;
        figures.missing_reference += missing.length;
      },
    );
    it(
      `random schedules, part ${part} of ${parts}: payment-link payments are paid once, for the link's amount, and every contradiction is named`,
      async () => {
        await fc.assert(property, {
          numRuns: Math.ceil((RUNS * share) / parts),
          endOnFailure: true,
        });
        await sandbox('/control/settings', { method: 'DELETE' });
        await recordFigures(`link-model-${part}`, figures);
      },
      60_000 + RUNS * 1_000,
    );
  });
}

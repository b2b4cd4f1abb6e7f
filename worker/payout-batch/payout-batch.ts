/**
 * The PayoutBatch Durable Object: one per batch (`pb_…`, docs/payout-batches.md). It holds the
 * batch's rows, takes its approval and cancellation, and sends its rows as ordinary payouts
 * through their Payout objects, driven by its alarm (worker/payout-batch/send.ts). This class
 * is its typed RPC surface.
 * @module
 */
import { fail, type Outcome } from '../durable/outcome';
import { OutboxedObject, type TaskHandlers } from '../durable/outboxed-object';
import type { IndexOutbox } from '../index-store/index-outbox';
import { objectContext } from '../object-context';
import { recordPorts } from '../object-ports';
import type { BatchContext } from './context';
import type { ProxyEnv } from '../env';
import { sameActor, type CreatedBy } from '../keys/created-by';
import type { BatchRow } from './batch-rows';
import { approve, completeIfDone, resume } from './lifecycle';
import { planNext, runFollow, runSend, watch } from './send';
import { BatchStore, SCHEMA, type BatchTaskKind } from './store';
import { batchView, rowView, type BatchView, type CurrencyAmount, type RowView } from './view';

const NOT_FOUND = 'No payout batch has that id.';

/** What a new batch is made of. */
export interface BatchInput {
  batch_id: string;
  reference: string | null;
  description: string | null;
  created_by: CreatedBy;
  rows: BatchRow[];
}

/** A currency whose balance is below what the batch still has to send. */
export interface Shortfall {
  currency: string;
  needed: number;
  available: number | null;
}

/** One payout batch. */
export class PayoutBatch extends OutboxedObject<BatchTaskKind, IndexOutbox> {
  private readonly store: BatchStore;
  private readonly cx: BatchContext;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env, { schema: SCHEMA, marker: 'batch' });
    this.store = new BatchStore(ctx.storage.sql, this.tables);
    this.cx = objectContext(this.store, () => this.env);
  }

  protected readonly noun = 'payout batch';

  protected ports() {
    return recordPorts(this.env);
  }

  /** Task runs in progress in this instance: a watchdog that comes due while its run is still
   * out (a slow Payout object) waits for it instead of running beside it. */
  private readonly running = new Set<BatchTaskKind>();

  protected readonly handlers: TaskHandlers<BatchTaskKind> = {
    send: () => this.once('send', () => runSend(this.cx)),
    follow: () => this.once('follow', () => runFollow(this.cx)),
  };

  private async once(kind: BatchTaskKind, run: () => Promise<void>): Promise<void> {
    if (this.running.has(kind)) {
      watch(this.store, kind, this.cx.config.upstreamTimeoutMs);
      return;
    }
    this.running.add(kind);
    try {
      await run();
    } finally {
      this.running.delete(kind);
    }
  }

  /** Records the batch and its rows (awaiting approval); the same id again answers it as is. */
  async init(input: BatchInput): Promise<Outcome<{ created: boolean; batch: BatchView }>> {
    const created = !this.store.batch();
    if (created) {
      this.store.record(input, input.rows, Date.now());
      this.stageIndexRows();
    }
    return { ok: true, value: { created, batch: batchView(this.store)! } };
  }

  async view(): Promise<Outcome<BatchView>> {
    const view = batchView(this.store);
    return view ? { ok: true, value: view } : fail('NOT_FOUND', NOT_FOUND);
  }

  /** A page of rows after line `after`. */
  async rows(
    after: number,
    limit: number,
  ): Promise<Outcome<{ data: RowView[]; has_more: boolean }>> {
    if (!this.store.batch()) return fail('NOT_FOUND', NOT_FOUND);
    const page = this.store.page(after, limit + 1);
    return {
      ok: true,
      value: { data: page.slice(0, limit).map(rowView), has_more: page.length > limit },
    };
  }

  /**
   * Approves the batch by `by`, another actor than its creator (SAME_APPROVER otherwise).
   * `balances` is the upstream's wallet balance per currency: a currency whose balance is below
   * the batch's total answers INSUFFICIENT_BALANCE with the figures, unless `partial`.
   */
  async approve(
    by: CreatedBy,
    partial: boolean,
    balances: readonly CurrencyAmount[],
  ): Promise<Outcome<BatchView>> {
    const batch = this.store.batch();
    if (!batch) return fail('NOT_FOUND', NOT_FOUND);
    if (batch.status !== 'awaiting_approval') {
      return fail('BATCH_STATE_CONFLICT', `This payout batch is ${batch.status}.`, {
        status: batch.status,
      });
    }
    if (sameActor(by, batch.created_by)) {
      return fail(
        'SAME_APPROVER',
        'A payout batch is approved by another key or user than the one that created it.',
        { created_by: batch.created_by.key_id },
      );
    }
    const shortfalls = batchView(this.store)!
      .totals.map(({ currency, amount }): Shortfall => {
        const available = balances.find((b) => b.currency === currency)?.amount ?? null;
        return { currency, needed: amount, available };
      })
      .filter((s) => s.available === null || s.available < s.needed);
    if (shortfalls.length > 0 && !partial) {
      return fail(
        'INSUFFICIENT_BALANCE',
        'The wallet balance is below the batch total; approve with {"partial": true} to send ' +
          'what it covers (the batch pauses when the wallet refuses a row).',
        { shortfalls },
      );
    }
    approve(this.store, by, partial);
    planNext(this.store);
    this.stageIndexRows();
    return { ok: true, value: batchView(this.store)! };
  }

  /** Cancels the rows not yet sent (all of them before approval). */
  async cancel(): Promise<Outcome<BatchView>> {
    const batch = this.store.batch();
    if (!batch) return fail('NOT_FOUND', NOT_FOUND);
    if (batch.status === 'completed' || batch.status === 'canceled') {
      return fail('BATCH_STATE_CONFLICT', `This payout batch is ${batch.status}.`, {
        status: batch.status,
      });
    }
    this.store.cancelQueued();
    if (batch.status === 'awaiting_approval') {
      this.store.update({ status: 'canceled', completed_at: Date.now() });
    } else completeIfDone(this.store);
    this.stageIndexRows();
    return { ok: true, value: batchView(this.store)! };
  }

  /** Continues a paused batch. */
  async resume(): Promise<Outcome<BatchView>> {
    const batch = this.store.batch();
    if (!batch) return fail('NOT_FOUND', NOT_FOUND);
    if (batch.status !== 'paused') {
      return fail(
        'BATCH_STATE_CONFLICT',
        `Only a paused batch resumes; this one is ${batch.status}.`,
        {
          status: batch.status,
        },
      );
    }
    resume(this.store);
    planNext(this.store);
    this.stageIndexRows();
    return { ok: true, value: batchView(this.store)! };
  }

  // ---------------------------------------------------------------- hooks of the base

  protected override holdsRecord(): boolean {
    return this.store.batch() !== null;
  }

  protected override stageIndexRows(): void {
    const view = batchView(this.store);
    if (!view) return;
    const batch = this.store.batch()!;
    this.open.index.stage('payout_batch', {
      id: view.id,
      status: view.status,
      reference: view.reference,
      count: view.count,
      totals: JSON.stringify(view.totals),
      created_at: batch.created_at,
      updated_at: batch.updated_at,
      completed_at: batch.completed_at,
    });
  }

  protected override unsettled(): boolean {
    const status = this.store.batch()?.status;
    return status !== undefined && status !== 'completed' && status !== 'canceled';
  }
}

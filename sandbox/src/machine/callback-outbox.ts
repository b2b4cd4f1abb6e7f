/**
 * Callbacks on their way out: each is a delivery row plus a `deliver` task; an attempt signs
 * the params once (the same body on every retry), posts it, and retries with backoff until an
 * HTTP 200 or the attempt limit.
 * @module
 */
import { callbackParams, signedCallback, type CallbackSigner } from '../callbacks';
import type { Clock } from '../clock';
import { MAX_ATTEMPTS, postCallback, retryDelay } from '../delivery';
import {
  addDelivery,
  deliveryById,
  recordAttempt,
  saveBody,
  type DeliveryReason,
} from '../store/deliveries';
import { addTask } from '../store/tasks';
import type { Transaction } from '../store/transactions';

/**
 * The ledger's outgoing callbacks.
 *
 * @example
 * const outbox = new CallbackOutbox(ctx.storage, clock, signer);
 * outbox.queueTerminal(tx, 'terminal', clock.now());
 * await outbox.deliver(deliveryId); // from the alarm's `deliver` task
 */
export class CallbackOutbox {
  private readonly sql: SqlStorage;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly clock: Clock,
    private readonly signer: () => CallbackSigner,
  ) {
    this.sql = storage.sql;
  }

  /** Queues a terminal transaction's callback, first attempt at `dueAt`; returns its id. */
  queueTerminal(tx: Transaction, reason: DeliveryReason, dueAt: number): number {
    return this.queue(tx.ref, reason, tx.callback_url, callbackParams(tx), dueAt);
  }

  /** Queues one callback with these params (and extra root fields) to a URL, first attempt at
   * `dueAt`; returns its id. */
  queue(
    ref: string,
    reason: DeliveryReason,
    url: string,
    params: Record<string, unknown>,
    dueAt: number,
    root: Record<string, unknown> | null = null,
  ): number {
    const id = addDelivery(this.sql, {
      ref,
      reason,
      url,
      params: JSON.stringify(params),
      root: root === null ? null : JSON.stringify(root),
      next_attempt_at: dueAt,
      created_at: this.clock.now(),
    });
    addTask(this.sql, { due_at: dueAt, kind: 'deliver', ref, delivery_id: id });
    return id;
  }

  /** One delivery attempt: 200 ends it; anything else retries with backoff up to the limit. */
  async deliver(id: number): Promise<void> {
    const delivery = deliveryById(this.sql, id);
    if (!delivery || delivery.delivered_at !== null || delivery.gave_up_at !== null) return;
    let body = delivery.body;
    if (body === null) {
      const root = delivery.root === null ? null : (JSON.parse(delivery.root) as object);
      body = JSON.stringify(
        await signedCallback(
          JSON.parse(delivery.params) as Record<string, unknown>,
          this.signer(),
          root as Record<string, unknown> | null,
        ),
      );
      saveBody(this.sql, id, body);
    }
    const { status, error } = await postCallback(delivery.url, body);
    const now = this.clock.now();
    const attempts = delivery.attempts + 1;
    const outcome = {
      last_status: status,
      last_error: error,
      delivered_at: null,
      gave_up_at: null,
    };
    if (status === 200) {
      recordAttempt(this.sql, id, { ...outcome, next_attempt_at: null, delivered_at: now });
    } else if (attempts >= MAX_ATTEMPTS) {
      recordAttempt(this.sql, id, { ...outcome, next_attempt_at: null, gave_up_at: now });
    } else {
      const due = this.clock.after(retryDelay(attempts));
      this.storage.transactionSync(() => {
        recordAttempt(this.sql, id, { ...outcome, next_attempt_at: due });
        addTask(this.sql, { due_at: due, kind: 'deliver', ref: delivery.ref, delivery_id: id });
      });
    }
  }
}

/**
 * The Payout Durable Object: one per payout reference. It records the payout before calling the
 * upstream, learns the outcome from verified callbacks (or the status query when none comes),
 * and sends `payout.succeeded` / `payout.failed` to the merchant exactly once.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { errorBody } from '../shared/errors';
import { maskPhone } from '../shared/phone';
import type { PayoutBody } from '../shared/schemas';
import { nextAttemptStatus, type AttemptEvent, type AttemptStatus } from '../shared/status';
import type { Outcome } from './checkout-session';
import { loadConfig } from './config';
import { statusQueryEvent, terminalEvent } from './durable/callback-event';
import { ObjectTables } from './durable/object-tables';
import type { Task, TaskQueue } from './durable/task-queue';
import type { WebhookOutbox, WebhookRecord } from './durable/webhook-outbox';
import type { ProxyEnv } from './env';
import { callUpstream } from './upstream';

/** A payout as the merchant sees it. */
export interface PayoutView {
  reference: string;
  status: AttemptStatus;
  amount: number;
  currency: string;
  mobile: string;
  payment_method_type: string;
  upstream_reference: string | null;
  create_state: string;
  upstream_message: string | null;
  failure: { code: string | null; message: string | null } | null;
  created_at: string;
  updated_at: string;
  webhooks: WebhookRecord[];
}

/** A verified payout callback. */
export interface PayoutCallback {
  digest: string;
  params: Record<string, unknown>;
  body: string;
}

interface PayoutRow {
  reference: string;
  status: AttemptStatus;
  amount: number;
  currency: string;
  mobile_masked: string;
  method: string;
  upstream_ref: string | null;
  create_state: string;
  upstream_message: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fingerprint: string;
  created_at: number;
  updated_at: number;
}

type TaskKind = 'reconcile' | 'webhook';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS payout (
  reference TEXT PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  mobile_masked TEXT NOT NULL, method TEXT NOT NULL, upstream_ref TEXT, create_state TEXT NOT NULL,
  upstream_message TEXT, failure_code TEXT, failure_message TEXT, fingerprint TEXT NOT NULL,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS payout_callbacks (
  digest TEXT PRIMARY KEY, received_at INTEGER NOT NULL, body TEXT NOT NULL
);
`;

/** Status queries of a payout back off from this delay, up to 15 minutes. */
const RECONCILE_CAP_MS = 15 * 60_000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One payout, its outcome and its merchant webhook. */
export class Payout extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;
  /** Created by `create` only (see ObjectTables). */
  private readonly tables: ObjectTables<TaskKind>;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.tables = new ObjectTables<TaskKind>(ctx.storage, SCHEMA, 'payout');
  }

  private get tasks(): TaskQueue<TaskKind> {
    return this.tables.open().tasks;
  }

  private get outbox(): WebhookOutbox {
    return this.tables.open().outbox;
  }

  private row(): PayoutRow | undefined {
    if (!this.tables.exists) return undefined;
    return this.sql.exec('SELECT * FROM payout LIMIT 1').toArray()[0] as PayoutRow | undefined;
  }

  /**
   * Creates the payout upstream (idempotent by reference: the same terms answer the existing
   * payout, other terms SESSION_CONFLICT). A create whose fate is unknown is never re-sent.
   */
  async create(body: PayoutBody): Promise<Outcome<{ created: boolean; payout: PayoutView }>> {
    const fingerprint = JSON.stringify(body);
    const existing = this.row();
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return {
          ok: false,
          status: 409,
          body: errorBody('SESSION_CONFLICT', 'A payout with this reference has other terms.'),
        };
      }
      return { ok: true, value: { created: false, payout: this.view()! } };
    }
    const config = loadConfig(this.env);
    this.tables.open();
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO payout (reference, status, amount, currency, mobile_masked, method, create_state,
         fingerprint, created_at, updated_at)
       VALUES (?, 'pending', ?, ?, ?, ?, 'sending', ?, ?, ?)`,
      body.reference,
      body.amount,
      body.currency,
      maskPhone(body.mobile),
      body.payment_method_type,
      fingerprint,
      now,
      now,
    );
    this.tasks.schedule(
      'reconcile',
      'reconcile',
      now + Math.max(config.reconcileDelaySeconds * 1000, 50),
      body.reference,
    );
    const { reference, ...rest } = body;
    const result = await callUpstream(this.env, config, config.payoutPath, {
      params: {
        ...rest,
        third_party_reference_1: reference,
        payment_reference: reference,
        client_callback_url: `${config.publicBaseUrl}/hooks/payouts`,
      },
    });
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      this.sql.exec(
        `UPDATE payout SET create_state = 'accepted', upstream_ref = COALESCE(upstream_ref, ?),
           upstream_message = ?, updated_at = ?`,
        text(data.reference) ?? text(data.ref) ?? text(data.transaction_id),
        text(result.body.message),
        Date.now(),
      );
    } else if (result.kind === 'rejected') {
      this.sql.exec(
        "UPDATE payout SET create_state = 'rejected', upstream_message = ?, updated_at = ?",
        result.message,
        Date.now(),
      );
      this.apply('create_rejected', null, result.message);
      this.tasks.cancel('reconcile');
      return {
        ok: false,
        status: 422,
        body: errorBody('UPSTREAM_REJECTED', 'The payment service refused this payout.', {
          upstream_message: result.message,
        }),
      };
    } else {
      this.sql.exec(
        "UPDATE payout SET create_state = 'unknown', upstream_message = ?, updated_at = ?",
        result.kind === 'timeout' ? 'timeout' : result.reason,
        Date.now(),
      );
    }
    return { ok: true, value: { created: true, payout: this.view()! } };
  }

  /** The payout, or null when this reference was never created here. */
  view(): PayoutView | null {
    const row = this.row();
    if (!row) return null;
    return {
      reference: row.reference,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      mobile: row.mobile_masked,
      payment_method_type: row.method,
      upstream_reference: row.upstream_ref,
      create_state: row.create_state,
      upstream_message: row.upstream_message,
      failure:
        row.status === 'pending' || row.status === 'succeeded'
          ? null
          : { code: row.failure_code, message: row.failure_message },
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
      webhooks: this.outbox.list(),
    };
  }

  /**
   * Applies a verified payout callback; answers `known: false` when this object holds no payout
   * (the caller then keeps the callback in the ledger).
   */
  async applyCallback(callback: PayoutCallback): Promise<{ known: boolean; duplicate: boolean }> {
    if (!this.row()) return { known: false, duplicate: false };
    const written = this.sql.exec(
      `INSERT INTO payout_callbacks (digest, received_at, body) VALUES (?, ?, ?)
       ON CONFLICT (digest) DO NOTHING`,
      callback.digest,
      Date.now(),
      callback.body,
    ).rowsWritten;
    if (written === 0) return { known: true, duplicate: true };
    const p = callback.params;
    const event = terminalEvent(p);
    if (event === null) return { known: true, duplicate: false };
    const reason = p.failureReason as { failureCode?: string; failureMessage?: string } | null;
    if (text(p.reference)) {
      this.sql.exec('UPDATE payout SET upstream_ref = COALESCE(upstream_ref, ?)', p.reference);
    }
    this.apply(event, reason?.failureCode ?? null, reason?.failureMessage ?? null);
    return { known: true, duplicate: false };
  }

  /** Re-sends one webhook of this payout now. */
  async resendWebhook(id: string): Promise<boolean> {
    if (!this.tables.exists) return false;
    return this.outbox.resend(id);
  }

  private apply(event: AttemptEvent, code: string | null, message: string | null): void {
    const row = this.row();
    if (!row) return;
    const step = nextAttemptStatus(row.status, event);
    if (!step.changed) return;
    this.sql.exec(
      `UPDATE payout SET status = ?, failure_code = ?, failure_message = ?, updated_at = ?`,
      step.status,
      step.status === 'succeeded' ? null : code,
      step.status === 'succeeded' ? null : (message ?? 'The payout failed.'),
      Date.now(),
    );
    this.tasks.cancel('reconcile');
    const updated = this.view()!;
    const type = step.status === 'succeeded' ? 'payout.succeeded' : 'payout.failed';
    this.outbox.enqueue(`evt_${row.reference}_${type.split('.')[1]}`, type, {
      reference: updated.reference,
      status: updated.status,
      amount: updated.amount,
      currency: updated.currency,
      mobile: updated.mobile,
      payment_method_type: updated.payment_method_type,
      upstream_reference: updated.upstream_reference,
      failure: updated.failure,
    });
  }

  override async alarm(): Promise<void> {
    await this.tasks.drain((task) => this.run(task));
  }

  private async run(task: Task<TaskKind>): Promise<void> {
    const config = loadConfig(this.env);
    if (task.kind === 'webhook') {
      return this.outbox.deliver(
        task.ref!,
        config.merchantWebhookUrl,
        this.env.MERCHANT_WEBHOOK_SECRET,
      );
    }
    const row = this.row();
    if (!row || row.status !== 'pending') {
      this.tasks.cancel(task.key);
      return;
    }
    const result = await callUpstream(this.env, config, '/api/v3/get-unified-transaction-status', {
      params: { id: row.reference, type: 'payout' },
    });
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const event = statusQueryEvent(data);
      if (event !== 'status_pending') {
        const reason = data.failureReason as {
          failureCode?: string;
          failureMessage?: string;
        } | null;
        this.apply(event, reason?.failureCode ?? null, reason?.failureMessage ?? null);
        return;
      }
    }
    const tries = task.tries + 1;
    const delay = Math.min(
      Math.max(config.reconcileDelaySeconds * 1000, 50) * 2 ** tries,
      RECONCILE_CAP_MS,
    );
    this.tasks.schedule('reconcile', 'reconcile', Date.now() + delay, row.reference, tries);
  }
}

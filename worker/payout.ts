/**
 * The Payout Durable Object: one per payout reference. It records the payout before calling the
 * upstream, learns the outcome from verified callbacks (or the status query when none comes),
 * and settles it only on the upstream's answer matched against its records (DESIGN.md §5,
 * "Money rules"; the state machine is `nextAttemptStatus` of shared/status.ts):
 *
 * - a create answered with a refusal is `failed` (not charged); a create whose effect is unknown
 *   (timeout, 408, 429, 3xx, 5xx, unreadable answer, network error) stays `pending` with
 *   create_state `unknown` and is reconciled by status queries before anything is reported;
 * - only a failure (`failed`/`000005`) or three "not created" answers to the status query while
 *   the create's fate is unknown mean not charged; `000006`, pending, payment_step 1 and any
 *   unreadable answer are unknown: asked again with backoff up to `RECONCILE_HORIZON_HOURS`,
 *   then `needs_review` and one `payout.anomaly` (a later answer still settles it);
 * - a success applies only when it matches (amount ≥ ours, our currency, the upstream reference
 *   the create answered); otherwise `mismatch` and one `payout.anomaly` with both values;
 * - a contradiction (success after failure, failure after success) changes nothing and raises
 *   one `payout.anomaly`.
 *
 * Merchant webhooks, each once per payout with a stable id: `payout.succeeded`
 * (`evt_<ref>_succeeded`), `payout.failed` (`evt_<ref>_failed`), `payout.anomaly`
 * (`evt_<ref>_anomaly_<kind>`).
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { errorBody } from '../shared/errors';
import { maskPhone } from '../shared/phone';
import type { PayoutBody } from '../shared/schemas';
import {
  callbackOutcome,
  moneyDifferences,
  nextAttemptStatus,
  reportEvent,
  statusRecordOutcome,
  type AttemptEvent,
  type AttemptStatus,
  type ExpectedMoney,
  type MoneyDifference,
  type ReportedMoney,
  type ReportedOutcome,
} from '../shared/status';
import type { Outcome } from './durable/outcome';
import { loadConfig, type Config } from './config';
import { ObjectTables } from './durable/object-tables';
import {
  NOT_CREATED_LIMIT,
  firstQueryDelay,
  pastHorizon,
  queryOverdue,
  scheduleNextQuery,
} from './durable/reconcile-backoff';
import type { Task, TaskQueue } from './durable/task-queue';
import type { AnomalyData, WebhookOutbox, WebhookRecord } from './durable/webhook-outbox';
import type { ProxyEnv } from './env';
import { INDEX_TASK } from './index-store/index-outbox';
import { payoutSummary } from './index-store/summaries';
import { callUpstream, type UpstreamResult } from './upstream';

/** A payout as the merchant sees it. */
export interface PayoutView {
  reference: string;
  status: AttemptStatus;
  amount: number;
  currency: string;
  mobile: string;
  payment_method_type: string;
  upstream_reference: string | null;
  /** `sending`, `accepted`, `rejected` or `unknown` (no readable answer to the create). */
  create_state: string;
  upstream_message: string | null;
  /** Set when the payout failed (not charged). */
  failure: { code: string | null; message: string | null } | null;
  /** Set when the status is `mismatch`: where the upstream's success disagreed with ours. */
  differences: MoneyDifference[] | null;
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

/** What reconciliation has learnt so far (one row, created with the payout). */
interface ReconcileRow {
  /** 1 once the upstream showed it knows the payout (a callback, a status record). */
  heard: number;
  /** "Not created" answers to the status query while the create's fate was unknown. */
  not_created: number;
  /** The last unknown answer, as JSON (the `reported` of a needs_review anomaly). */
  last_answer: string | null;
  /** The differences of a mismatch, as JSON. */
  differences: string | null;
}

type TaskKind = 'reconcile' | 'webhook' | 'index';

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
CREATE TABLE IF NOT EXISTS payout_reconcile (
  id INTEGER PRIMARY KEY CHECK (id = 1), heard INTEGER NOT NULL DEFAULT 0,
  not_created INTEGER NOT NULL DEFAULT 0, last_answer TEXT, differences TEXT
);
`;

/** What one upstream report said, for anomaly payloads. */
type Reported = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function amountOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

function failureOf(value: unknown): { code: string | null; message: string | null } {
  const reason = (value ?? {}) as { failureCode?: unknown; failureMessage?: unknown };
  return { code: text(reason.failureCode), message: text(reason.failureMessage) };
}

/** An unknown answer in a few words (kept as `last_answer`). */
function unknownAnswer(result: UpstreamResult): Reported {
  if (result.kind === 'timeout') return { source: 'status_query', answer: 'timeout' };
  if (result.kind === 'unavailable') {
    return { source: 'status_query', answer: 'unavailable', http_status: result.status ?? null };
  }
  if (result.kind === 'rejected') {
    return { source: 'status_query', answer: 'refused', http_status: result.status };
  }
  const data = (result.body.data ?? {}) as Record<string, unknown>;
  return {
    source: 'status_query',
    answer: 'record',
    status: data.status ?? null,
    status_code: data.status_code ?? null,
  };
}

/** What the upstream reported, matched or not, for one outcome. */
interface Report {
  outcome: ReportedOutcome;
  money: ReportedMoney;
  failure: { code: string | null; message: string | null } | null;
  reported: Reported;
}

/** One payout, its outcome and its merchant webhooks. */
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

  private reconcileRow(): ReconcileRow {
    this.sql.exec('INSERT INTO payout_reconcile (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    return this.sql
      .exec('SELECT * FROM payout_reconcile WHERE id = 1')
      .one() as unknown as ReconcileRow;
  }

  private heard(): void {
    this.reconcileRow();
    this.sql.exec('UPDATE payout_reconcile SET heard = 1 WHERE id = 1');
  }

  /**
   * Creates the payout upstream (idempotent by reference: the same terms answer the existing
   * payout, other terms SESSION_CONFLICT). A create whose fate is unknown is never re-sent:
   * status queries find out what happened.
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
    this.reconcileRow();
    this.tasks.schedule('reconcile', 'reconcile', now + firstQueryDelay(config), body.reference);
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
      this.heard();
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
      this.apply('confirmed_failed', {
        outcome: 'failed',
        money: {},
        failure: { code: null, message: result.message },
        reported: { source: 'create', answer: 'refused', http_status: result.status },
      });
      return {
        ok: false,
        status: 422,
        body: errorBody('UPSTREAM_REJECTED', 'The payment service refused this payout.', {
          upstream_message: result.message,
        }),
      };
    } else {
      // Timeout, 408, 429, 3xx, 5xx, unreadable: the upstream may or may not have it. Nothing is
      // reported until a status query (or a callback) tells.
      this.sql.exec(
        "UPDATE payout SET create_state = 'unknown', upstream_message = ?, updated_at = ?",
        result.kind === 'timeout' ? 'timeout' : result.reason,
        Date.now(),
      );
    }
    this.indexRow();
    return { ok: true, value: { created: true, payout: this.view()! } };
  }

  /** The payout, or null when this reference was never created here. */
  view(): PayoutView | null {
    const row = this.row();
    if (!row) return null;
    const differences = this.reconcileRow().differences;
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
        row.status === 'failed' ? { code: row.failure_code, message: row.failure_message } : null,
      differences:
        row.status === 'mismatch' && differences
          ? (JSON.parse(differences) as MoneyDifference[])
          : null,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
      webhooks: this.outbox.list(),
    };
  }

  /**
   * Applies a verified payout callback; answers `known: false` when this object holds no payout
   * (the caller then keeps the callback in the ledger). A callback that says nothing final
   * (payment_step 1, a status other than success/failed, `000006`) is stored and changes nothing.
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
    // Any verified callback shows the upstream has the payout: "not created" no longer counts.
    this.heard();
    const outcome = callbackOutcome(p);
    if (outcome === 'unknown') return { known: true, duplicate: false };
    const failure = outcome === 'failed' ? failureOf(p.failureReason) : null;
    this.report({
      outcome,
      money: {
        amount: amountOf(p.amount),
        currency: text(p.currency),
        upstreamRef: text(p.reference),
      },
      failure,
      reported: {
        source: 'callback',
        status: p.status ?? null,
        status_code: p.statusCode ?? null,
        amount: p.amount ?? null,
        currency: p.currency ?? null,
        upstream_reference: p.reference ?? null,
        ...(failure ? { failure } : {}),
      },
    });
    return { known: true, duplicate: false };
  }

  /**
   * Asks the upstream for this payout's status now (the merchant asked, e.g. for a payout in
   * `needs_review`); answers the payout after the answer was applied, or null when unknown.
   */
  async reconcileNow(): Promise<PayoutView | null> {
    const row = this.row();
    if (!row) return null;
    if (row.status === 'pending' || row.status === 'needs_review') {
      await this.query(loadConfig(this.env), false);
    }
    this.indexRow();
    return this.view();
  }

  /** Stages this payout's query-index row (unchanged: nothing to write). */
  private indexRow(): void {
    const row = this.row();
    if (!row) return;
    const due = this.tasks.get('reconcile')?.due_at ?? null;
    this.tables.open().index.stage('payout', payoutSummary(row, due));
  }

  /**
   * The reconciliation sweep (worker/index-store/sweep.ts): asks the upstream now when the
   * payout is pending and its status query is missing or overdue, then re-sends the index row
   * when D1 lacks it or holds it older, and re-arms the alarm.
   */
  async sweep(): Promise<{ reconciled: number; requeued: number }> {
    const row = this.row();
    if (!row) return { reconciled: 0, requeued: 0 };
    let reconciled = 0;
    const task = this.tasks.get('reconcile');
    if (row.status === 'pending' && queryOverdue(task)) {
      reconciled = 1;
      await this.run(
        task ?? { key: 'reconcile', kind: 'reconcile', due_at: 0, ref: row.reference, tries: 0 },
      );
    }
    this.indexRow();
    const requeued = await this.tables.open().index.check(this.env.INDEX);
    await this.tasks.rearm();
    return { reconciled, requeued };
  }

  /** Sends this payout's index row again (`npm run reindex`); answers how many rows. */
  async reindex(): Promise<number> {
    if (!this.row()) return 0;
    this.indexRow();
    return this.tables.open().index.requeue();
  }

  /** Re-sends one webhook of this payout now. */
  async resendWebhook(id: string): Promise<boolean> {
    if (!this.tables.exists) return false;
    return this.outbox.resend(id);
  }

  /** The expected side of a comparison: our amount and currency, the create's reference. */
  private expected(row: PayoutRow): ExpectedMoney {
    return { amount: row.amount, currency: row.currency, upstreamRef: row.upstream_ref };
  }

  /** Matches a final report against our records and applies it. */
  private report(report: Report): void {
    const row = this.row()!;
    const differences =
      report.outcome === 'success' ? moneyDifferences(this.expected(row), report.money) : [];
    // A reference first learnt from a final report is ours from now on (the create answered none).
    if (report.money.upstreamRef) {
      this.sql.exec(
        'UPDATE payout SET upstream_ref = COALESCE(upstream_ref, ?)',
        report.money.upstreamRef,
      );
    }
    this.apply(reportEvent(report.outcome, differences), report, differences);
  }

  private apply(event: AttemptEvent, report: Report, differences: MoneyDifference[] = []): void {
    const row = this.row();
    if (!row) return;
    const step = nextAttemptStatus(row.status, event);
    if (step.changed) {
      const failure = step.status === 'failed' ? report.failure : null;
      this.sql.exec(
        `UPDATE payout SET status = ?, failure_code = ?, failure_message = ?, updated_at = ?`,
        step.status,
        failure?.code ?? null,
        step.status === 'failed' ? (failure?.message ?? 'The payout failed.') : null,
        Date.now(),
      );
      if (step.status === 'mismatch') {
        this.sql.exec(
          'UPDATE payout_reconcile SET differences = ? WHERE id = 1',
          JSON.stringify(differences),
        );
      }
      // Settled, or a person must look: the automatic status queries stop.
      this.tasks.cancel('reconcile');
    }
    const updated = this.view()!;
    if (step.changed && (step.status === 'succeeded' || step.status === 'failed')) {
      const type = step.status === 'succeeded' ? 'payout.succeeded' : 'payout.failed';
      this.outbox.enqueue(`evt_${row.reference}_${step.status}`, type, {
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
    // A success report that disagrees with a payout already paid is reported too (once).
    const kind =
      step.anomaly ??
      (row.status === 'succeeded' && event === 'confirmed_mismatch' ? 'mismatch' : null);
    if (kind !== null) {
      const data: AnomalyData & Record<string, unknown> = {
        reference: row.reference,
        kind,
        status: updated.status,
        expected: {
          status: row.status,
          amount: row.amount,
          currency: row.currency,
          upstream_reference: row.upstream_ref,
        },
        reported: kind === 'needs_review' ? this.lastAnswer() : report.reported,
        differences,
      };
      this.outbox.enqueue(`evt_${row.reference}_anomaly_${kind}`, 'payout.anomaly', data);
      console.warn(`payout_anomaly ${kind}`);
    }
    this.indexRow();
  }

  private lastAnswer(): Reported | null {
    const raw = this.reconcileRow().last_answer;
    return raw ? (JSON.parse(raw) as Reported) : null;
  }

  override async alarm(): Promise<void> {
    await this.tasks.drain((task) => this.run(task));
    // A status query that rescheduled itself moved the payout's next check.
    this.indexRow();
  }

  private async run(task: Task<TaskKind>): Promise<void> {
    const config = loadConfig(this.env);
    if (task.kind === INDEX_TASK) return this.tables.open().index.flush(this.env.INDEX);
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
    const unknown = await this.query(config, true);
    const after = this.row();
    if (!unknown || !after || after.status !== 'pending') return;
    scheduleNextQuery(this.tasks, task, config, after.created_at);
  }

  /**
   * One status query, applied. Answers true when the outcome is still unknown afterwards.
   * With `horizon`, an unknown answer past the reconcile horizon makes the payout
   * `needs_review` (one anomaly).
   */
  private async query(config: Config, horizon: boolean): Promise<boolean> {
    const before = this.row()!;
    const result = await callUpstream(this.env, config, '/api/v3/get-unified-transaction-status', {
      params: { id: before.reference, type: 'payout' },
    });
    // Other events ran during the call: read everything again.
    const row = this.row()!;
    if (result.kind === 'ok') {
      this.heard();
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const outcome = statusRecordOutcome(data);
      if (outcome !== 'unknown') {
        const failure = outcome === 'failed' ? failureOf(data.failureReason) : null;
        this.report({
          outcome,
          money: {
            amount: amountOf(data.amount),
            currency: text(data.currency),
            upstreamRef: text(data.ref),
          },
          failure,
          reported: {
            source: 'status_query',
            status: data.status ?? null,
            status_code: data.status_code ?? null,
            amount: data.amount ?? null,
            currency: data.currency ?? null,
            upstream_reference: data.ref ?? null,
            ...(failure ? { failure } : {}),
          },
        });
        return false;
      }
    } else if (
      result.kind === 'rejected' &&
      result.status === 400 &&
      this.createFateUnknown(row, config)
    ) {
      const count = this.reconcileRow().not_created + 1;
      this.sql.exec('UPDATE payout_reconcile SET not_created = ? WHERE id = 1', count);
      if (count >= NOT_CREATED_LIMIT) {
        this.apply('confirmed_failed', {
          outcome: 'failed',
          money: {},
          failure: {
            code: null,
            message: `The payment service has no record of this payout (${count} status queries).`,
          },
          reported: {
            source: 'status_query',
            answer: 'not_created',
            http_status: 400,
            message: result.message,
            count,
          },
        });
        return false;
      }
    }
    this.sql.exec(
      'UPDATE payout_reconcile SET last_answer = ? WHERE id = 1',
      JSON.stringify(unknownAnswer(result)),
    );
    if (horizon && row.status === 'pending') {
      if (pastHorizon(config, row.created_at)) {
        this.apply('horizon_reached', {
          outcome: 'unknown',
          money: {},
          failure: null,
          reported: {},
        });
        return false;
      }
    }
    return true;
  }

  /**
   * True while nobody knows whether the upstream has the payout: the create got no readable
   * answer (or the object lost it mid-call) and the upstream never showed it knows the payout.
   * Only then does a "not created" answer count; after an accepted create it is a glitch.
   */
  private createFateUnknown(row: PayoutRow, config: Config): boolean {
    if (this.reconcileRow().heard === 1) return false;
    if (row.create_state === 'unknown') return true;
    return (
      row.create_state === 'sending' && Date.now() - row.created_at > 2 * config.upstreamTimeoutMs
    );
  }
}

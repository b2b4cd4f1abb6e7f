/**
 * The Session Durable Object: one per checkout session (DESIGN.md §5). It holds the session,
 * its attempts, an event log with a rising `seq`, the callbacks received, a tasks table that
 * feeds one alarm, and the merchant-webhook outbox. Every state change goes through
 * {@link CheckoutSession.transition}; terminal states absorb.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { OTP_TTL_MINUTES, VIRTUAL_ACCOUNT_TTL_MINUTES } from '../shared/catalogue';
import { errorBody, type ErrorBody, type ErrorCode } from '../shared/errors';
import { maskPhone } from '../shared/phone';
import type { AttemptBody, SessionCreateBody } from '../shared/schemas';
import { validateCollectionParams } from '../shared/schemas';
import {
  isTerminalAttempt,
  nextAttemptStatus,
  nextSessionStatus,
  type AttemptEvent,
} from '../shared/status';
import type { CheckoutView, NextAction, StreamMessage } from '../shared/view';
import { loadConfig, type Config } from './config';
import type { ProxyEnv } from './env';
import { callUpstream } from './upstream';
import { collectionParams } from './session/collection-params';
import { MAX_ATTEMPTS, attemptView, publicView } from './session/public-view';
import { statusQueryEvent, terminalEvent } from './durable/callback-event';
import { ObjectTables } from './durable/object-tables';
import type { Task, TaskQueue } from './durable/task-queue';
import type { WebhookOutbox, WebhookRecord, WebhookType } from './durable/webhook-outbox';
import {
  SCHEMA,
  first,
  parseJson,
  rows,
  type AttemptRow,
  type FlatJson,
  type SessionRow,
} from './session/store';

/** Timed work of a session. */
type TaskKind = 'reconcile' | 'attempt_expiry' | 'session_expiry' | 'webhook';

/** What an RPC call answers: a value, or an error body with its HTTP status. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; body: ErrorBody };

/** Input of {@link CheckoutSession.init}. */
export interface SessionInit extends SessionCreateBody {
  id: string;
}

/** A terminal (or other) callback, verified and parsed by the hook route. */
export interface CollectionCallback {
  digest: string;
  params: {
    payment_step?: number;
    status?: string;
    statusCode?: string;
    amount?: number;
    reference?: string;
    depositId?: string;
    third_party_reference_1?: string;
    failureReason?: { failureCode?: string | null; failureMessage?: string | null } | null;
  };
  body: string;
}

const MINUTE = 60_000;
/** Wrong OTPs an attempt accepts before it locks. */
export const MAX_OTP_TRIES = 3;
/** Status queries answering "not created" before an attempt whose create was lost fails. */
const NOT_FOUND_LIMIT = 3;
/** How long after the session's expiry a still-pending attempt is given up (status query first). */
const PENDING_GRACE_MS = 30 * MINUTE;

function fail<T>(
  code: ErrorCode,
  status: number,
  message: string,
  details?: Record<string, unknown>,
): Outcome<T> {
  return { ok: false, status, body: errorBody(code, message, details) };
}

/** One checkout session's state, transitions, timers and live stream. */
export class CheckoutSession extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;
  /** Created by `init` only (see ObjectTables). */
  private readonly tables: ObjectTables<TaskKind>;
  /** The attempt whose OTP is being checked upstream right now: one code at a time, so that
   * parallel guesses cannot all pass the lock check before the first answer is counted. */
  private otpChecking: string | null = null;
  /** Attempts whose create call is on its way in this instance: a status query's "not found"
   * means nothing yet (after an eviction the set is empty, and "not found" counts again). */
  private readonly creating = new Set<string>();

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.tables = new ObjectTables<TaskKind>(ctx.storage, SCHEMA, 'session');
  }

  private get tasks(): TaskQueue<TaskKind> {
    return this.tables.open().tasks;
  }

  private get outbox(): WebhookOutbox {
    return this.tables.open().outbox;
  }

  private get config(): Config {
    return loadConfig(this.env);
  }

  private session(): SessionRow | undefined {
    if (!this.tables.exists) return undefined;
    return first<SessionRow>(this.sql, 'SELECT * FROM session LIMIT 1');
  }

  private attempt(id: string): AttemptRow | undefined {
    return first<AttemptRow>(this.sql, 'SELECT * FROM attempts WHERE id = ?', id);
  }

  private latestAttempt(): AttemptRow | undefined {
    return first<AttemptRow>(this.sql, 'SELECT * FROM attempts ORDER BY n DESC LIMIT 1');
  }

  // ---------------------------------------------------------------- merchant side

  /**
   * Creates the session (idempotent: the same terms answer the existing session; other terms
   * answer SESSION_CONFLICT).
   */
  async init(input: SessionInit): Promise<Outcome<{ created: boolean; session: MerchantSession }>> {
    const fingerprint = JSON.stringify({ ...input, id: undefined });
    const existing = this.session();
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return fail(
          'SESSION_CONFLICT',
          409,
          'A session with this idempotency key exists with other terms.',
        );
      }
      return { ok: true, value: { created: false, session: this.merchantSession()! } };
    }
    this.tables.open();
    const now = Date.now();
    const expiresAt = now + (input.expires_in ?? 3600) * 1000;
    this.sql.exec(
      `INSERT INTO session (id, status, amount, currency, reference, country_id, methods, customer,
         return_url, metadata, created_at, expires_at, fingerprint)
       VALUES (?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      input.id,
      input.amount,
      input.currency,
      input.reference,
      input.country_id ?? null,
      input.methods ? JSON.stringify(input.methods) : null,
      input.customer ? JSON.stringify(input.customer) : null,
      input.return_url ?? null,
      input.metadata ? JSON.stringify(input.metadata) : null,
      now,
      expiresAt,
      fingerprint,
    );
    this.log('session_created', null, { amount: input.amount, currency: input.currency });
    this.schedule('session_expiry', 'session_expiry', expiresAt, null);
    return { ok: true, value: { created: true, session: this.merchantSession()! } };
  }

  /** The session with every attempt, its references, history, callbacks and webhooks. */
  async merchant(): Promise<Outcome<MerchantSession>> {
    this.expireIfDue();
    const session = this.merchantSession();
    return session
      ? { ok: true, value: session }
      : fail('SESSION_NOT_FOUND', 404, 'No such checkout session.');
  }

  // ---------------------------------------------------------------- payer side

  /** The public view, or SESSION_NOT_FOUND. */
  async view(): Promise<Outcome<CheckoutView>> {
    this.expireIfDue();
    const view = this.currentView();
    return view
      ? { ok: true, value: view }
      : fail('SESSION_NOT_FOUND', 404, 'No such checkout session.');
  }

  /**
   * Starts an attempt: checks the session's rules, writes the attempt as pending, then calls the
   * upstream. A callback that lands while the create call is in flight is merged whichever
   * finishes first; a create whose fate is unknown (timeout, 5xx) is never re-sent: the status
   * query decides.
   */
  async startAttempt(body: AttemptBody): Promise<Outcome<CheckoutView>> {
    this.expireIfDue();
    const session = this.session();
    if (!session) return fail('SESSION_NOT_FOUND', 404, 'No such checkout session.');
    const latest = this.latestAttempt();
    if (session.status === 'succeeded')
      return fail('SESSION_CLOSED', 409, 'This checkout is already paid.');
    if (session.status === 'failed') return fail('SESSION_CLOSED', 409, 'This checkout is closed.');
    if (session.status === 'expired')
      return fail('SESSION_EXPIRED', 410, 'This checkout has expired.');
    if (latest && latest.status === 'pending') {
      return fail(
        'ATTEMPT_IN_PROGRESS',
        409,
        'A payment is already in progress; wait for its outcome.',
      );
    }
    if (session.attempt_count >= MAX_ATTEMPTS) {
      return fail('SESSION_CLOSED', 409, `This checkout allows at most ${MAX_ATTEMPTS} attempts.`);
    }
    const config = this.config;
    const view = publicView(session, latest, config.catalogue);
    const country = view.countries.find((c) => c.id === body.country_id);
    if (!country) {
      return fail(
        'COUNTRY_NOT_AVAILABLE',
        422,
        `Country ${body.country_id} is not offered for this checkout.`,
      );
    }
    const slot = config.catalogue.method(body.country_id, body.method);
    if (!slot || !country.methods.some((m) => m.value === slot.value)) {
      return fail(
        'METHOD_NOT_AVAILABLE',
        422,
        `The method "${body.method}" is not offered in ${country.name}.`,
      );
    }
    const n = session.attempt_count + 1;
    const attemptId = `${session.id}.${n}`;
    const params = collectionParams(session, slot, body, attemptId, config.publicBaseUrl);
    const checked = validateCollectionParams(params, config.catalogue);
    if (!checked.ok) {
      return fail('VALIDATION_FAILED', 400, 'Some details are missing or invalid.', {
        issues: checked.issues,
      });
    }
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO attempts (id, n, country_id, method, kind, status, mobile_masked, next, create_state,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, 'sending', ?, ?)`,
      attemptId,
      n,
      body.country_id,
      body.method,
      slot.kind,
      body.mobile ? maskPhone(body.mobile) : null,
      JSON.stringify({ type: 'wait' } satisfies NextAction),
      now,
      now,
    );
    this.sql.exec(
      "UPDATE session SET attempt_count = ?, status = 'pending' WHERE id = ?",
      n,
      session.id,
    );
    this.log('attempt_started', attemptId, { method: body.method, country_id: body.country_id });
    // Scheduled before calling out, so an eviction mid-call still leads to a status query.
    this.schedule(
      `reconcile:${attemptId}`,
      'reconcile',
      now + this.firstReconcileDelay(),
      attemptId,
    );
    this.bump();

    this.creating.add(attemptId);
    const result = await callUpstream(this.env, config, '/api/v4/service-unified-collections', {
      params,
    }).finally(() => this.creating.delete(attemptId));
    const row = this.attempt(attemptId)!;
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const ref = stringOrNull(data.depositId) ?? stringOrNull(data.MerchantRequestID);
      const next = nextAction(slot.kind, data, session, row);
      this.sql.exec(
        `UPDATE attempts SET create_state = 'accepted', upstream_ref = COALESCE(upstream_ref, ?),
           payment_token = ?, upstream_message = ?, expires_at = ?,
           next = CASE WHEN status = 'pending' THEN ? ELSE next END, updated_at = ?
         WHERE id = ?`,
        ref,
        stringOrNull(data.payment_token),
        stringOrNull(result.body.message),
        expiryOf(slot.kind, now),
        JSON.stringify(next),
        Date.now(),
        attemptId,
      );
      this.log('create_accepted', attemptId, { upstream_ref: ref });
      const expiresAt = expiryOf(slot.kind, now);
      if (expiresAt !== null && row.status === 'pending') {
        this.schedule(`expiry:${attemptId}`, 'attempt_expiry', expiresAt, attemptId);
      }
      this.bump();
      return { ok: true, value: this.currentView()! };
    }
    if (result.kind === 'rejected') {
      this.sql.exec(
        "UPDATE attempts SET create_state = 'rejected', upstream_message = ?, updated_at = ? WHERE id = ?",
        result.message,
        Date.now(),
        attemptId,
      );
      this.transition(attemptId, 'create_rejected', {
        failure_code: null,
        failure_message: result.message,
      });
      this.cancel(`reconcile:${attemptId}`);
      return fail('UPSTREAM_REJECTED', 422, 'The payment service refused this payment.', {
        upstream_message: result.message,
        view: this.currentView(),
      });
    }
    // Timeout or unavailable: the upstream may or may not have created the collection.
    this.sql.exec(
      "UPDATE attempts SET create_state = 'unknown', upstream_message = ?, updated_at = ? WHERE id = ?",
      result.kind === 'timeout' ? 'timeout' : result.reason,
      Date.now(),
      attemptId,
    );
    this.log('create_unknown', attemptId, {
      reason: result.kind === 'timeout' ? 'timeout' : result.reason,
    });
    this.bump();
    return { ok: true, value: this.currentView()! };
  }

  /** Submits the payer's OTP for the pending OTP attempt (the payment_token never leaves here). */
  async submitOtp(otp: string): Promise<Outcome<CheckoutView>> {
    this.expireIfDue();
    const session = this.session();
    if (!session) return fail('SESSION_NOT_FOUND', 404, 'No such checkout session.');
    const row = this.latestAttempt();
    if (!row || row.kind !== 'otp_operator' || row.status !== 'pending' || !row.payment_token) {
      return fail('NO_ATTEMPT_WAITING', 409, 'No payment is waiting for a one-time code.');
    }
    if (row.otp_tries >= MAX_OTP_TRIES) {
      return fail('OTP_LOCKED', 423, 'Too many wrong codes; start a new payment.');
    }
    if (row.expires_at !== null && Date.now() >= row.expires_at) {
      return fail('OTP_EXPIRED', 410, 'The code has expired; start a new payment.');
    }
    if (this.otpChecking === row.id) {
      return fail(
        'ATTEMPT_IN_PROGRESS',
        409,
        'A code is already being checked; wait for its answer.',
      );
    }
    this.otpChecking = row.id;
    const result = await callUpstream(
      this.env,
      this.config,
      '/api/v4/service-unified-process-transaction',
      {
        params: { otp, payment_token: row.payment_token },
      },
    ).finally(() => {
      this.otpChecking = null;
    });
    if (result.kind === 'ok') {
      this.sql.exec(
        `UPDATE attempts SET next = CASE WHEN status = 'pending' THEN ? ELSE next END, updated_at = ?
         WHERE id = ?`,
        JSON.stringify({ type: 'wait' } satisfies NextAction),
        Date.now(),
        row.id,
      );
      this.log('otp_accepted', row.id, null);
      this.bump();
      return { ok: true, value: this.currentView()! };
    }
    if (result.kind === 'rejected') {
      const tries = row.otp_tries + 1;
      const left = Math.max(0, MAX_OTP_TRIES - tries);
      const next = attemptNextOf(row);
      if (next?.type === 'enter_otp') next.tries_left = left;
      this.sql.exec(
        'UPDATE attempts SET otp_tries = ?, upstream_message = ?, next = ?, updated_at = ? WHERE id = ?',
        tries,
        result.message,
        JSON.stringify(next),
        Date.now(),
        row.id,
      );
      this.log('otp_refused', row.id, { tries });
      if (left === 0) {
        this.transition(row.id, 'create_rejected', {
          failure_code: 'OTP_LOCKED',
          failure_message: 'Too many wrong codes.',
        });
        return fail('OTP_LOCKED', 423, 'Too many wrong codes; start a new payment.', {
          view: this.currentView(),
        });
      }
      this.bump();
      return fail('OTP_INVALID', 422, 'That code was not accepted.', {
        tries_left: left,
        upstream_message: result.message,
      });
    }
    return fail(
      result.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
      result.kind === 'timeout' ? 504 : 502,
      'The payment service did not answer; try the code again in a moment.',
    );
  }

  // ---------------------------------------------------------------- upstream side

  /**
   * Applies a verified collection callback. Stored first (duplicates change nothing), then the
   * outcome is applied only for payment_step 2 with a consistent status and statusCode.
   */
  async applyCallback(
    callback: CollectionCallback,
  ): Promise<{ known: boolean; duplicate: boolean }> {
    if (!this.session()) return { known: false, duplicate: false };
    const { params } = callback;
    const attemptId = params.third_party_reference_1 ?? null;
    const inserted = this.sql.exec(
      `INSERT INTO callbacks (digest, attempt_id, received_at, status, status_code, payment_step, body)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING`,
      callback.digest,
      attemptId,
      Date.now(),
      params.status ?? null,
      params.statusCode ?? null,
      params.payment_step ?? null,
      callback.body,
    ).rowsWritten;
    if (inserted === 0) return { known: true, duplicate: true };
    const row = attemptId ? this.attempt(attemptId) : undefined;
    if (!row) {
      this.log('callback_unmatched', attemptId, { reference: params.reference ?? null });
      return { known: true, duplicate: false };
    }
    const event = terminalEvent(params);
    if (event === null) {
      this.log('callback_ignored', row.id, {
        payment_step: params.payment_step ?? null,
        status: params.status ?? null,
        statusCode: params.statusCode ?? null,
      });
      return { known: true, duplicate: false };
    }
    if (params.reference || params.depositId) {
      this.sql.exec(
        'UPDATE attempts SET upstream_ref = COALESCE(upstream_ref, ?) WHERE id = ?',
        params.depositId ?? params.reference ?? null,
        row.id,
      );
    }
    this.sql.exec('UPDATE callbacks SET applied = ? WHERE digest = ?', event, callback.digest);
    this.transition(row.id, event, {
      failure_code: params.failureReason?.failureCode ?? null,
      failure_message: params.failureReason?.failureMessage ?? null,
      amount: typeof params.amount === 'number' ? params.amount : null,
    });
    return { known: true, duplicate: false };
  }

  // ---------------------------------------------------------------- transitions

  /**
   * The one transition function: applies an attempt event, then the session consequence, logs
   * both, queues the merchant webhook and pushes the new view. Terminal states absorb; a success
   * that cannot be honoured (session already paid or closed) is recorded as an anomaly.
   */
  private transition(
    attemptId: string,
    event: AttemptEvent,
    detail: {
      failure_code?: string | null;
      failure_message?: string | null;
      amount?: number | null;
    },
  ): void {
    const row = this.attempt(attemptId);
    const session = this.session();
    if (!row || !session) return;
    const step = nextAttemptStatus(row.status, event);
    if (!step.changed) {
      const lateSuccess =
        isTerminalAttempt(row.status) && row.status !== 'succeeded' && isSuccess(event);
      this.log(lateSuccess ? 'late_success' : 'event_absorbed', attemptId, {
        event,
        status: row.status,
      });
      if (lateSuccess)
        this.queueAnomaly(session, row, `A success arrived for an attempt already ${row.status}.`);
      this.bump();
      return;
    }
    const now = Date.now();
    this.sql.exec(
      `UPDATE attempts SET status = ?, failure_code = COALESCE(?, failure_code),
         failure_message = COALESCE(?, failure_message), updated_at = ? WHERE id = ?`,
      step.status,
      step.status === 'succeeded' ? null : (detail.failure_code ?? null),
      step.status === 'succeeded' ? null : (detail.failure_message ?? defaultFailure(step.status)),
      now,
      attemptId,
    );
    this.log('attempt_' + step.status, attemptId, { event, amount: detail.amount ?? null });
    this.cancel(`reconcile:${attemptId}`);
    this.cancel(`expiry:${attemptId}`);
    const updated = this.attempt(attemptId)!;
    if (step.status === 'succeeded') {
      const result = nextSessionStatus(session.status, 'attempt_succeeded');
      if (result.anomaly || !result.changed) {
        this.queueAnomaly(
          session,
          updated,
          `A payment succeeded while the session was ${session.status}.`,
        );
      } else {
        this.setSessionStatus(result.status);
        this.queueWebhook(
          `evt_${session.id}_succeeded`,
          'checkout.succeeded',
          this.session()!,
          updated,
        );
        this.cancel('session_expiry');
      }
    } else {
      const expired = now >= session.expires_at;
      const exhausted = session.attempt_count >= MAX_ATTEMPTS;
      let result = nextSessionStatus(session.status, 'attempt_failed');
      if (result.changed && expired) result = nextSessionStatus(result.status, 'expire');
      else if (result.changed && exhausted) result = nextSessionStatus(result.status, 'close');
      if (result.changed) this.setSessionStatus(result.status);
      this.queueWebhook(`evt_${attemptId}_failed`, 'checkout.failed', this.session()!, updated);
      if (this.session()!.status === 'expired') {
        this.queueWebhook(
          `evt_${session.id}_expired`,
          'checkout.expired',
          this.session()!,
          updated,
        );
      }
    }
    this.bump();
  }

  private setSessionStatus(status: SessionRow['status']): void {
    this.sql.exec('UPDATE session SET status = ?', status);
    this.log('session_' + status, null, null);
  }

  /** Expires an open session whose time is up (also done by the alarm; this keeps reads honest). */
  private expireIfDue(): void {
    const session = this.session();
    if (!session || session.status !== 'open' || Date.now() < session.expires_at) return;
    const result = nextSessionStatus(session.status, 'expire');
    if (!result.changed) return;
    this.setSessionStatus(result.status);
    this.cancel('session_expiry');
    this.queueWebhook(
      `evt_${session.id}_expired`,
      'checkout.expired',
      this.session()!,
      this.latestAttempt(),
    );
    this.bump();
  }

  // ---------------------------------------------------------------- timers

  /** Delay before the first status query; later ones back off from it (a query that overlaps a
   * slow create is harmless: "not created" only counts once the create's fate is unknown). */
  private firstReconcileDelay(): number {
    return Math.max(this.config.reconcileDelaySeconds * 1000, 50);
  }

  private schedule(
    key: string,
    kind: TaskKind,
    dueAt: number,
    attemptId: string | null,
    tries = 0,
  ): void {
    this.tasks.schedule(key, kind, dueAt, attemptId, tries);
  }

  private cancel(key: string): void {
    this.tasks.cancel(key);
  }

  /** Runs every due task, then re-arms the alarm for the earliest remaining one. */
  override async alarm(): Promise<void> {
    await this.tasks.drain((task) => this.runTask(task));
  }

  private async runTask(task: Task<TaskKind>): Promise<void> {
    switch (task.kind) {
      case 'session_expiry':
        this.cancel(task.key);
        this.expireIfDue();
        return;
      case 'reconcile':
      case 'attempt_expiry':
        return this.reconcile(task);
      case 'webhook':
        return this.outbox.deliver(
          task.ref!,
          this.config.merchantWebhookUrl,
          this.env.MERCHANT_WEBHOOK_SECRET,
        );
    }
  }

  /**
   * Asks the upstream for an attempt's status. Terminal answers apply as if the callback came;
   * pending answers wait with backoff; at an attempt's own expiry a non-terminal answer expires it.
   */
  private async reconcile(task: Task<TaskKind>): Promise<void> {
    const row = task.ref ? this.attempt(task.ref) : undefined;
    if (!row || row.status !== 'pending') {
      this.cancel(task.key);
      return;
    }
    const result = await callUpstream(
      this.env,
      this.config,
      '/api/v3/get-unified-transaction-status',
      {
        params: { id: row.id, type: 'payin' },
      },
    );
    const fresh = this.attempt(row.id)!;
    if (fresh.status !== 'pending') {
      this.cancel(task.key);
      return;
    }
    const session = this.session()!;
    const expiring =
      task.kind === 'attempt_expiry' || Date.now() > session.expires_at + PENDING_GRACE_MS;
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const event = statusQueryEvent(data);
      this.log('status_query', row.id, { answer: event });
      if (event !== 'status_pending') {
        const reason = data.failureReason as {
          failureCode?: string | null;
          failureMessage?: string | null;
        } | null;
        this.cancel(task.key);
        this.transition(row.id, event, {
          failure_code: reason?.failureCode ?? null,
          failure_message: reason?.failureMessage ?? null,
          amount: typeof data.amount === 'number' ? data.amount : null,
        });
        return;
      }
      this.sql.exec('UPDATE attempts SET not_found_count = 0 WHERE id = ?', row.id);
    } else if (
      result.kind === 'rejected' &&
      result.status === 400 &&
      fresh.create_state !== 'accepted' &&
      !this.creating.has(row.id)
    ) {
      const count = fresh.not_found_count + 1;
      this.sql.exec('UPDATE attempts SET not_found_count = ? WHERE id = ?', count, row.id);
      this.log('status_query', row.id, { answer: 'not_found', count });
      if (count >= NOT_FOUND_LIMIT) {
        this.cancel(task.key);
        this.transition(row.id, 'create_rejected', {
          failure_code: null,
          failure_message: 'The payment service has no record of this payment.',
        });
        return;
      }
    } else {
      this.log('status_query', row.id, { answer: result.kind });
    }
    if (expiring) {
      this.cancel(task.key);
      this.transition(row.id, row.kind === 'otp_operator' ? 'otp_expired' : 'account_expired', {
        failure_code: null,
        failure_message:
          row.kind === 'otp_operator'
            ? 'The code was not entered in time.'
            : 'The payment was not completed in time.',
      });
      return;
    }
    const tries = task.tries + 1;
    const delay = Math.min(this.firstReconcileDelay() * 2 ** tries, 15 * MINUTE);
    this.schedule(`reconcile:${row.id}`, 'reconcile', Date.now() + delay, row.id, tries);
    if (task.kind === 'attempt_expiry') this.cancel(task.key);
  }

  // ---------------------------------------------------------------- merchant webhooks

  private queueWebhook(
    id: string,
    type: WebhookType,
    session: SessionRow,
    attempt: AttemptRow | undefined,
  ): void {
    this.outbox.enqueue(id, type, {
      session_id: session.id,
      reference: session.reference,
      status: session.status,
      amount: session.amount,
      currency: session.currency,
      metadata: parseJson(session.metadata),
      attempt: attempt ? merchantAttempt(attempt) : null,
    });
  }

  private queueAnomaly(session: SessionRow, attempt: AttemptRow, message: string): void {
    this.log('anomaly', attempt.id, { message });
    const id = `evt_${attempt.id}_anomaly`;
    this.queueWebhook(id, 'checkout.anomaly', session, attempt);
  }

  /** Re-sends one webhook now (merchant's manual retry); answers false for an unknown id. */
  async resendWebhook(eventId: string): Promise<boolean> {
    if (!this.tables.exists) return false;
    return this.outbox.resend(eventId);
  }

  // ---------------------------------------------------------------- live stream

  /** WebSocket upgrades for the live stream (hibernation API). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return Response.json(errorBody('VALIDATION_FAILED', 'Expected a WebSocket upgrade.'), {
        status: 426,
      });
    }
    this.expireIfDue();
    const view = this.currentView();
    if (!view)
      return Response.json(errorBody('SESSION_NOT_FOUND', 'No such checkout session.'), {
        status: 404,
      });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].send(JSON.stringify({ type: 'view', seq: view.seq, view } satisfies StreamMessage));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      /* already closed */
    }
  }

  // ---------------------------------------------------------------- helpers

  private log(type: string, attemptId: string | null, data: Record<string, unknown> | null): void {
    this.sql.exec(
      'INSERT INTO events (at, type, attempt_id, data) VALUES (?, ?, ?, ?)',
      Date.now(),
      type,
      attemptId,
      data ? JSON.stringify(data) : null,
    );
  }

  /** Raises `seq` and pushes the new view to every connected stream. */
  private bump(): void {
    this.sql.exec('UPDATE session SET seq = seq + 1');
    const view = this.currentView();
    if (!view) return;
    const message = JSON.stringify({ type: 'view', seq: view.seq, view } satisfies StreamMessage);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        /* a closing socket */
      }
    }
  }

  private currentView(): CheckoutView | null {
    const session = this.session();
    return session ? publicView(session, this.latestAttempt(), this.config.catalogue) : null;
  }

  private merchantSession(): MerchantSession | null {
    const session = this.session();
    if (!session) return null;
    return {
      id: session.id,
      status: session.status,
      amount: session.amount,
      currency: session.currency,
      reference: session.reference,
      country_id: session.country_id,
      methods: parseJson(session.methods),
      customer: parseJson(session.customer),
      return_url: session.return_url,
      metadata: parseJson(session.metadata),
      created_at: new Date(session.created_at).toISOString(),
      expires_at: new Date(session.expires_at).toISOString(),
      checkout_url: `${this.config.publicBaseUrl}/v1/checkout/${session.id}`,
      attempts: rows<AttemptRow>(this.sql, 'SELECT * FROM attempts ORDER BY n').map(
        merchantAttempt,
      ),
      history: rows<{
        seq: number;
        at: number;
        type: string;
        attempt_id: string | null;
        data: string | null;
      }>(this.sql, 'SELECT * FROM events ORDER BY seq').map((e) => ({
        seq: e.seq,
        at: new Date(e.at).toISOString(),
        type: e.type,
        attempt_id: e.attempt_id,
        data: parseJson(e.data),
      })),
      callbacks: rows<{
        digest: string;
        attempt_id: string | null;
        received_at: number;
        status: string | null;
        status_code: string | null;
        payment_step: number | null;
        applied: string | null;
      }>(
        this.sql,
        'SELECT digest, attempt_id, received_at, status, status_code, payment_step, applied FROM callbacks ORDER BY received_at',
      ).map((c) => ({ ...c, received_at: new Date(c.received_at).toISOString() })),
      webhooks: this.outbox.list(),
      seq: session.seq,
    };
  }
}

/** The merchant's view of a session (GET /v1/sessions/:id). */
export interface MerchantSession {
  id: string;
  status: SessionRow['status'];
  amount: number;
  currency: string;
  reference: string;
  country_id: number | null;
  methods: string[] | null;
  customer: FlatJson | null;
  return_url: string | null;
  metadata: Record<string, string> | null;
  created_at: string;
  expires_at: string;
  checkout_url: string;
  attempts: MerchantAttempt[];
  history: {
    seq: number;
    at: string;
    type: string;
    attempt_id: string | null;
    data: FlatJson | null;
  }[];
  callbacks: {
    digest: string;
    attempt_id: string | null;
    received_at: string;
    status: string | null;
    status_code: string | null;
    payment_step: number | null;
    applied: string | null;
  }[];
  webhooks: WebhookRecord[];
  seq: number;
}

/** An attempt as the merchant sees it (phone masked, no payment_token). */
export type MerchantAttempt = ReturnType<typeof attemptView> & {
  third_party_reference_1: string;
  upstream_reference: string | null;
  create_state: string;
  upstream_message: string | null;
  mobile: string | null;
  updated_at: string;
};

function merchantAttempt(row: AttemptRow): MerchantAttempt {
  return {
    ...attemptView(row),
    third_party_reference_1: row.id,
    upstream_reference: row.upstream_ref,
    create_state: row.create_state,
    upstream_message: row.upstream_message,
    mobile: row.mobile_masked,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function isSuccess(event: AttemptEvent): boolean {
  return event === 'callback_success' || event === 'status_success';
}

function defaultFailure(status: string): string {
  switch (status) {
    case 'timed_out':
      return 'The payer did not respond in time.';
    case 'expired':
      return 'The payment was not completed in time.';
    default:
      return 'The payment failed.';
  }
}

function expiryOf(kind: string, createdAt: number): number | null {
  if (kind === 'otp_operator') return createdAt + OTP_TTL_MINUTES * MINUTE;
  if (kind === 'virtual_account') return createdAt + VIRTUAL_ACCOUNT_TTL_MINUTES * MINUTE;
  return null;
}

function attemptNextOf(row: AttemptRow): NextAction | null {
  return parseJson<NextAction>(row.next);
}

function nextAction(
  kind: string,
  data: Record<string, unknown>,
  session: SessionRow,
  row: AttemptRow,
): NextAction {
  switch (kind) {
    case 'phone_prompt':
    case 'operator_prompt':
      return { type: 'approve_on_phone', mobile_masked: row.mobile_masked ?? '' };
    case 'otp_operator':
      return {
        type: 'enter_otp',
        expires_at: new Date(expiryOf(kind, row.created_at)!).toISOString(),
        tries_left: MAX_OTP_TRIES - row.otp_tries,
      };
    case 'virtual_account': {
      const account = stringOrNull(data.account_number);
      if (!account) return { type: 'wait' };
      return {
        type: 'bank_transfer',
        account_number: account,
        bank_name: stringOrNull(data.bank_name) ?? '',
        amount: session.amount,
        currency: session.currency,
        expires_at: new Date(expiryOf(kind, row.created_at)!).toISOString(),
      };
    }
    default: {
      const url = stringOrNull(data.authorization_url);
      return url ? { type: 'redirect', url } : { type: 'wait' };
    }
  }
}

/**
 * The Session Durable Object: one per checkout session (docs/design.md, "State"). It holds the
 * session, its attempts, an event log with a rising `seq`, the callbacks received, a tasks
 * table that feeds one alarm, and the merchant-webhook outbox.
 *
 * Money rules (docs/design.md, "Money rules"): an attempt's money status changes only through
 * {@link CheckoutSession.transition}, on the upstream's answer matched against our records; our
 * deadlines (OTP, prompt, redirect, virtual account, session) only close the payer's *input*.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { REDIRECT_KINDS, type MethodKind } from '../shared/catalogue';
import { errorBody } from '../shared/errors';
import { maskPhone } from '../shared/phone';
import type { AttemptBody, SessionCreateBody } from '../shared/schemas';
import { validateCollectionParams } from '../shared/schemas';
import {
  holdsSession,
  isUnsettledAttempt,
  nextAttemptStatus,
  nextInput,
  nextSessionStatus,
  type AttemptAnomaly,
  type AttemptEvent,
  type ExpectedMoney,
  type InputEvent,
  type MoneyDifference,
  type ReportedMoney,
  type SessionAnomaly,
  type SessionEvent,
} from '../shared/status';
import type { CheckoutView, LapseReason, NextAction, StreamMessage } from '../shared/view';
import { loadConfig, type Config } from './config';
import type { ProxyEnv } from './env';
import { callUpstream } from './upstream';
import { collectionParams, sessionSubMerchant } from './session/collection-params';
import { MAX_ATTEMPTS, attemptView, publicView } from './session/public-view';
import { judgeCallback, judgeStatusRecord, type JudgedReport } from './session/reports';
import {
  UPSTREAM_AUTH_MESSAGE,
  noteUpstreamAuthRefusal,
  redirectUrlProblem,
} from './session/upstream-faults';
import { logLine } from './middleware/request-log';
import { ObjectTables } from './durable/object-tables';
import { stageSessionRows } from './index-store/session-index';
import {
  NOT_CREATED_LIMIT,
  firstQueryDelay,
  pastHorizon,
  queryOverdue,
  scheduleNextQuery,
} from './durable/reconcile-backoff';
import { fail, type Outcome } from './durable/outcome';
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

export type { Outcome } from './durable/outcome';

/** Timed work of a session. */
type TaskKind = 'reconcile' | 'input_deadline' | 'session_expiry' | 'webhook' | 'index';

/** Input of {@link CheckoutSession.init}. */
export interface SessionInit extends SessionCreateBody {
  id: string;
}

/** A callback, verified and parsed by the hook route. */
export interface CollectionCallback {
  digest: string;
  params: Record<string, unknown> & {
    payment_step?: number;
    status?: string;
    statusCode?: string;
    amount?: number;
    reference?: string;
    depositId?: string;
    third_party_reference_1?: string;
  };
  body: string;
}

/** What an anomaly webhook reports besides the session and the attempt. */
interface AnomalyDetail {
  kind: AttemptAnomaly | SessionAnomaly;
  message: string;
  expected?: { amount: number; currency: string; upstream_reference: string | null };
  reported?: ReportedMoney | null;
  differences?: MoneyDifference[];
}

/** Wrong OTPs an attempt accepts before its input closes. */
export const MAX_OTP_TRIES = 3;

/** Live streams one session keeps open: a new one beyond it closes the oldest (issue #14). */
export const MAX_STREAMS = 20;
/** Close codes of the live stream: the oldest of too many streams, and a finished session's
 * last view sent (the widget stops on a final view; nothing more will change). */
export const STREAM_CLOSE = {
  tooMany: { code: 4008, reason: 'too many streams' },
  final: { code: 1000, reason: 'final' },
} as const;

const LAPSE_BY_KIND: Readonly<Record<MethodKind, LapseReason>> = {
  phone_prompt: 'prompt_unanswered',
  operator_prompt: 'prompt_unanswered',
  otp_operator: 'otp_expired',
  redirect_wallet: 'redirect_unanswered',
  bank_eft: 'redirect_unanswered',
  bank_id: 'redirect_unanswered',
  virtual_account: 'account_expired',
};

/** One checkout session's state, transitions, timers and live stream. */
export class CheckoutSession extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;
  /** Created by `init` only (see ObjectTables). */
  private readonly tables: ObjectTables<TaskKind>;
  /** The attempt whose OTP is being checked upstream right now: one code at a time, so that
   * parallel guesses cannot all pass the lock check before the first answer is counted. */
  private otpChecking: string | null = null;
  /** Attempts whose create call is on its way in this instance: a status query's "not found"
   * means nothing yet, and callbacks wait for the create's reference (after an eviction the set
   * is empty: "not found" counts again and callbacks apply at once). */
  private readonly creating = new Set<string>();

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.tables = new ObjectTables<TaskKind>(ctx.storage, SCHEMA, 'session');
    // Keep-alive pings are answered without waking the object (issue #14).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
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
         return_url, metadata, created_at, expires_at, fingerprint, sub_merchant_id)
       VALUES (?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
      // The fingerprint holds the sub_merchant_id the merchant sent; the default is resolved
      // here, once: a replay after SERVICE_SUB_MERCHANT_ID changed answers this session as is.
      sessionSubMerchant(input.sub_merchant_id, this.config),
    );
    this.log('session_created', null, { amount: input.amount, currency: input.currency });
    this.tasks.schedule('session_expiry', 'session_expiry', expiresAt, null);
    this.indexRows();
    return { ok: true, value: { created: true, session: this.merchantSession()! } };
  }

  /** The session with every attempt, its references, history, callbacks and webhooks. */
  async merchant(): Promise<Outcome<MerchantSession>> {
    this.catchUp();
    const session = this.merchantSession();
    return session
      ? { ok: true, value: session }
      : fail('SESSION_NOT_FOUND', 'No such checkout session.');
  }

  // ---------------------------------------------------------------- payer side

  /** The public view, or SESSION_NOT_FOUND. */
  async view(): Promise<Outcome<CheckoutView>> {
    this.catchUp();
    const view = this.currentView();
    return view
      ? { ok: true, value: view }
      : fail('SESSION_NOT_FOUND', 'No such checkout session.');
  }

  /**
   * What the hosted page (`GET /pay/:id`) shows: the public view (the widget's first view), the
   * merchant's reference and the order description (`metadata.description`), or
   * SESSION_NOT_FOUND. One call, so the page costs one trip to the object.
   */
  async hosted(): Promise<Outcome<HostedSession>> {
    this.catchUp();
    const session = this.session();
    const view = this.currentView();
    if (!session || !view) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
    const description = parseJson<Record<string, string>>(session.metadata)?.description;
    return {
      ok: true,
      value: { view, reference: session.reference, description: description ?? null },
    };
  }

  /**
   * Starts an attempt: checks the session's rules, writes the attempt as pending (with its
   * status query and input deadline scheduled), then calls the upstream. A callback that lands
   * while the create call is in flight waits for the create's reference; a create whose fate is
   * unknown (timeout, 5xx) is never re-sent: the status query decides.
   */
  async startAttempt(body: AttemptBody): Promise<Outcome<CheckoutView>> {
    this.catchUp();
    const session = this.session();
    if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
    const latest = this.latestAttempt();
    if (session.status === 'succeeded')
      return fail('SESSION_CLOSED', 'This checkout is already paid.');
    if (session.status === 'failed') return fail('SESSION_CLOSED', 'This checkout is closed.');
    if (session.status === 'expired') return fail('SESSION_EXPIRED', 'This checkout has expired.');
    if (session.status === 'pending') {
      return fail('ATTEMPT_IN_PROGRESS', 'A payment is already in progress; wait for its outcome.');
    }
    if (latest && (latest.status === 'mismatch' || latest.status === 'needs_review')) {
      return fail(
        'SESSION_CLOSED',
        'A payment of this checkout needs the shop to look at it; contact the shop before paying again.',
      );
    }
    if (session.attempt_count >= MAX_ATTEMPTS) {
      return fail('SESSION_CLOSED', `This checkout allows at most ${MAX_ATTEMPTS} attempts.`);
    }
    const config = this.config;
    const view = publicView(session, latest, config.catalogue);
    const country = view.countries.find((c) => c.id === body.country_id);
    if (!country) {
      return fail(
        'COUNTRY_NOT_AVAILABLE',
        `Country ${body.country_id} is not offered for this checkout.`,
      );
    }
    const slot = config.catalogue.method(body.country_id, body.method);
    if (!slot || !country.methods.some((m) => m.value === slot.value)) {
      return fail(
        'METHOD_NOT_AVAILABLE',
        `The method "${body.method}" is not offered in ${country.name}.`,
      );
    }
    const n = session.attempt_count + 1;
    const attemptId = `${session.id}.${n}`;
    const params = collectionParams(session, slot, body, attemptId, config.publicBaseUrl);
    const checked = validateCollectionParams(params, config.catalogue);
    if (!checked.ok) {
      return fail('VALIDATION_FAILED', 'Some details are missing or invalid.', {
        issues: checked.issues,
      });
    }
    const now = Date.now();
    const inputEnds = now + config.inputWindowsMs[slot.kind];
    this.sql.exec(
      `INSERT INTO attempts (id, n, country_id, method, kind, status, mobile_masked, next, create_state,
         expires_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, 'sending', ?, ?, ?)`,
      attemptId,
      n,
      body.country_id,
      body.method,
      slot.kind,
      body.mobile ? maskPhone(body.mobile) : null,
      JSON.stringify({ type: 'wait' } satisfies NextAction),
      inputEnds,
      now,
      now,
    );
    this.sql.exec('UPDATE session SET attempt_count = ?', n);
    this.sessionEvent('attempt_started');
    this.log('attempt_started', attemptId, { method: body.method, country_id: body.country_id });
    // Scheduled before calling out, so an eviction mid-call still leads to a status query and
    // to the end of the input window.
    this.tasks.schedule(
      `reconcile:${attemptId}`,
      'reconcile',
      now + firstQueryDelay(this.config),
      attemptId,
    );
    this.tasks.schedule(`input:${attemptId}`, 'input_deadline', inputEnds, attemptId);
    this.bump();

    this.creating.add(attemptId);
    const result = await callUpstream(this.env, config, '/api/v4/service-unified-collections', {
      params,
    }).finally(() => this.creating.delete(attemptId));
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const ref = stringOrNull(data.depositId) ?? stringOrNull(data.MerchantRequestID);
      const row = this.attempt(attemptId)!;
      let next = nextAction(slot.kind, data, session, row);
      let message = stringOrNull(result.body.message);
      const url = stringOrNull(data.authorization_url);
      const urlProblem = next.type === 'redirect' && url ? redirectUrlProblem(url, config) : null;
      if (urlProblem) {
        // An upstream fault (issue #14): the payer is never sent there. The collection exists,
        // so the attempt stays pending and its status queries decide (money rules).
        next = { type: 'wait' };
        message = `authorization_url refused: ${urlProblem}`;
        this.log('upstream_fault', attemptId, { field: 'authorization_url', problem: urlProblem });
        logLine('error', 'upstream_fault', { field: 'authorization_url', problem: urlProblem });
      }
      this.sql.exec(
        `UPDATE attempts SET create_state = 'accepted', create_ref = ?,
           upstream_ref = COALESCE(?, upstream_ref), payment_token = ?, upstream_message = ?,
           next = ?, updated_at = ?
         WHERE id = ?`,
        ref,
        ref,
        stringOrNull(data.payment_token),
        message,
        JSON.stringify(next),
        Date.now(),
        attemptId,
      );
      this.log('create_accepted', attemptId, { upstream_ref: ref });
      this.applyDeferredCallbacks(attemptId);
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
      const subMerchant = params.sub_merchant_id;
      if (typeof subMerchant === 'string' && SUB_MERCHANT_UNKNOWN.test(result.message.trim())) {
        // The shop's configuration was refused, not the payer: nothing was charged (settled
        // `failed`, without checkout.failed, see transition), the session stays open for a
        // retry once the platform fixes it, and the platform learns which id was refused.
        this.transition(attemptId, 'confirmed_failed', {
          failure: { code: 'MERCHANT_UNAVAILABLE', message: MERCHANT_UNAVAILABLE_MESSAGE },
        });
        this.log('integration_error', attemptId, {
          kind: 'sub_merchant_unknown',
          sub_merchant_id: subMerchant,
        });
        this.queueWebhook(
          `evt_${attemptId}_integration_error`,
          'integration.error',
          this.attempt(attemptId),
          {
            kind: 'sub_merchant_unknown',
            attempt_id: attemptId,
            sub_merchant_id: subMerchant,
            upstream_message: result.message,
          },
        );
        return fail('MERCHANT_UNAVAILABLE', MERCHANT_UNAVAILABLE_MESSAGE, {
          view: this.currentView(),
        });
      }
      if (result.status === 403) {
        // Our credentials were refused (secret, client id, sender, IP whitelist): our fault,
        // not the payer's. Settled like MERCHANT_UNAVAILABLE above: nothing was charged, no
        // checkout.failed; one loud line and GET /health shows it (issue #14).
        this.transition(attemptId, 'confirmed_failed', {
          failure: { code: 'UPSTREAM_AUTH', message: UPSTREAM_AUTH_MESSAGE },
        });
        this.log('integration_error', attemptId, { kind: 'upstream_auth', status: 403 });
        logLine('error', 'upstream_auth_refused', {
          route: '/api/v4/service-unified-collections',
          status: 403,
        });
        this.queueWebhook(
          `evt_${attemptId}_integration_error`,
          'integration.error',
          this.attempt(attemptId),
          { kind: 'upstream_auth', attempt_id: attemptId, upstream_message: result.message },
        );
        await noteUpstreamAuthRefusal(this.env).catch(() => undefined);
        return fail('UPSTREAM_AUTH', UPSTREAM_AUTH_MESSAGE, { view: this.currentView() });
      }
      // The upstream's wording stays in the merchant's records (upstream_message), never the
      // payer's answer or view.
      this.transition(attemptId, 'confirmed_failed', {
        failure: { code: null, message: 'The payment service refused this payment.' },
      });
      return fail('UPSTREAM_REJECTED', 'The payment service refused this payment.', {
        view: this.currentView(),
      });
    }
    // Timeout or unavailable: the upstream may or may not have created the collection.
    const reason = result.kind === 'timeout' ? 'timeout' : result.reason;
    this.sql.exec(
      "UPDATE attempts SET create_state = 'unknown', upstream_message = ?, updated_at = ? WHERE id = ?",
      reason,
      Date.now(),
      attemptId,
    );
    this.log('create_unknown', attemptId, { reason });
    this.applyDeferredCallbacks(attemptId);
    this.bump();
    return { ok: true, value: this.currentView()! };
  }

  /**
   * Submits the payer's OTP for the latest OTP attempt (the payment_token never leaves here).
   * Once a code is accepted, further codes are refused here and never forwarded; a refused
   * code never fails the attempt (only the upstream's status does): after {@link MAX_OTP_TRIES}
   * the attempt's input closes, and it is still reconciled.
   */
  async submitOtp(otp: string): Promise<Outcome<CheckoutView>> {
    this.catchUp();
    const session = this.session();
    if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
    if (session.status === 'succeeded')
      return fail('SESSION_CLOSED', 'This checkout is already paid.');
    const row = this.latestAttempt();
    if (!row || row.kind !== 'otp_operator' || row.status !== 'pending' || !row.payment_token) {
      return fail('NO_ATTEMPT_WAITING', 'No payment is waiting for a one-time code.');
    }
    if (row.input === 'given') {
      return fail(
        'NO_ATTEMPT_WAITING',
        'The code was already accepted; the payment is being confirmed. Do not pay again.',
        { view: this.currentView() },
      );
    }
    if (row.input === 'lapsed') {
      return row.lapse_reason === 'otp_locked'
        ? fail('OTP_LOCKED', 'Too many wrong codes; start a new payment.', {
            view: this.currentView(),
          })
        : fail('OTP_EXPIRED', 'The code has expired; start a new payment.', {
            view: this.currentView(),
          });
    }
    if (this.otpChecking === row.id) {
      return fail('ATTEMPT_IN_PROGRESS', 'A code is already being checked; wait for its answer.');
    }
    this.otpChecking = row.id;
    const result = await callUpstream(
      this.env,
      this.config,
      '/api/v4/service-unified-process-transaction',
      { params: { otp, payment_token: row.payment_token } },
    ).finally(() => {
      this.otpChecking = null;
    });
    if (result.kind === 'ok') {
      this.log('otp_accepted', row.id, null);
      this.setInput(row.id, 'input_given');
      // The payer acted: ask soon rather than at the end of the backoff.
      const fresh = this.attempt(row.id)!;
      if (fresh.status === 'pending') {
        this.tasks.schedule(
          `reconcile:${row.id}`,
          'reconcile',
          Date.now() + firstQueryDelay(this.config),
          row.id,
        );
      }
      return { ok: true, value: this.currentView()! };
    }
    if (result.kind === 'rejected') {
      const tries = row.otp_tries + 1;
      const left = Math.max(0, MAX_OTP_TRIES - tries);
      const next = parseJson<NextAction>(row.next);
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
        this.setInput(row.id, 'input_lapsed', 'otp_locked');
        return fail('OTP_LOCKED', 'Too many wrong codes; start a new payment.', {
          view: this.currentView(),
        });
      }
      this.bump();
      // The upstream's wording stays in the merchant's records (upstream_message), not the payer's.
      return fail('OTP_INVALID', 'That code was not accepted.', { tries_left: left });
    }
    return fail(
      result.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
      'The payment service did not answer; try the code again in a moment.',
    );
  }

  /**
   * The payer came back from a redirect method's page (successful_url or failure_url). It
   * settles no money: `success` means the payer acted (the session waits for the upstream),
   * `failure` that they cancelled (a new attempt may start; this one is still reconciled).
   */
  async payerReturned(outcome: 'success' | 'failure'): Promise<void> {
    const row = this.tables.exists ? this.latestAttempt() : undefined;
    if (!row || !REDIRECT_KINDS.includes(row.kind) || row.status !== 'pending') return;
    this.log('payer_returned', row.id, { outcome });
    if (outcome === 'success') this.setInput(row.id, 'input_given');
    else this.setInput(row.id, 'input_lapsed', 'redirect_cancelled');
  }

  // ---------------------------------------------------------------- upstream side

  /**
   * Applies a verified collection callback. Stored first (duplicates change nothing), then
   * judged: a non-terminal report (payment_step 1, `000006`, any other status) is stored and
   * changes nothing; a success counts only when it matches our records.
   */
  async applyCallback(
    callback: CollectionCallback,
  ): Promise<{ known: boolean; duplicate: boolean }> {
    if (!this.session()) return { known: false, duplicate: false };
    const { params } = callback;
    const attemptId = stringOrNull(params.third_party_reference_1);
    const inserted = this.sql.exec(
      `INSERT INTO callbacks (digest, attempt_id, received_at, status, status_code, payment_step, body)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING`,
      callback.digest,
      attemptId,
      Date.now(),
      stringOrNull(params.status),
      stringOrNull(params.statusCode),
      typeof params.payment_step === 'number' ? params.payment_step : null,
      callback.body,
    ).rowsWritten;
    if (inserted === 0) return { known: true, duplicate: true };
    const row = attemptId ? this.attempt(attemptId) : undefined;
    if (!row) {
      this.log('callback_unmatched', attemptId, { reference: stringOrNull(params.reference) });
      return { known: true, duplicate: false };
    }
    const judged = judgeCallback(params, this.expected(row));
    if (judged.event === 'still_unknown') {
      this.markCallback(callback.digest, 'ignored');
      this.log('callback_ignored', row.id, {
        payment_step: typeof params.payment_step === 'number' ? params.payment_step : null,
        status: stringOrNull(params.status),
        statusCode: stringOrNull(params.statusCode),
      });
      return { known: true, duplicate: false };
    }
    if (row.create_state === 'sending' && this.creating.has(row.id)) {
      // The create's answer carries the reference a success must match: judge it then.
      this.markCallback(callback.digest, 'deferred');
      this.log('callback_deferred', row.id, null);
      return { known: true, duplicate: false };
    }
    if (judged.outcome === 'success' && this.expected(row).upstreamRef === null) {
      // The create's answer was lost: learn the upstream's reference from a status query
      // before believing a success (it is judged again then).
      this.markCallback(callback.digest, 'deferred');
      this.log('callback_deferred', row.id, { until: 'status_query' });
      this.tasks.schedule(`reconcile:${row.id}`, 'reconcile', Date.now(), row.id);
      return { known: true, duplicate: false };
    }
    this.applyJudged(row.id, judged, callback.digest);
    return { known: true, duplicate: false };
  }

  private markCallback(digest: string, applied: string): void {
    this.sql.exec('UPDATE callbacks SET applied = ? WHERE digest = ?', applied, digest);
  }

  /** Judges again the callbacks that waited for the create's answer or for a status query. A
   * success still without a reference to match waits on (an upstream with no record of the
   * collection cannot have taken money for it; the not-found count decides). */
  private applyDeferredCallbacks(attemptId: string): void {
    const deferred = rows<{ digest: string; body: string }>(
      this.sql,
      "SELECT digest, body FROM callbacks WHERE attempt_id = ? AND applied = 'deferred' ORDER BY received_at",
      attemptId,
    );
    for (const callback of deferred) {
      const expected = this.expected(this.attempt(attemptId)!);
      const judged = judgeCallback(JSON.parse(callback.body) as Record<string, unknown>, expected);
      if (judged.outcome === 'success' && expected.upstreamRef === null) continue;
      this.applyJudged(attemptId, judged, callback.digest);
    }
  }

  /** True when a needs_review attempt holds a success that waits for the upstream's reference. */
  private waitsForReference(row: AttemptRow): boolean {
    if (row.status !== 'needs_review') return false;
    return (
      first<{ n: number }>(
        this.sql,
        "SELECT COUNT(*) AS n FROM callbacks WHERE attempt_id = ? AND applied = 'deferred'",
        row.id,
      )!.n > 0
    );
  }

  /** What a success of this attempt must carry. */
  private expected(row: AttemptRow): ExpectedMoney {
    const session = this.session()!;
    return {
      amount: session.amount,
      currency: session.currency,
      upstreamRef: row.create_ref ?? row.upstream_ref,
    };
  }

  private applyJudged(attemptId: string, judged: JudgedReport, digest: string | null): void {
    if (digest !== null) this.markCallback(digest, judged.event);
    if (judged.reported.upstreamRef && judged.differences.length === 0) {
      this.sql.exec(
        'UPDATE attempts SET upstream_ref = COALESCE(upstream_ref, ?) WHERE id = ?',
        judged.reported.upstreamRef,
        attemptId,
      );
    }
    this.transition(attemptId, judged.event, {
      failure: judged.failure,
      reported: judged.outcome === 'success' ? judged.reported : null,
      differences: judged.differences,
    });
  }

  // ---------------------------------------------------------------- transitions

  /**
   * The one function that changes an attempt's money status: applies the event through the
   * attempt machine, records the anomaly it reports, then the session's consequence, and pushes
   * the new view. Settled states absorb; contradictions become `checkout.anomaly`.
   */
  private transition(
    attemptId: string,
    event: AttemptEvent,
    detail: {
      failure?: { code: string | null; message: string | null } | null;
      reported?: ReportedMoney | null;
      differences?: MoneyDifference[];
    },
  ): void {
    const row = this.attempt(attemptId);
    const session = this.session();
    if (!row || !session) return;
    const step = nextAttemptStatus(row.status, event);
    const anomaly = (kind: AttemptAnomaly, target: AttemptRow, message: string) =>
      this.queueAnomaly(target, {
        kind,
        message,
        expected: {
          amount: session.amount,
          currency: session.currency,
          upstream_reference: target.create_ref ?? target.upstream_ref,
        },
        reported: detail.reported ?? null,
        differences: detail.differences ?? [],
      });
    if (!step.changed) {
      this.log('event_absorbed', attemptId, { event, status: row.status });
      if (step.anomaly) anomaly(step.anomaly, row, anomalyMessage(step.anomaly, row.status));
      this.bump();
      return;
    }
    const failure =
      step.status === 'succeeded'
        ? null
        : step.status === 'mismatch'
          ? { code: 'MISMATCH', message: mismatchMessage(detail.differences ?? []) }
          : step.status === 'needs_review'
            ? {
                code: 'NEEDS_REVIEW',
                message:
                  'The payment service has not confirmed this payment; the shop must check it.',
              }
            : {
                code: detail.failure?.code ?? null,
                message: detail.failure?.message ?? 'The payment failed.',
              };
    this.sql.exec(
      `UPDATE attempts SET status = ?, failure_code = ?, failure_message = ?,
         reported = COALESCE(?, reported), updated_at = ? WHERE id = ?`,
      step.status,
      failure?.code ?? null,
      failure?.message ?? null,
      detail.reported
        ? JSON.stringify({ ...detail.reported, differences: detail.differences ?? [] })
        : null,
      Date.now(),
      attemptId,
    );
    this.log('attempt_' + step.status, attemptId, {
      event,
      amount: detail.reported?.amount ?? null,
    });
    this.tasks.cancel(`reconcile:${attemptId}`);
    this.tasks.cancel(`input:${attemptId}`);
    const updated = this.attempt(attemptId)!;
    if (step.anomaly) anomaly(step.anomaly, updated, failure?.message ?? 'Anomaly.');
    if (step.status === 'succeeded') {
      const result = this.sessionEvent('attempt_succeeded');
      if (result.anomaly) {
        this.queueAnomaly(updated, {
          kind: result.anomaly,
          message: 'A second payment succeeded for a checkout that was already paid: refund one.',
          reported: detail.reported ?? null,
        });
      } else {
        this.queueWebhook(`evt_${session.id}_succeeded`, 'checkout.succeeded', updated);
        this.tasks.cancel('session_expiry');
      }
    } else if (
      step.status === 'failed' &&
      this.session()!.status !== 'succeeded' &&
      // A refusal of the shop's configuration is no payer's failure: integration.error says it.
      failure?.code !== 'MERCHANT_UNAVAILABLE' &&
      failure?.code !== 'UPSTREAM_AUTH'
    ) {
      this.queueWebhook(`evt_${attemptId}_failed`, 'checkout.failed', updated);
    }
    this.settleSession();
    this.bump();
  }

  /** Moves an attempt's input flag (never its money status), then the session's consequence. */
  private setInput(attemptId: string, event: InputEvent, reason?: LapseReason): void {
    const row = this.attempt(attemptId);
    if (!row) return;
    const input = nextInput(row.input, event);
    if (input === row.input) return;
    this.sql.exec(
      'UPDATE attempts SET input = ?, lapse_reason = ?, updated_at = ? WHERE id = ?',
      input,
      input === 'lapsed' ? (reason ?? LAPSE_BY_KIND[row.kind]) : null,
      Date.now(),
      attemptId,
    );
    this.log(`input_${input}`, attemptId, input === 'lapsed' ? { reason: reason ?? null } : null);
    this.tasks.cancel(`input:${attemptId}`);
    this.settleSession();
    this.bump();
  }

  /** Applies a session event through the machine; answers its result. */
  private sessionEvent(event: SessionEvent) {
    const session = this.session()!;
    const result = nextSessionStatus(session.status, event);
    if (result.changed) {
      this.sql.exec('UPDATE session SET status = ?', result.status);
      this.log('session_' + result.status, null, null);
    }
    return result;
  }

  /**
   * Brings the session in line with its attempts and its deadline: released when no attempt
   * holds it, expired when open past its time, closed when every attempt failed and none is
   * left. A session with an attempt the payer acted on stays pending past its deadline.
   */
  private settleSession(now = Date.now()): void {
    const session = this.session();
    if (!session) return;
    const latest = this.latestAttempt();
    if (session.status === 'pending' && !(latest && holdsSession(latest.status, latest.input))) {
      this.sessionEvent('attempt_released');
    }
    if (this.session()!.status !== 'open') return;
    if (now >= session.expires_at) {
      if (this.sessionEvent('expire').changed) {
        this.tasks.cancel('session_expiry');
        this.queueWebhook(`evt_${session.id}_expired`, 'checkout.expired', latest);
      }
      return;
    }
    if (session.attempt_count >= MAX_ATTEMPTS) {
      const attempts = rows<{ status: string }>(this.sql, 'SELECT status FROM attempts');
      if (attempts.every((a) => a.status === 'failed')) this.sessionEvent('close');
    }
  }

  /**
   * Closes the input of attempts whose window has passed and expires the session when due
   * (the alarm does the same; this keeps reads honest).
   */
  private catchUp(): void {
    if (!this.tables.exists) return;
    const now = Date.now();
    const due = rows<{ id: string }>(
      this.sql,
      "SELECT id FROM attempts WHERE status = 'pending' AND input = 'awaiting' AND expires_at <= ?",
      now,
    );
    for (const { id } of due) {
      if (this.otpChecking !== id) this.setInput(id, 'input_lapsed');
    }
    const before = this.session()?.status;
    this.settleSession(now);
    if (this.session()?.status !== before) this.bump();
  }

  // ---------------------------------------------------------------- timers

  /** Runs every due task, then re-arms the alarm for the earliest remaining one. */
  override async alarm(): Promise<void> {
    await this.tasks.drain((task) => this.runTask(task));
    // A status query that rescheduled itself moved the attempt's next check.
    this.indexRows();
  }

  private async runTask(task: Task<TaskKind>): Promise<void> {
    switch (task.kind) {
      case 'session_expiry':
        this.tasks.cancel(task.key);
        this.catchUp();
        return;
      case 'input_deadline':
        return this.inputDeadline(task);
      case 'reconcile':
        return this.reconcile(task);
      case 'webhook':
        return this.outbox.deliver(
          task.ref!,
          this.config.merchantWebhookUrl,
          this.env.MERCHANT_WEBHOOK_SECRET,
        );
      case 'index':
        return this.tables.open().index.flush(this.env.INDEX);
    }
  }

  /** The end of an attempt's input window: closes its input (an OTP being checked gets a few
   * seconds more). Its status queries go on as scheduled. */
  private inputDeadline(task: Task<TaskKind>): Promise<void> {
    const row = task.ref ? this.attempt(task.ref) : undefined;
    this.tasks.cancel(task.key);
    if (!row || row.status !== 'pending' || row.input !== 'awaiting') return Promise.resolve();
    if (this.otpChecking === row.id) {
      this.tasks.schedule(task.key, 'input_deadline', Date.now() + 5_000, row.id);
      return Promise.resolve();
    }
    this.setInput(row.id, 'input_lapsed');
    return Promise.resolve();
  }

  /**
   * Asks the upstream for an attempt's status. A final answer applies as a callback would
   * (matched against our records); pending, `000006` or no answer waits with backoff until the
   * horizon, then the attempt becomes `needs_review`. "Not created" counts only while the
   * create's fate is unknown.
   */
  private async reconcile(task: Task<TaskKind>, manual = false): Promise<void> {
    const row = task.ref ? this.attempt(task.ref) : undefined;
    // Past the horizon we stop asking, except when a success waits for the reference a status
    // query tells, or the merchant asks (a later answer still settles a needs_review attempt).
    const asked = manual && row?.status === 'needs_review';
    if (!row || (row.status !== 'pending' && !asked && !this.waitsForReference(row))) {
      this.tasks.cancel(task.key);
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
    if (fresh.status !== row.status) {
      this.tasks.cancel(task.key);
      return;
    }
    if (result.kind === 'ok') {
      const data = (result.body.data ?? {}) as Record<string, unknown>;
      const judged = judgeStatusRecord(data, this.expected(fresh));
      this.log('status_query', row.id, {
        answer: judged.outcome,
        status_code: stringOrNull(data.status_code),
      });
      if (judged.event !== 'still_unknown') {
        this.tasks.cancel(task.key);
        this.applyJudged(row.id, judged, null);
        this.applyDeferredCallbacks(row.id);
        return;
      }
      // The record exists: remember its reference, so that a success naming another one is
      // a mismatch even when the create's answer was lost.
      this.sql.exec(
        'UPDATE attempts SET not_found_count = 0, upstream_ref = COALESCE(upstream_ref, ?) WHERE id = ?',
        judged.reported.upstreamRef ?? null,
        row.id,
      );
      this.applyDeferredCallbacks(row.id);
      if (this.attempt(row.id)!.status !== 'pending') {
        this.tasks.cancel(task.key);
        return;
      }
    } else if (
      result.kind === 'rejected' &&
      result.status === 400 &&
      fresh.create_state !== 'accepted' &&
      !this.creating.has(row.id)
    ) {
      const count = fresh.not_found_count + 1;
      this.sql.exec('UPDATE attempts SET not_found_count = ? WHERE id = ?', count, row.id);
      this.log('status_query', row.id, { answer: 'not_found', count });
      if (count >= NOT_CREATED_LIMIT) {
        this.tasks.cancel(task.key);
        this.transition(row.id, 'confirmed_failed', {
          failure: { code: null, message: 'The payment service has no record of this payment.' },
        });
        return;
      }
    } else {
      this.log('status_query', row.id, { answer: result.kind });
    }
    if (fresh.status !== 'pending') {
      this.tasks.cancel(task.key);
      return;
    }
    if (pastHorizon(this.config, fresh.created_at)) {
      this.tasks.cancel(task.key);
      this.transition(row.id, 'horizon_reached', {});
      return;
    }
    scheduleNextQuery(this.tasks, task, this.config, fresh.created_at);
  }

  // ---------------------------------------------------------------- merchant webhooks

  private queueWebhook(
    id: string,
    type: WebhookType,
    attempt: AttemptRow | undefined,
    extra: Record<string, unknown> = {},
  ): void {
    const session = this.session()!;
    const unsettled = rows<{ status: AttemptRow['status'] }>(
      this.sql,
      'SELECT status FROM attempts',
    ).filter((a) => isUnsettledAttempt(a.status)).length;
    this.outbox.enqueue(id, type, {
      session_id: session.id,
      reference: session.reference,
      status: session.status,
      amount: session.amount,
      currency: session.currency,
      metadata: parseJson(session.metadata),
      sub_merchant_id: session.sub_merchant_id ?? null,
      attempt: attempt ? merchantAttempt(attempt) : null,
      unsettled_attempts: unsettled,
      ...extra,
    });
  }

  private queueAnomaly(attempt: AttemptRow, detail: AnomalyDetail): void {
    this.log('anomaly', attempt.id, { kind: detail.kind, message: detail.message });
    this.queueWebhook(`evt_${attempt.id}_anomaly_${detail.kind}`, 'checkout.anomaly', attempt, {
      anomaly: detail,
    });
  }

  /**
   * Asks the upstream now about every unsettled attempt (the merchant's manual reconcile), even
   * past the horizon: a `needs_review` attempt is settled by a final answer, otherwise it stays.
   */
  async reconcileNow(): Promise<Outcome<MerchantSession>> {
    if (!this.session()) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
    const unsettled = rows<{ id: string }>(
      this.sql,
      "SELECT id FROM attempts WHERE status IN ('pending', 'needs_review') ORDER BY n",
    );
    for (const { id } of unsettled) {
      this.log('manual_reconcile', id, null);
      // A pending attempt keeps its place in the backoff; only the question is asked early.
      const key = `reconcile:${id}`;
      const task = this.tasks.get(key) ?? { key, kind: 'reconcile', due_at: 0, ref: id, tries: 0 };
      await this.reconcile({ ...task, due_at: Date.now() }, true);
    }
    return { ok: true, value: this.merchantSession()! };
  }

  /**
   * The reconciliation sweep (worker/index-store/sweep.ts): asks the upstream about every
   * pending attempt whose status query is missing or overdue (an alarm that did not run), then
   * re-sends the index rows D1 lacks or holds older, and re-arms the alarm.
   */
  async sweep(): Promise<{ reconciled: number; requeued: number }> {
    if (!this.session()) return { reconciled: 0, requeued: 0 };
    this.catchUp();
    const now = Date.now();
    let reconciled = 0;
    for (const { id } of rows<{ id: string }>(
      this.sql,
      "SELECT id FROM attempts WHERE status = 'pending' ORDER BY n",
    )) {
      const key = `reconcile:${id}`;
      const task = this.tasks.get(key);
      if (!queryOverdue(task, now)) continue;
      reconciled += 1;
      await this.reconcile(task ?? { key, kind: 'reconcile', due_at: now, ref: id, tries: 0 });
    }
    this.indexRows();
    const requeued = await this.tables.open().index.check(this.env.INDEX);
    await this.tasks.rearm();
    return { reconciled, requeued };
  }

  /** Sends every index row of this session again (`npm run reindex`); answers how many. */
  async reindex(): Promise<number> {
    if (!this.session()) return 0;
    this.indexRows();
    return this.tables.open().index.requeue();
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
    this.catchUp();
    const view = this.currentView();
    if (!view)
      return Response.json(errorBody('SESSION_NOT_FOUND', 'No such checkout session.'), {
        status: 404,
      });
    const pair = new WebSocketPair();
    const sockets = this.ctx.getWebSockets();
    // Accept order, kept across hibernation: the oldest stream is the first closed.
    pair[1].serializeAttachment({ n: Math.max(0, ...sockets.map(streamNumber)) + 1 });
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].send(JSON.stringify({ type: 'view', seq: view.seq, view } satisfies StreamMessage));
    const open = [...sockets, pair[1]].filter((ws) => ws.readyState === WebSocket.OPEN);
    open.sort((a, b) => streamNumber(a) - streamNumber(b));
    for (const ws of open.slice(0, Math.max(0, open.length - MAX_STREAMS))) {
      closeStream(ws, STREAM_CLOSE.tooMany);
    }
    if (this.finished()) closeStream(pair[1], STREAM_CLOSE.final);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** True when nothing more will change for the payer: the session succeeded, or it expired or
   * closed with no attempt the upstream may still settle. */
  private finished(): boolean {
    const status = this.session()?.status;
    if (status === 'succeeded') return true;
    if (status !== 'expired' && status !== 'failed') return false;
    return rows<{ status: AttemptRow['status'] }>(this.sql, 'SELECT status FROM attempts').every(
      (a) => !isUnsettledAttempt(a.status),
    );
  }

  override async webSocketMessage(): Promise<void> {
    /* 'ping' is answered by the auto-response; the stream takes nothing else */
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

  /** Stages the session's query-index rows (worker/index-store/session-index.ts). */
  private indexRows(): void {
    if (this.tables.exists) stageSessionRows(this.sql, this.tables.open().index, this.tasks);
  }

  /** Raises `seq`, stages the index rows and pushes the new view to every connected stream. */
  private bump(): void {
    this.sql.exec('UPDATE session SET seq = seq + 1');
    this.indexRows();
    const view = this.currentView();
    if (!view) return;
    const message = JSON.stringify({ type: 'view', seq: view.seq, view } satisfies StreamMessage);
    const finished = this.finished();
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        /* a closing socket */
      }
      if (finished) closeStream(ws, STREAM_CLOSE.final);
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
      sub_merchant_id: session.sub_merchant_id ?? null,
      created_at: new Date(session.created_at).toISOString(),
      expires_at: new Date(session.expires_at).toISOString(),
      checkout_url: `${this.config.publicBaseUrl}/pay/${session.id}`,
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

/** What the hosted page renders (see {@link CheckoutSession.hosted}). */
export interface HostedSession {
  view: CheckoutView;
  reference: string;
  /** `metadata.description`, the order's one-line description, if the merchant set one. */
  description: string | null;
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
  /** The sub-merchant every collection of the session names; null for none. */
  sub_merchant_id: string | null;
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
  lapse_reason: LapseReason | null;
  /** What the deciding upstream success reported, with the fields that did not match. */
  reported: (ReportedMoney & { differences: MoneyDifference[] }) | null;
  mobile: string | null;
  updated_at: string;
};

function merchantAttempt(row: AttemptRow): MerchantAttempt {
  return {
    ...attemptView(row),
    third_party_reference_1: row.id,
    upstream_reference: row.create_ref ?? row.upstream_ref,
    create_state: row.create_state,
    upstream_message: row.upstream_message,
    lapse_reason: row.lapse_reason,
    reported: parseJson(row.reported),
    mobile: row.mobile_masked,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The upstream's refusal of a collection naming a sub-merchant it does not know (spec,
 * "Errors": collections, "User not found!"; the sandbox answers it with 404). */
const SUB_MERCHANT_UNKNOWN = /^user not found!?$/i;

/** What the payer is told when the upstream refuses the shop's configuration. */
const MERCHANT_UNAVAILABLE_MESSAGE = 'This shop cannot take payments right now.';

/** A stream's accept number (its attachment). */
function streamNumber(ws: WebSocket): number {
  return (ws.deserializeAttachment() as { n?: number } | null)?.n ?? 0;
}

function closeStream(ws: WebSocket, close: { code: number; reason: string }): void {
  try {
    ws.close(close.code, close.reason);
  } catch {
    /* already closed */
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function mismatchMessage(differences: readonly MoneyDifference[]): string {
  const parts = differences.map((d) => `${d.field} ${d.reported} (expected ${d.expected})`);
  return `The payment does not match this checkout: ${parts.join(', ') || 'unknown difference'}.`;
}

function anomalyMessage(kind: AttemptAnomaly, status: string): string {
  switch (kind) {
    case 'success_after_failure':
      return `The payment service reported a success for an attempt it had reported ${status}.`;
    case 'failure_after_success':
      return `The payment service reported a failure for an attempt already ${status}.`;
    default:
      return `Anomaly: ${kind}.`;
  }
}

function nextAction(
  kind: MethodKind,
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
        expires_at: new Date(row.expires_at!).toISOString(),
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
        expires_at: new Date(row.expires_at!).toISOString(),
      };
    }
    default: {
      const url = stringOrNull(data.authorization_url);
      return url ? { type: 'redirect', url } : { type: 'wait' };
    }
  }
}

/**
 * The Session Durable Object: one per checkout session (docs/design.md, "Durable Objects"). It
 * holds the session, its attempts, an event log with a rising `seq`, the callbacks received, a
 * tasks table that feeds one alarm, and the merchant-webhook outbox. This class is its typed RPC
 * surface; the work is in the modules beside it:
 *
 * - attempts.ts, otp.ts, callbacks.ts, reconcile.ts, merchant-expire.ts: what the payer, the
 *   upstream, the timers and the merchant ask for;
 * - transitions.ts: every status write, through the machines of shared/status.ts
 *   (docs/design.md, "Money rules");
 * - store.ts, context.ts: the tables and what every module works with;
 * - public-view.ts, merchant-view.ts, stream.ts, webhooks.ts: what it tells whom.
 * @module
 */
import type { AttemptBody } from '../../shared/schemas';
import type { CheckoutView } from '../../shared/view';
import { OutboxedObject, type TaskHandlers } from '../durable/outboxed-object';
import type { IndexOutbox } from '../index-store/index-outbox';
import { recordPorts } from '../object-ports';
import { fail, type Outcome } from '../durable/outcome';
import { sameTerms } from '../durable/redaction';
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { windowCloses } from './as-of';
import { startAttempt } from './attempts';
import { applyCallback, type CollectionCallback } from './callbacks';
import { sessionSubMerchant } from './collection-params';
import { SessionContext, type SessionDomainKind, type SessionTaskKind } from './context';
import {
  hostedSession,
  merchantSession,
  type HostedSession,
  type MerchantSession,
} from './merchant-view';
import { expireForMerchant } from './merchant-expire';
import { submitOtp } from './otp';
import { reconcile, reconcileOverdue, reconcileUnsettled } from './reconcile';
import {
  eraseLateArrivals,
  redactSession,
  runSessionRetention,
  runRefundErase,
  scheduleSessionRetention,
} from './redact';
import { sessionDrainHooks } from './failing-tasks';
import {
  refundChanged,
  refundedAmount,
  requestRefund,
  runRefundSend,
  type RefundAnswer,
  type RefundRequest,
} from './refunds';
import { payerReturned } from './return-hint';
import { SCHEMA, type SessionInit } from './store';
import { acceptStream, closeInKind, isStreamUpgrade, upgradeRequired } from './stream';
import { applyClock, openSession, setInput } from './transitions';

const NOT_FOUND = 'No such checkout session.';

/** One checkout session's state, transitions, timers and live stream. */
export class CheckoutSession extends OutboxedObject<SessionDomainKind, IndexOutbox> {
  private readonly cx: SessionContext;
  protected readonly noun = 'session';

  protected ports() {
    return recordPorts(this.env);
  }

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env, { schema: SCHEMA, marker: 'session' });
    this.cx = new SessionContext(ctx, () => this.env, this.tables);
    this.cx.afterChange = () => scheduleSessionRetention(this.cx);
    // Keep-alive pings are answered without waking the object, which would bill its duration.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  // ---------------------------------------------------------------- merchant side

  /**
   * Creates the session (idempotent: the same terms answer the existing session; other terms
   * answer SESSION_CONFLICT).
   */
  async init(input: SessionInit): Promise<Outcome<{ created: boolean; session: MerchantSession }>> {
    // The terms: the body, not the id nor which request (which key) sent it.
    const fingerprint = JSON.stringify({ ...input, id: undefined, created_by: undefined });
    const existing = this.cx.store.session();
    if (existing) {
      if (!sameTerms(existing.fingerprint, fingerprint)) {
        return fail(
          'SESSION_CONFLICT',
          'A session with this idempotency key exists with other terms.',
        );
      }
      return { ok: true, value: { created: false, session: merchantSession(this.cx)! } };
    }
    this.cx.tables.open();
    const now = Date.now();
    const expiresAt = now + (input.expires_in ?? 3600) * 1000;
    // The fingerprint holds the sub_merchant_id the merchant sent; the default is resolved
    // here, once: a replay after SERVICE_SUB_MERCHANT_ID changed answers this session as is.
    const subMerchantId = sessionSubMerchant(input.sub_merchant_id, this.cx.config);
    openSession(this.cx, input, { fingerprint, subMerchantId, now, expiresAt });
    this.cx.log('session_created', null, { amount: input.amount, currency: input.currency });
    this.cx.tasks.schedule('session_expiry', 'session_expiry', expiresAt, null);
    this.cx.indexRows();
    return { ok: true, value: { created: true, session: merchantSession(this.cx)! } };
  }

  /** The session with every attempt, its references, history, callbacks and webhooks. */
  async merchant(): Promise<Outcome<MerchantSession>> {
    const session = merchantSession(this.cx);
    return session ? { ok: true, value: session } : fail('SESSION_NOT_FOUND', NOT_FOUND);
  }

  /** Asks the upstream now about every unsettled attempt (the merchant's manual reconcile). */
  async reconcileNow(): Promise<Outcome<MerchantSession>> {
    if (!this.cx.store.session()) return fail('SESSION_NOT_FOUND', NOT_FOUND);
    await reconcileUnsettled(this.cx);
    return { ok: true, value: merchantSession(this.cx)! };
  }

  /**
   * Closes the session now for the merchant (`POST /v1/sessions/:id/expire`,
   * worker/session/merchant-expire.ts): ALREADY_PAID, PAYMENT_IN_PROGRESS while money may be
   * moving or held, else the session as the merchant reads it afterwards.
   */
  async expire(): Promise<Outcome<MerchantSession>> {
    return expireForMerchant(this.cx);
  }

  /**
   * Erases the session's personal data now (`POST /v1/sessions/:id/redact`,
   * worker/session/redact.ts): NOT_SETTLED while an attempt may still move; answers the session
   * as the merchant reads it afterwards.
   */
  async redact(): Promise<Outcome<MerchantSession>> {
    applyClock(this.cx);
    const done = redactSession(this.cx, 'request');
    if (!done.ok) return done;
    return { ok: true, value: merchantSession(this.cx)! };
  }

  /**
   * Refunds a payment of this session (worker/session/refunds.ts): decided here against what was
   * paid, then paid as a payout. The same `request.id` again answers the existing refund.
   */
  async refund(request: RefundRequest): Promise<Outcome<RefundAnswer>> {
    applyClock(this.cx);
    return requestRefund(this.cx, request);
  }

  /** The payout paying one of this session's refunds changed status (worker/payout/owner.ts). */
  async refundChanged(id: string, change: Parameters<typeof refundChanged>[2]): Promise<void> {
    refundChanged(this.cx, id, change);
  }

  // ---------------------------------------------------------------- payer side

  /** The public view as the clock stands now (worker/session/as-of.ts; a read writes nothing),
   * or SESSION_NOT_FOUND. */
  async view(): Promise<Outcome<CheckoutView>> {
    await this.cx.refreshStatuses(); // so the view shows each method's availability now
    const view = this.cx.view();
    return view ? { ok: true, value: view } : fail('SESSION_NOT_FOUND', NOT_FOUND);
  }

  /**
   * What the hosted page (`GET /pay/:id`) shows: the public view (the widget's first view), the
   * merchant's reference and the order description, or SESSION_NOT_FOUND. One call, so the page
   * costs one trip to the object.
   */
  async hosted(): Promise<Outcome<HostedSession>> {
    await this.cx.refreshStatuses(); // so the view shows each method's availability now
    const session = this.cx.store.session();
    const view = this.cx.view();
    if (!session || !view) return fail('SESSION_NOT_FOUND', NOT_FOUND);
    return { ok: true, value: hostedSession(session, view, refundedAmount(this.cx)) };
  }

  /** Starts an attempt (worker/session/attempts.ts). */
  async startAttempt(body: AttemptBody): Promise<Outcome<CheckoutView>> {
    await this.cx.refreshStatuses(); // a method closed right now is refused
    applyClock(this.cx);
    return startAttempt(this.cx, body);
  }

  /** Submits the payer's OTP for the latest OTP attempt (worker/session/otp.ts). */
  async submitOtp(otp: string): Promise<Outcome<CheckoutView>> {
    applyClock(this.cx);
    return submitOtp(this.cx, otp);
  }

  /**
   * The payer came back from a redirect method's page (successful_url or failure_url), an
   * unsigned hint (worker/session/return-hint.ts): `success` holds the session; `failure`
   * releases it for a new attempt only once a status query answered or the window closed.
   */
  async payerReturned(outcome: 'success' | 'failure'): Promise<void> {
    payerReturned(this.cx, outcome);
  }

  // ---------------------------------------------------------------- upstream side

  /** Applies a verified collection callback (worker/session/callbacks.ts). */
  async applyCallback(
    callback: CollectionCallback,
  ): Promise<{ known: boolean; duplicate: boolean }> {
    const result = await applyCallback(this.cx, callback);
    eraseLateArrivals(this.cx);
    return result;
  }

  /** True when a callback with this digest is recorded here (an exact retry's lookup). */
  async hasCallback(digest: string): Promise<boolean> {
    return this.cx.store.hasCallback(digest);
  }

  // ---------------------------------------------------------------- timers and index

  /** The session's own tasks (the base runs webhook, index and index_check tasks). */
  protected readonly handlers: TaskHandlers<SessionDomainKind> = {
    session_expiry: async (task) => {
      this.cx.tasks.cancel(task.key);
      applyClock(this.cx);
    },
    input_deadline: (task) => this.inputDeadline(task),
    reconcile: (task) => this.reconcile(task),
    retention: async (task) => runSessionRetention(this.cx, task),
    refund_send: (task) => runRefundSend(this.cx, task),
    refund_erase: (task) => runRefundErase(this.cx, task),
  };

  /** One status query (worker/session/reconcile.ts); the tests run it as the alarm would. */
  private reconcile(task: Task<SessionTaskKind>): Promise<void> {
    return reconcile(this.cx, task);
  }

  /** The end of an attempt's input window: closes its input, lapsed or given (`windowCloses`;
   * an OTP being checked gets a few seconds more). Its status queries go on as scheduled. */
  private async inputDeadline(task: Task<SessionTaskKind>): Promise<void> {
    const row = task.ref ? this.cx.store.attempt(task.ref) : undefined;
    this.cx.tasks.cancel(task.key);
    if (!row || row.status !== 'pending' || row.input !== 'awaiting') return;
    if (this.cx.otpChecking === row.id) {
      this.cx.tasks.schedule(task.key, 'input_deadline', Date.now() + 5_000, row.id);
      return;
    }
    setInput(this.cx, row.id, windowCloses(row));
  }

  // Hooks of the object base (worker/durable/outboxed-object.ts): its index check (the
  // `index_check` task, and `sweep()` when the Cron Trigger finds an overdue status query)
  // asks the upstream about every pending attempt whose status query is missing or overdue,
  // then re-sends the index rows D1 lacks or holds older; `reindex()` re-sends them all.

  protected override holdsRecord(): boolean {
    return this.cx.store.session() !== undefined;
  }

  protected override drainHooks() {
    return sessionDrainHooks(this.cx);
  }

  protected override stageIndexRows(fresh: boolean): void {
    this.cx.indexRows(fresh);
  }

  protected override async reconcileOverdue(): Promise<number> {
    applyClock(this.cx);
    return reconcileOverdue(this.cx);
  }

  protected override keep(): void {
    scheduleSessionRetention(this.cx);
  }

  protected override unsettled(): boolean {
    const status = this.cx.store.session()?.status;
    return status === 'open' || status === 'pending';
  }

  // ---------------------------------------------------------------- live stream

  /** WebSocket upgrades for the live stream (hibernation API; worker/session/stream.ts). */
  override async fetch(request: Request): Promise<Response> {
    if (!isStreamUpgrade(request)) return upgradeRequired();
    return acceptStream(this.ctx, this.cx.view(), this.cx.store);
  }

  override async webSocketMessage(): Promise<void> {
    /* 'ping' is answered by the auto-response; the stream takes nothing else */
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeInKind(ws, code);
  }
}

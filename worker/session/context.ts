/**
 * What every part of a checkout session works with: its store, its task queue and webhook
 * outbox (opened on the first write), the settings, what is in flight in this instance, and
 * {@link SessionContext.bump}, which publishes every change.
 * @module
 */
import type { CheckoutView } from '../../shared/view';
import { loadConfig, type Config } from '../config';
import type { ObjectTables, OutboxTaskKind } from '../durable/object-tables';
import type { IndexOutbox } from '../index-store/index-outbox';
import type { TaskQueue } from '../durable/task-queue';
import type { WebhookOutbox } from '../durable/webhook-outbox';
import type { ProxyEnv } from '../env';
import type { ObjectContext } from '../object-context';
import { stageSessionRows } from './index-rows';
import type { MethodStatus } from '../../shared/view';
import { methodStatuses } from '../payment-methods/availability';
import { publicView, type MethodTerms } from './public-view';
import { asOf } from './as-of';
import { SessionStore } from './store';
import { pushView } from './stream';

/** How long the methods' availability read from the query index is used (ms). */
const STATUSES_TTL_MS = 30_000;

/** The session's own timed work (its handlers, worker/session/checkout-session.ts). */
export type SessionDomainKind =
  'reconcile' | 'input_deadline' | 'session_expiry' | 'retention' | 'refund_send' | 'refund_erase';

/** Every timed work of a session (the object base runs the outboxes' kinds). */
export type SessionTaskKind = SessionDomainKind | OutboxTaskKind;

/**
 * One session object's working state: the session's domain locator (its tables and outboxes
 * are the object base's, worker/durable/outboxed-object.ts). `env` is read from the object on
 * every use (tests swap it between calls).
 *
 * @example
 * // in the object's constructor:
 * this.cx = new SessionContext(ctx, () => this.env, this.tables);
 */
export class SessionContext implements ObjectContext<SessionStore> {
  readonly store: SessionStore;
  /** The attempt whose OTP is being checked upstream right now: one code at a time, so that
   * parallel guesses cannot all pass the lock check before the first answer is counted. */
  otpChecking: string | null = null;
  /** Attempts whose create call is on its way in this instance: a status query's "not found"
   * means nothing yet, and callbacks wait for the create's reference (after an eviction the set
   * is empty: "not found" counts again and callbacks apply at once). */
  readonly creating = new Set<string>();
  /** Runs after every change {@link bump} publishes (the session object schedules the erasure
   * of a settled session here, worker/session/redact.ts). */
  afterChange: (() => void) | null = null;
  /** A new attempt's prompt limits are being checked with the phone's limiter object (an
   * await): a second attempt meanwhile is refused as in progress (worker/session/attempts.ts). */
  admitting = false;
  /** The methods that are not operational, as last read from the query index (by
   * {@link refreshStatuses}); every view carries them, streamed ones too. */
  private statuses: ReadonlyMap<string, MethodStatus> = new Map();
  private statusesAt = 0;

  constructor(
    readonly state: DurableObjectState,
    private readonly envOf: () => ProxyEnv,
    /** Created by the first write only (see ObjectTables). */
    readonly tables: ObjectTables<SessionTaskKind, IndexOutbox>,
  ) {
    this.store = new SessionStore(state.storage.sql, this.tables);
  }

  get env(): ProxyEnv {
    return this.envOf();
  }

  get config(): Config {
    return loadConfig(this.env);
  }

  get tasks(): TaskQueue<SessionTaskKind> {
    return this.tables.open().tasks;
  }

  get outbox(): WebhookOutbox {
    return this.tables.open().outbox;
  }

  /** Appends to the session's event log. */
  log(type: string, attemptId: string | null, data: Record<string, unknown> | null): void {
    this.store.log(type, attemptId, data);
  }

  /** Each method's range and availability, as the view shows them. */
  get terms(): MethodTerms {
    return { limits: this.config.methodLimits, statuses: this.statuses };
  }

  /** Reads the methods' availability from the query index, at most every 30 s (a polling
   * widget reads the view every few seconds); a failed read keeps the last. */
  async refreshStatuses(): Promise<void> {
    const now = Date.now();
    if (now - this.statusesAt < STATUSES_TTL_MS) return;
    this.statusesAt = now;
    const config = this.config;
    this.statuses = await methodStatuses(
      this.env.INDEX,
      config.catalogue,
      config.availability,
      now,
    ).catch(() => this.statuses);
  }

  /** The public view now, or null for an object with no session. */
  view(): CheckoutView | null {
    const row = this.store.session();
    if (!row) return null;
    // As the clock stands now: a read writes nothing (worker/session/as-of.ts).
    const { session, attempts } = asOf(row, this.store.attempts(), Date.now());
    return publicView(session, attempts.at(-1), this.config.catalogue, this.terms);
  }

  /** Stages the session's query-index rows (worker/session/index-rows.ts); `fresh`:
   * the sweep just re-asked a lost status query. */
  indexRows(fresh = false): void {
    if (this.tables.exists) {
      stageSessionRows(this.store, this.tables.open().index, this.tasks, fresh);
    }
  }

  /** Raises `seq`, stages the index rows and pushes the new view to every connected stream. */
  bump(): void {
    this.store.raiseSeq();
    this.indexRows();
    const view = this.view();
    if (view) pushView(this.state, view, this.store);
    this.afterChange?.();
  }
}

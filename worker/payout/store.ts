/**
 * The Payout Durable Object's SQLite schema and typed row access. Its tables (and the task
 * queue, webhook outbox and index outbox beside them) are created by the first write only, so
 * reading a reference that was never used stores nothing (worker/durable/object-tables.ts).
 * The payout's `status` is written in worker/payout/transitions.ts only.
 * @module
 */
import { isJsonObject } from '../../shared/json-object';
import type { AttemptStatus } from '../../shared/status';
import type { ObjectTables, OpenTables, OutboxTaskKind } from '../durable/object-tables';
import type { IndexOutbox } from '../index-store/index-outbox';
import { MONEY_SCHEMA } from '../payment/money-store';
import { REFS_SCHEMA } from '../payment/ref-store';

/** The payout's own tables (created on its first write, worker/durable/object-tables.ts). */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS payout (
  reference TEXT PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  mobile_masked TEXT NOT NULL, method TEXT NOT NULL, upstream_ref TEXT, create_state TEXT NOT NULL,
  upstream_message TEXT, failure_code TEXT, failure_message TEXT, fingerprint TEXT NOT NULL,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, created_by TEXT
);
CREATE TABLE IF NOT EXISTS payout_callbacks (
  digest TEXT PRIMARY KEY, received_at INTEGER NOT NULL, body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS payout_reconcile (
  id INTEGER PRIMARY KEY CHECK (id = 1), heard INTEGER NOT NULL DEFAULT 0,
  not_created INTEGER NOT NULL DEFAULT 0, last_answer TEXT, differences TEXT
);
CREATE TABLE IF NOT EXISTS payout_owner (
  id INTEGER PRIMARY KEY CHECK (id = 1), kind TEXT NOT NULL, session_id TEXT NOT NULL,
  attempt_id TEXT NOT NULL, sub_merchant_id TEXT, reason TEXT, merchant_reference TEXT,
  differs_from_payer INTEGER
);
CREATE TABLE IF NOT EXISTS payout_deferred (
  digest TEXT PRIMARY KEY, received_at INTEGER NOT NULL, body TEXT NOT NULL
);
${REFS_SCHEMA}${MONEY_SCHEMA}`;

/** What a payout object's own timers do (its handlers, worker/payout/payout.ts). */
export type PayoutTaskKind = 'reconcile' | 'retention' | 'owner';

/** Every timer of a payout object (the object base runs the outboxes' kinds). */
export type TaskKind = PayoutTaskKind | OutboxTaskKind;

/**
 * Who a payout pays for, when it is not the merchant's own payout: a refund (the payout's
 * reference is the refund id `re_…`) of a checkout session's payment (`refund`) or of a
 * payment-link payment (`link_refund`). Its webhooks are `refund.*`, its index row is a
 * refund's, and each change of its status is told to the object that keeps the refund budget
 * (the `owner` task): the session (worker/session/refunds.ts) or the payment's ledger shard
 * (worker/ledger/link-refunds.ts).
 */
export interface RefundOwner {
  kind: 'refund' | 'link_refund';
  /** The object that keeps the budget: a session id, or (`link_refund`) a ledger shard name. */
  session_id: string;
  /** The payment refunded: an attempt id, or (`link_refund`) the link payment's key. */
  attempt_id: string;
  sub_merchant_id: string | null;
  reason: string | null;
  /** The merchant's own reference of the refund. */
  merchant_reference: string | null;
  /** The refund is paid to a number other than the one that paid (or one we cannot show is
   * it: the payer's was never kept, or was erased). */
  differs_from_payer: boolean;
}

/**
 * Where the create call is: `unsent` (recorded, provably never sent: its object may have been
 * evicted before the call left; its task sends it, or the merchant cancels it), `sending` (it
 * left, no answer yet), `accepted`, `rejected`, `unknown` (no readable answer, or a refusal a
 * heard report contradicts), `canceled` (canceled while unsent: never sent).
 */
export type CreateState = 'unsent' | 'sending' | 'accepted' | 'rejected' | 'unknown' | 'canceled';

/** The payout row (one per object). */
export type PayoutRow = {
  reference: string;
  status: AttemptStatus;
  amount: number;
  currency: string;
  mobile_masked: string;
  method: string;
  upstream_ref: string | null;
  create_state: CreateState;
  upstream_message: string | null;
  failure_code: string | null;
  failure_message: string | null;
  /** The merchant's create body as JSON: the same terms answer the existing payout. */
  fingerprint: string;
  created_at: number;
  updated_at: number;
  /** JSON of the CreatedBy of the create request; absent in objects created before it. */
  created_by?: string | null;
};

/** What reconciliation has learnt so far (one row, created with the payout). */
export type ReconcileRow = {
  /** 1 once the upstream showed it knows the payout (a callback, a status record). */
  heard: number;
  /** "Not created" answers to the status query while the create's fate was unknown. */
  not_created: number;
  /** The last unknown answer, as JSON (the `reported` of a needs_review anomaly). */
  last_answer: string | null;
  /** The differences of a mismatch, as JSON. */
  differences: string | null;
};

/**
 * One payout object's storage.
 *
 * @example
 * const store = new PayoutStore(ctx.storage.sql, this.tables); // the object base's tables
 * const row = store.row(); // undefined for a reference never created (nothing stored)
 */
export class PayoutStore {
  constructor(
    readonly sql: SqlStorage,
    private readonly tables: ObjectTables<TaskKind, IndexOutbox>,
  ) {}

  /** Whether this object holds a payout's tables. */
  get exists(): boolean {
    return this.tables.exists;
  }

  /** The tables, the task queue and both outboxes (creates them on the first call). */
  open(): OpenTables<TaskKind, IndexOutbox> {
    return this.tables.open();
  }

  /** The payout, or undefined when this reference was never created here. */
  row(): PayoutRow | undefined {
    if (!this.exists) return undefined;
    return this.sql.exec<PayoutRow>('SELECT * FROM payout LIMIT 1').toArray()[0];
  }

  /** The refund this payout pays, or null for a merchant's own payout. */
  owner(): RefundOwner | null {
    if (!this.exists) return null;
    // SELECT *: an owner written before a column was added has no such column (it reads false).
    const row = this.sql
      .exec<Omit<RefundOwner, 'differs_from_payer'> & { differs_from_payer?: number }>(
        'SELECT * FROM payout_owner WHERE id = 1',
      )
      .toArray()[0];
    if (!row) return null;
    return {
      kind: row.kind,
      session_id: row.session_id,
      attempt_id: row.attempt_id,
      sub_merchant_id: row.sub_merchant_id,
      reason: row.reason,
      merchant_reference: row.merchant_reference,
      differs_from_payer: row.differs_from_payer === 1,
    };
  }

  /** Records who the payout pays for (with the payout, before the upstream is called). */
  setOwner(owner: RefundOwner): void {
    this.sql.exec(
      `INSERT INTO payout_owner (id, kind, session_id, attempt_id, sub_merchant_id, reason,
         merchant_reference, differs_from_payer) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
      owner.kind,
      owner.session_id,
      owner.attempt_id,
      owner.sub_merchant_id,
      owner.reason,
      owner.merchant_reference,
      owner.differs_from_payer ? 1 : 0,
    );
  }

  /** The reconcile facts (their row is created on first use). */
  reconcile(): ReconcileRow {
    this.sql.exec('INSERT INTO payout_reconcile (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    return this.sql.exec<ReconcileRow>('SELECT * FROM payout_reconcile WHERE id = 1').one();
  }

  /** The upstream showed it knows the payout: "not created" answers no longer count. */
  markHeard(): void {
    this.reconcile();
    this.sql.exec('UPDATE payout_reconcile SET heard = 1 WHERE id = 1');
  }

  /** Counts one more "not created" answer; answers the count. */
  countNotCreated(): number {
    const count = this.reconcile().not_created + 1;
    this.sql.exec('UPDATE payout_reconcile SET not_created = ? WHERE id = 1', count);
    return count;
  }

  /** Keeps the last unknown answer (the `reported` of a later needs_review anomaly). */
  setLastAnswer(answer: Record<string, unknown>): void {
    this.sql.exec(
      'UPDATE payout_reconcile SET last_answer = ? WHERE id = 1',
      JSON.stringify(answer),
    );
  }

  /** The last unknown answer, or null. */
  lastAnswer(): Record<string, unknown> | null {
    const raw = this.reconcile().last_answer;
    if (!raw) return null;
    const answer: unknown = JSON.parse(raw);
    return isJsonObject(answer) ? answer : null;
  }

  /** Keeps where a mismatched success disagreed with ours. */
  setDifferences(differences: unknown[]): void {
    this.sql.exec(
      'UPDATE payout_reconcile SET differences = ? WHERE id = 1',
      JSON.stringify(differences),
    );
  }

  /** Records what the create call answered (an upstream reference already known is kept). */
  setCreateAnswer(state: CreateState, message: string | null, upstreamRef: string | null = null) {
    this.sql.exec(
      `UPDATE payout SET create_state = ?, upstream_ref = COALESCE(upstream_ref, ?),
         upstream_message = ?, updated_at = ?`,
      state,
      upstreamRef,
      message,
      Date.now(),
    );
  }

  /**
   * Claims an unsent create for one sender, in one synchronous step right before the call
   * leaves: true once (it is `sending` from then on), false when it was sent or canceled.
   */
  claimSend(): boolean {
    return (
      this.sql.exec(
        "UPDATE payout SET create_state = 'sending', updated_at = ? WHERE create_state = 'unsent'",
        Date.now(),
      ).rowsWritten > 0
    );
  }

  /** Cancels an unsent create (see {@link claimSend}): true once, false when it was sent. */
  claimCancel(): boolean {
    return (
      this.sql.exec(
        "UPDATE payout SET create_state = 'canceled', updated_at = ? WHERE create_state = 'unsent'",
        Date.now(),
      ).rowsWritten > 0
    );
  }

  /** An upstream reference first learnt from a final report is ours from now on. */
  learnUpstreamRef(upstreamRef: string): void {
    this.sql.exec('UPDATE payout SET upstream_ref = COALESCE(upstream_ref, ?)', upstreamRef);
  }

  /** Keeps a callback that waits for a status query (its amount or references). */
  defer(digest: string, body: string): void {
    this.sql.exec(
      `INSERT INTO payout_deferred (digest, received_at, body) VALUES (?, ?, ?)
       ON CONFLICT (digest) DO NOTHING`,
      digest,
      Date.now(),
      body,
    );
  }

  /** The callbacks that wait, oldest first. */
  deferred(): { digest: string; body: string }[] {
    return this.sql
      .exec<{ digest: string; body: string }>(
        'SELECT digest, body FROM payout_deferred ORDER BY received_at',
      )
      .toArray();
  }

  /** A waiting callback was judged. */
  undefer(digest: string): void {
    this.sql.exec('DELETE FROM payout_deferred WHERE digest = ?', digest);
  }

  /** Stores a callback once by digest; answers false for a duplicate. */
  storeCallback(digest: string, body: string): boolean {
    return (
      this.sql.exec(
        `INSERT INTO payout_callbacks (digest, received_at, body) VALUES (?, ?, ?)
         ON CONFLICT (digest) DO NOTHING`,
        digest,
        Date.now(),
        body,
      ).rowsWritten > 0
    );
  }

  /** True when a callback with this digest is stored (an exact retry's lookup). */
  hasCallback(digest: string): boolean {
    if (!this.exists) return false;
    return (
      this.sql.exec('SELECT 1 FROM payout_callbacks WHERE digest = ? LIMIT 1', digest).toArray()
        .length > 0
    );
  }

  /** Erases the personal data of the payout's own rows (worker/payout/redact.ts): its terms'
   * `fingerprint` replaced by `fingerprint` (scrubbed), a refund's reason (the merchant's free
   * text), and the last status answer replaced by `lastAnswer` (scrubbed) when there is one. */
  scrubRows(fingerprint: string, lastAnswer: string | null): void {
    this.sql.exec('UPDATE payout SET fingerprint = ?', fingerprint);
    this.sql.exec('UPDATE payout_owner SET reason = NULL');
    if (lastAnswer !== null) {
      this.sql.exec('UPDATE payout_reconcile SET last_answer = ? WHERE id = 1', lastAnswer);
    }
  }
}

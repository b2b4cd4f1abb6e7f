/**
 * The IdempotencyKey Durable Object: one per (route, scope group, Idempotency-Key) of the
 * merchant API. It holds what the key first named (a session id, a payout reference, a payment
 * link's answer) and the keyed hash of the body it came with (docs/design.md, "State: session ids").
 *
 * A Durable Object rather than a D1 row: it is strongly consistent and its claim is atomic with
 * its own SQL, and D1 here is the query index, a rebuildable copy that a deployment may lack.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from '../env';

/** Where a key's first request stands: `claimed` (running, or done for sessions and payouts),
 * `done` (its answer is stored), `unknown` (the upstream's answer never came). */
export type ClaimState = 'claimed' | 'done' | 'unknown';

/** The record of one key. */
export interface ClaimRecord {
  /** What the key names: a session id, a payout reference, or `payment-link`. */
  resource: string;
  /** HMAC-SHA-256 (hex) of the canonical JSON of the first request's body, keyed with the
   * upstream secret (worker/idempotency/body-hash.ts). */
  bodyHash: string;
  state: ClaimState;
  /** The stored answer (JSON text) of a `done` payment link; null otherwise. */
  answer: string | null;
}

/** What {@link IdempotencyKey.claim} answers: the record, and whether this call wrote it. */
export interface Claim {
  fresh: boolean;
  record: ClaimRecord;
}

/** How long a key's record is kept: longer than any session lives (at most a day), so a retry
 * always finds it; then an alarm forgets it (a payment link's stored answer included). */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 3_600_000;

type Row = { resource: string; body_hash: string; state: ClaimState; answer: string | null };

/** One Idempotency-Key's record. */
export class IdempotencyKey extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS claim (
      one INTEGER PRIMARY KEY CHECK (one = 1), resource TEXT NOT NULL, body_hash TEXT NOT NULL,
      state TEXT NOT NULL, answer TEXT, created_at INTEGER NOT NULL)`);
  }

  private row(): ClaimRecord | null {
    const row = this.sql
      .exec<Row>('SELECT resource, body_hash, state, answer FROM claim WHERE one = 1')
      .toArray()[0];
    return row
      ? { resource: row.resource, bodyHash: row.body_hash, state: row.state, answer: row.answer }
      : null;
  }

  /**
   * The key's record: the existing one, or a new one naming `resource` with `bodyHash` (written
   * in this call; the object runs one call at a time, so two concurrent first requests get one
   * record between them).
   */
  async claim(bodyHash: string, resource: string): Promise<Claim> {
    const existing = this.row();
    if (existing) return { fresh: false, record: existing };
    this.sql.exec(
      `INSERT INTO claim (one, resource, body_hash, state, answer, created_at)
       VALUES (1, ?, ?, 'claimed', NULL, ?)`,
      resource,
      bodyHash,
      Date.now(),
    );
    await this.ctx.storage.setAlarm(Date.now() + IDEMPOTENCY_RETENTION_MS);
    return { fresh: true, record: this.row()! };
  }

  /** Stores the first request's answer (`done`) or that it is unknown (`unknown`). */
  async settle(state: 'done' | 'unknown', answer: string | null): Promise<void> {
    this.sql.exec('UPDATE claim SET state = ?, answer = ? WHERE one = 1', state, answer);
  }

  /** Forgets the key: the first request was definitely refused, so nothing exists under it. */
  async release(): Promise<void> {
    this.sql.exec('DELETE FROM claim');
    await this.ctx.storage.deleteAlarm();
  }

  /** The retention ran out: the key is forgotten (a new request under it starts afresh). */
  override async alarm(): Promise<void> {
    this.sql.exec('DELETE FROM claim');
  }
}

/**
 * The `PhoneLimiter` Durable Object: one per payer phone, named by a keyed hash of the number
 * (./phone-key.ts), counting the prompts sent to it from every session and shop of this proxy
 * (docs/design.md, "Prompt limits").
 *
 * Why not the Rate Limiting binding: its counts are per Cloudflare location and approximate,
 * and its only periods are 10 s and 60 s, so it cannot say "3 per 10 minutes, 10 per day".
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from '../env';
import { longestWindow, promptRoom, type PromptRule } from './rules';

/** What one phone's limiter answers. */
export type PromptGrant = { ok: true } | { ok: false; retryAfterMs: number };

const SCHEMA = 'CREATE TABLE IF NOT EXISTS prompts (at INTEGER NOT NULL)';

/** The prompts sent to one phone in the last day: their times only, nothing about the payer. */
export class PhoneLimiter extends DurableObject<ProxyEnv> {
  /**
   * Records one prompt at `now` when every rule has room for it; otherwise records nothing and
   * answers how long until there is room. The caller's clock is used so that one check and the
   * attempt it admits agree on the time.
   */
  async take(rules: readonly PromptRule[], now: number): Promise<PromptGrant> {
    const sql = this.ctx.storage.sql;
    sql.exec(SCHEMA);
    const keep = longestWindow(rules);
    sql.exec('DELETE FROM prompts WHERE at <= ?', now - keep);
    const times = sql
      .exec<{ at: number }>('SELECT at FROM prompts')
      .toArray()
      .map((row) => row.at);
    const room = promptRoom(times, rules, now);
    if (!room.ok) return room;
    sql.exec('INSERT INTO prompts (at) VALUES (?)', now);
    // The object forgets the phone once its longest window is over (the lifetime of this
    // pseudonymous record: one day with the defaults).
    await this.ctx.storage.setAlarm(now + keep);
    return room;
  }

  /** The last window ended: every row is past it, so the object's storage goes. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

/**
 * The `PhoneLimiter` Durable Object: one shard of the payer phones, named by a few bits of a
 * plain hash of the number (./phone-key.ts), counting the prompts sent to each of its phones
 * from every session and shop of this proxy (docs/design.md, "Prompt limits"). A phone's rows
 * are found by an HMAC of its number under a purpose key that rotates with `SERVICE_SECRET_KEY`.
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

const SCHEMA =
  'CREATE TABLE IF NOT EXISTS phone_prompts (phone TEXT NOT NULL, at INTEGER NOT NULL)';

/** The prompts sent to a shard's phones in the last day: a MAC of the number and a time. */
export class PhoneLimiter extends DurableObject<ProxyEnv> {
  /**
   * Records one prompt to the phone `macs` find (current key first) at `now` when every rule
   * has room for it; otherwise records nothing and answers how long until there is room. Rows
   * found under a previous key (a rotation's overlap) move to the current one, so a rotation
   * keeps each phone's count. The caller's clock is used so that one check and the attempt it
   * admits agree on the time.
   */
  async take(
    macs: readonly string[],
    rules: readonly PromptRule[],
    now: number,
  ): Promise<PromptGrant> {
    const [current, ...previous] = macs;
    if (current === undefined) throw new Error('a phone needs a MAC');
    const sql = this.ctx.storage.sql;
    sql.exec(SCHEMA);
    const keep = longestWindow(rules);
    sql.exec('DELETE FROM phone_prompts WHERE at <= ?', now - keep);
    if (previous.length > 0) {
      sql.exec(
        `UPDATE phone_prompts SET phone = ? WHERE phone IN (${previous.map(() => '?').join(', ')})`,
        current,
        ...previous,
      );
    }
    const times = sql
      .exec<{ at: number }>('SELECT at FROM phone_prompts WHERE phone = ?', current)
      .toArray()
      .map((row) => row.at);
    const room = promptRoom(times, rules, now);
    if (!room.ok) return room;
    sql.exec('INSERT INTO phone_prompts (phone, at) VALUES (?, ?)', current, now);
    // The shard forgets its phones once the longest window of its last prompt is over (the
    // lifetime of these pseudonymous rows: one day with the defaults).
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm < now + keep) await this.ctx.storage.setAlarm(now + keep);
    return room;
  }

  /** The last window ended: every row is past it, so the object's storage goes. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

/**
 * The replays of one endpoint in the last 24 hours, in its replay object (`replay:<id>`): each
 * replay's time and number of events, so that replays send at most
 * `WEBHOOK_REPLAY_DAILY_LIMIT` events to one endpoint a day (a `full` key pointing an endpoint
 * at someone else could otherwise make the proxy a sender of signed POSTs on demand).
 * @module
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS replay_log (at INTEGER NOT NULL, events INTEGER NOT NULL);
`;

/** The window the limit counts over. */
export const REPLAY_QUOTA_WINDOW_MS = 86_400_000;

/** The replays of one endpoint. */
export class ReplayQuota {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  /**
   * Records a replay of `events` if the last 24 hours leave room for it under `limit`; else
   * answers the seconds until they will (the oldest replays leaving the window).
   */
  take(events: number, limit: number, now = Date.now()): { ok: true } | { retryAfter: number } {
    this.sql.exec('DELETE FROM replay_log WHERE at <= ?', now - REPLAY_QUOTA_WINDOW_MS);
    const recent = this.sql
      .exec<{ at: number; events: number }>('SELECT at, events FROM replay_log ORDER BY at')
      .toArray();
    let used = recent.reduce((sum, replay) => sum + replay.events, 0);
    if (used + events <= limit) {
      this.sql.exec('INSERT INTO replay_log (at, events) VALUES (?, ?)', now, events);
      return { ok: true };
    }
    for (const replay of recent) {
      used -= replay.events;
      if (used + events <= limit) {
        return { retryAfter: Math.ceil((replay.at + REPLAY_QUOTA_WINDOW_MS - now) / 1000) };
      }
    }
    return { retryAfter: Math.ceil(REPLAY_QUOTA_WINDOW_MS / 1000) };
  }
}

// A status query of a pending attempt that changes nothing writes nothing to
// the query index. The object's staged rows (index_rows, what its `index` task writes to D1)
// keep their versions across queries: the session's updated_at does not move for a question
// asked, and the attempt's next_check_at is a check-by time that moves only when the next query
// would come later (worker/durable/reconcile-backoff.ts, indexedCheckBy).
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, expect, it } from 'vitest';
import { createSession, expectNoSecrets, ref, startAttempt } from '../helpers';

afterAll(() => expectNoSecrets());

/** 005: the sandbox keeps the payment pending forever and never calls back. */
const PENDING_MOBILE = '254712345005';

/** Runs the attempt's status query now, as its alarm would; answers the staged rows' versions
 * and how many status queries the session has logged. */
function statusQueryNow(sessionId: string) {
  const stub = env.SESSIONS.get(env.SESSIONS.idFromName(sessionId));
  return runInDurableObject(stub, async (instance, state) => {
    state.storage.sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'", Date.now() - 1);
    await instance.alarm();
    const sql = state.storage.sql;
    return {
      versions: sql
        .exec("SELECT kind, id, version FROM index_rows WHERE kind IN ('session', 'attempt')")
        .toArray(),
      queries: sql.exec("SELECT COUNT(*) AS n FROM events WHERE type = 'status_query'").one().n,
      pending: sql.exec('SELECT status FROM attempts WHERE n = 1').one().status,
    };
  });
}

it('each status query of a pending attempt that changes nothing leaves its index rows as they were', async () => {
  const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('quiet') });
  const started = await startAttempt(session.id, {
    country_id: 1,
    method: 'send money',
    mobile: PENDING_MOBILE,
  });
  expect(started.status).toBe(201);
  // The first answer may teach the object the upstream's reference (a real change).
  const first = await statusQueryNow(session.id);
  expect(first.pending).toBe('pending');
  for (let i = 1; i <= 3; i++) {
    const next = await statusQueryNow(session.id);
    expect(next.queries, 'the status query was asked').toBe(Number(first.queries) + i);
    expect(next.pending).toBe('pending');
    expect(next.versions, `after query ${i + 1}`).toEqual(first.versions);
  }
});

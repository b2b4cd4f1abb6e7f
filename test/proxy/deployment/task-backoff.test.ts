// A task that throws is retried with exponential backoff up to a cap (not
// every 30 s forever), counted apart from its own tries, never retried past its deadline (a
// status query's horizon); after 5 failures in a row its object sends one integration.error
// and GET /v1/diagnostics lists it until it runs again.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TaskQueue, type TaskFailure } from '../../../worker/durable/task-queue';
import { expectNoSecrets, merchant, ref, attemptOn } from '../helpers';
import { runTimersNow, webhooksFor } from '../hostile';
import { sessionObject, withObjectEnv } from '../objects';

afterAll(() => expectNoSecrets());

const MINUTE = 60_000;
/** Failures in a row before a task is reported (TASK_FAILURE_ALERT). */
const TASK_FAILURE_ALERT = 5;

/** Runs `body` in a fresh object's storage with a task queue of its own. */
function inScratchObject<T>(body: (tasks: TaskQueue<'work'>, sql: SqlStorage) => Promise<T>) {
  const stub = env.LEDGER.get(env.LEDGER.idFromName(`task-backoff-${crypto.randomUUID()}`));
  return runInDurableObject(stub, async (_instance, state) => {
    const tasks = new TaskQueue<'work'>(state.storage);
    try {
      return await body(tasks, state.storage.sql);
    } finally {
      state.storage.sql.exec('DELETE FROM tasks');
      await state.storage.deleteAlarm();
    }
  });
}

const due = (sql: SqlStorage) => sql.exec('UPDATE tasks SET due_at = ?', Date.now() - 1);
const boom = async () => {
  throw new TypeError('no config');
};

describe('a task that throws', () => {
  it('backs off 30 s, 60 s, … to 30 min, counted apart from its tries; reported once; cleared when it runs', async () => {
    const result = await inScratchObject(async (tasks, sql) => {
      tasks.schedule('work:1', 'work', Date.now() - 1, 'r1', 3);
      const reports: TaskFailure[] = [];
      const recovered: string[] = [];
      const hooks = {
        failing: (failure: TaskFailure) => void reports.push(failure),
        recovered: (task: { key: string }) => void recovered.push(task.key),
      };
      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        due(sql);
        const before = Date.now();
        await tasks.drain(boom, hooks);
        waits.push(tasks.get('work:1')!.due_at - before);
      }
      const failing = tasks.get('work:1')!;
      due(sql);
      await tasks.drain(async () => {}, hooks);
      return { waits, failing, reports, recovered, after: tasks.get('work:1')! };
    });
    // 30 s doubling: 30 s, 1, 2, 4, 8, 16 min, then the 30 min cap.
    const expected = [0.5, 1, 2, 4, 8, 16, 30, 30].map((minutes) => minutes * MINUTE);
    result.waits.forEach((wait, i) => {
      expect(wait, `retry ${i + 1}`).toBeGreaterThanOrEqual(expected[i]! - 50);
      expect(wait, `retry ${i + 1}`).toBeLessThanOrEqual(expected[i]! + 50);
    });
    expect(result.failing).toMatchObject({ tries: 3, failures: 8, last_error: 'TypeError' });
    expect(result.reports).toHaveLength(1);
    expect(result.reports[0]).toMatchObject({
      key: 'work:1',
      kind: 'work',
      ref: 'r1',
      failures: TASK_FAILURE_ALERT,
      error: 'TypeError',
    });
    expect(result.recovered).toEqual(['work:1']);
    expect(result.after).toMatchObject({ tries: 3, failures: 0, last_error: null });
  });

  it('is never retried after its deadline (a status query at its horizon)', async () => {
    const waits = await inScratchObject(async (tasks, sql) => {
      const deadline = Date.now() + 45_000;
      tasks.schedule('work:2', 'work', Date.now() - 1, 'r2');
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        due(sql);
        await tasks.drain(boom, { deadline: () => deadline });
        out.push(tasks.get('work:2')!.due_at - deadline);
      }
      // A deadline already past does not pin the retry to now (no tight loop).
      due(sql);
      const before = Date.now();
      await tasks.drain(boom, { deadline: () => before - 1000 });
      out.push(tasks.get('work:2')!.due_at - before);
      return out;
    });
    expect(waits[0]).toBeLessThan(0); // 30 s: before the deadline
    expect(waits[1]).toBe(0); // 60 s would pass it: at the deadline
    expect(waits[2]).toBe(0);
    expect(waits[3]).toBeGreaterThanOrEqual(4 * MINUTE - 50); // the 4th failure's 4 min
  });
});

describe("a session's status queries that keep throwing", () => {
  it('send one integration.error, show in GET /v1/diagnostics, and clear once they run', async () => {
    const { session, started } = await attemptOn(
      { amount: 1500, currency: 'KES', reference: ref('tq') },
      { country_id: 1, method: 'send money', mobile: '254712345005' },
    );
    expect(started.status).toBe(201);
    const attemptId = started.json.attempt!.id;
    const stub = sessionObject(session.id);
    // A deployment whose settings no longer load: every status query throws.
    await withObjectEnv(stub, { SERVICE_CLIENT_ID: '' }, async () => {
      for (let i = 0; i < TASK_FAILURE_ALERT + 1; i++) await runTimersNow(session.id);
      const task = await runInDurableObject(stub, (_instance, state) =>
        state.storage.sql.exec('SELECT * FROM tasks WHERE key = ?', `reconcile:${attemptId}`).one(),
      );
      expect(task).toMatchObject({ failures: TASK_FAILURE_ALERT + 1, last_error: 'CheckoutError' });
      // Not every 30 s: the sixth retry waits 16 min (capped by the horizon, 24 h away).
      expect(Number(task.due_at) - Date.now()).toBeGreaterThan(15 * MINUTE);
      const listed = await diagnostics();
      expect(listed).toContainEqual(
        expect.objectContaining({
          object: 'session',
          object_id: session.id,
          task: { key: `reconcile:${attemptId}`, kind: 'reconcile', ref: attemptId },
          failures: TASK_FAILURE_ALERT,
        }),
      );
    });
    // Fixed: the status query runs, the webhook goes out, the listing clears.
    await runTimersNow(session.id);
    await runTimersNow(session.id);
    // The object's own alarm may hold the delivery in flight while the test's run skips it
    // (one delivery at a time per task): drain again until it has landed, then count.
    const errors = await vi.waitFor(
      async () => {
        await runTimersNow(session.id);
        const got = (await webhooksFor(session.id)).filter(
          (w) => w.body.type === 'integration.error',
        );
        if (got.length === 0) throw new Error('no integration.error delivered yet');
        return got;
      },
      { timeout: 15_000, interval: 50 },
    );
    // One event (a delivery may repeat when the object's own alarm races the test's run).
    expect(new Set(errors.map((w) => w.webhook_id)).size).toBe(1);
    expect(errors[0]!.body.data).toMatchObject({
      kind: 'task_failing',
      task: { kind: 'reconcile', ref: attemptId },
      failures: TASK_FAILURE_ALERT,
      error: 'CheckoutError',
    });
    const after = await diagnostics();
    expect(after.filter((t) => t.object_id === session.id)).toEqual([]);
  });
});

async function diagnostics(): Promise<{ object: string; object_id: string }[]> {
  const res = await merchant('/v1/diagnostics');
  const body = (await res.json()) as { failing_tasks: { object: string; object_id: string }[] };
  expect(Array.isArray(body.failing_tasks)).toBe(true);
  // The summary (no checks run) lists the same tasks.
  const summary = (await (await merchant('/v1/diagnostics/summary')).json()) as typeof body;
  expect(summary.failing_tasks.map((t) => t.object_id).sort()).toEqual(
    body.failing_tasks.map((t) => t.object_id).sort(),
  );
  return body.failing_tasks;
}

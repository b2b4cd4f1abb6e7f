// Helpers of the retention and erasure suites (docs/data-retention.md): read every stored row of
// an object and of the query index, and run an object's due tasks as its alarm would. The
// objects, D1 and the sandbox are the real ones.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';

/** Every row of every table of an object's SQLite database, as one JSON text per table. */
export async function storedText(stub: DurableObjectStub): Promise<Record<string, string>> {
  return runInDurableObject(stub, (_instance, state) => {
    const sql = state.storage.sql;
    const tables = sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .toArray()
      .map((t) => t.name);
    return Object.fromEntries(
      tables.map((name) => [name, JSON.stringify(sql.exec(`SELECT * FROM ${name}`).toArray())]),
    );
  });
}

/** Every row of the query index (D1) that names `id` (a session id or payout reference), as
 * one JSON text per table. */
export async function indexText(id: string): Promise<Record<string, string>> {
  const db = env.INDEX!;
  const tables = (
    await db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
      )
      .all<{ name: string }>()
  ).results.map((t) => t.name);
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = (await db.prepare(`SELECT * FROM ${name}`).all()).results;
    out[name] = JSON.stringify(rows.filter((row) => JSON.stringify(row).includes(id)));
  }
  return out;
}

/** The tables (object or index) whose text contains any of `needles`, with the needle. */
export function holding(texts: Record<string, string>, needles: string[]): string[] {
  return Object.entries(texts).flatMap(([table, text]) =>
    needles.filter((needle) => text.includes(needle)).map((needle) => `${table}: ${needle}`),
  );
}

/** The due time of an object's task, or null when it has none under `key`. */
export async function taskDue(stub: DurableObjectStub, key: string): Promise<number | null> {
  return runInDurableObject(stub, (_instance, state) => {
    const has = state.storage.sql
      .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tasks'")
      .toArray().length;
    if (!has) return null;
    const row = state.storage.sql
      .exec<{ due_at: number }>('SELECT due_at FROM tasks WHERE key = ?', key)
      .toArray()[0];
    return row?.due_at ?? null;
  });
}

/**
 * Makes the object's tasks of `kinds` due now and runs its alarm, as the clock reaching them
 * would; repeats while such tasks remain due (a task may schedule another of those kinds).
 */
export async function runTasksNow(stub: DurableObjectStub, kinds: string[]): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    const made = await runInDurableObject(stub, async (instance, state) => {
      const marks = kinds.map(() => '?').join(', ');
      const n = state.storage.sql
        .exec(`UPDATE tasks SET due_at = ? WHERE kind IN (${marks}) RETURNING key`, 0, ...kinds)
        .toArray().length;
      if (n > 0) await (instance as unknown as { alarm(): Promise<void> }).alarm();
      return n;
    });
    if (made === 0) return;
  }
}

/**
 * Moves an object's clock past its retention: the settling time its `retention` task keeps (its
 * ref) goes back `days`, the task is due now, and the alarm runs it.
 */
export async function passRetention(stub: DurableObjectStub, days: number): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec(
      "UPDATE tasks SET ref = CAST(CAST(ref AS INTEGER) - ? AS TEXT) WHERE kind = 'retention'",
      days * 86_400_000,
    );
  });
  await runTasksNow(stub, ['retention']);
}

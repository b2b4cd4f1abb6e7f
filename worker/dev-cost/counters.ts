/**
 * Dev/bench only (bundled only by worker/dev-cost/entry.ts, which only the bench's generated
 * config uses; `wrangler deploy` never sees it): counts the operations Cloudflare bills, in
 * this isolate, where the Worker and its Durable Objects run together under `wrangler dev`.
 * workerd keeps no such accounting of its own that a local run can read (its tail and
 * analytics events are for deployed Workers), so the counts are taken at the APIs themselves:
 * - storage rows: `rowsRead` / `rowsWritten` of every `ctx.storage.sql.exec` cursor (the figures
 *   billing uses), summed when read;
 * - D1 rows: `meta.rows_read` / `meta.rows_written` of each `run()`, `all()` and `batch()`;
 * - Durable Object requests: each call on a stub (fetch or RPC method: one billed request each),
 *   plus each alarm invocation;
 * - subrequests: outbound `fetch()` and service-binding calls (the upstream, webhooks).
 * @module
 */

/** The counts since the last reset. */
export interface CostCounts {
  worker_requests: number;
  do_requests: number;
  alarms: number;
  storage_rows_read: number;
  storage_rows_written: number;
  d1_queries: number;
  d1_rows_read: number;
  d1_rows_written: number;
  subrequests: number;
}

const zero = (): CostCounts => ({
  worker_requests: 0,
  do_requests: 0,
  alarms: 0,
  storage_rows_read: 0,
  storage_rows_written: 0,
  d1_queries: 0,
  d1_rows_read: 0,
  d1_rows_written: 0,
  subrequests: 0,
});

let counts = zero();
/** Cursors whose rows are summed when the counts are read (a cursor counts as it is read). */
let cursors: { rowsRead: number; rowsWritten: number }[] = [];

/** Adds to one count. */
export function count(name: keyof CostCounts, n = 1): void {
  counts[name] += n;
}

/** The counts now (open cursors included). */
export function readCounts(): CostCounts {
  for (const cursor of cursors) {
    counts.storage_rows_read += cursor.rowsRead;
    counts.storage_rows_written += cursor.rowsWritten;
  }
  cursors = [];
  return { ...counts };
}

/** Starts again from zero. */
export function resetCounts(): void {
  cursors = [];
  counts = zero();
}

type Method = (...args: unknown[]) => unknown;

/** Replaces `proto[name]` once with a wrapper that calls `after` with the result. */
function patch(proto: object, name: string, after: (result: unknown) => unknown): void {
  const holder = proto as Record<string, Method & { counted?: true }>;
  const original = holder[name];
  if (typeof original !== 'function' || original.counted) return;
  const wrapped = Object.assign(
    function (this: unknown, ...args: unknown[]) {
      return after(original.apply(this, args));
    },
    { counted: true as const },
  );
  Object.defineProperty(holder, name, { value: wrapped, writable: true, configurable: true });
}

interface D1Meta {
  meta?: { rows_read?: number; rows_written?: number };
}

const addD1 = (result: D1Meta): D1Meta => {
  counts.d1_queries += 1;
  counts.d1_rows_read += result.meta?.rows_read ?? 0;
  counts.d1_rows_written += result.meta?.rows_written ?? 0;
  return result;
};

/**
 * Counts every SQL cursor of the isolate's SQLite storage (its `SqlStorage` prototype, so each
 * object's `ctx.storage.sql` is counted however it is reached).
 */
export function countStorage(storage: DurableObjectStorage): void {
  patch(Object.getPrototypeOf(storage.sql) as object, 'exec', (cursor) => {
    cursors.push(cursor as { rowsRead: number; rowsWritten: number });
    return cursor;
  });
}

/** Counts the D1 database's queries and rows (its statement and database prototypes). */
export function countD1(db: D1Database): void {
  const statement = Object.getPrototypeOf(db.prepare('SELECT 1')) as object;
  for (const name of ['run', 'all']) {
    patch(statement, name, (result) => (result as Promise<D1Meta>).then(addD1));
  }
  patch(Object.getPrototypeOf(db) as object, 'batch', (results) =>
    (results as Promise<D1Meta[]>).then((all) => all.map(addD1)),
  );
}

/** A stub whose every method call (fetch or RPC) counts as one Durable Object request. */
function countedStub<T extends object>(stub: T): T {
  return new Proxy(stub, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'then') {
        return value;
      }
      return (...args: unknown[]) => {
        counts.do_requests += 1;
        return Reflect.apply(value as Method, target, args);
      };
    },
  });
}

/**
 * Counts the isolate's bindings at their prototypes (each object's own `this.env` included,
 * whatever env object it holds): Durable Object namespaces (each stub call is a request),
 * `INDEX` (D1 rows) and service bindings (each call a subrequest; `ASSETS` shares their
 * prototype, but the proxy reaches it only for its own paths, never on a payment's way).
 */
export function countBindings(env: object): void {
  for (const key of Object.keys(env)) {
    const value: unknown = Reflect.get(env, key);
    if (!value || (typeof value !== 'object' && typeof value !== 'function')) continue;
    const proto = Object.getPrototypeOf(value) as object | null;
    if (!proto) continue;
    // Asked of the prototype: a service binding answers every property (JS RPC) itself.
    if (Object.getOwnPropertyNames(proto).includes('idFromName')) {
      for (const name of ['get', 'getByName']) {
        patch(proto, name, (stub) => countedStub(stub as object));
      }
    } else if (key === 'INDEX') {
      countD1(value as D1Database);
    } else if (typeof (value as { fetch?: unknown }).fetch === 'function') {
      // On the binding itself, not its prototype, which ASSETS shares.
      patch(value, 'fetch', (response) => {
        counts.subrequests += 1;
        return response;
      });
    }
  }
}

/** Counts the isolate's outbound `fetch()` calls as subrequests (once). */
export function countFetch(): void {
  const original = globalThis.fetch as typeof fetch & { counted?: true };
  if (original.counted) return;
  const wrapped = Object.assign(
    (...args: Parameters<typeof fetch>) => {
      counts.subrequests += 1;
      return original(...args);
    },
    { counted: true as const },
  );
  globalThis.fetch = wrapped;
}

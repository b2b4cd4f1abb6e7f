/**
 * Synthetic index rows for the benchmark (`POST /dev/index/bulk`, development mode only):
 * sessions with one attempt each, written through the same guarded upsert as the objects'
 * writes, so the bench measures the index's real write path and list queries at volume.
 * @module
 */
import { upsertSummary, type AttemptSummary, type SessionSummary } from './tables';

const CURRENCIES = ['KES', 'UGX', 'TZS', 'XOF', 'NGN'] as const;
const METHODS = ['send money', 'mtn', 'Airtel', 'Orange', 'virtual_account'] as const;
const STATUSES = ['succeeded', 'succeeded', 'succeeded', 'failed', 'expired', 'open'] as const;
const SELLERS = [
  null,
  '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01',
  '2b1f5c1e-8a43-4c6f-9d0e-1f2a3b4c5d6e',
];

/**
 * Writes `count` sessions (and their attempts) numbered from `start`, in D1 batches of
 * `batch` statements; answers how many rows were written.
 *
 * @example
 * await writeBenchRows(env.INDEX, { run: 'r1', start: 0, count: 500, batch: 100 });
 */
export async function writeBenchRows(
  db: D1Database,
  options: { run: string; start: number; count: number; batch: number; baseTime: number },
): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  for (let i = options.start; i < options.start + options.count; i++) {
    const id = `cs_bench_${options.run}_${String(i).padStart(6, '0')}`;
    const created = options.baseTime + i * 1000;
    const status = STATUSES[i % STATUSES.length]!;
    const currency = CURRENCIES[i % CURRENCIES.length]!;
    const session: SessionSummary = {
      id,
      status,
      amount: 1000 + (i % 97) * 10,
      currency,
      reference: `bench-${options.run}-${i}`,
      country_id: null,
      sub_merchant_id: SELLERS[i % SELLERS.length]!,
      attempt_count: 1,
      created_at: created,
      updated_at: created + 30_000,
      expires_at: created + 3_600_000,
    };
    const attempt: AttemptSummary = {
      id: `${id}.1`,
      session_id: id,
      n: 1,
      status: status === 'expired' || status === 'open' ? 'failed' : status,
      country_id: 1 + (i % 17),
      method: METHODS[i % METHODS.length]!,
      amount: session.amount,
      currency,
      reference: session.reference,
      sub_merchant_id: session.sub_merchant_id,
      upstream_reference: `SBX-${options.run}-${i}`,
      created_at: created + 5_000,
      updated_at: created + 30_000,
      settled_at: created + 30_000,
      next_check_at: null,
      counted: status === 'succeeded' ? JSON.stringify({ [currency]: session.amount }) : null,
      mobile_masked: `254******${String(i % 1000).padStart(3, '0')}`,
    };
    statements.push(upsertSummary(db, 'session', session, 1));
    statements.push(upsertSummary(db, 'attempt', attempt, 1));
  }
  for (let i = 0; i < statements.length; i += options.batch) {
    await db.batch(statements.slice(i, i + options.batch));
  }
  return statements.length;
}

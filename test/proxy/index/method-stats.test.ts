// GET /v1/reports/methods: per method and country over a period, outcomes, the success rate of
// definite answers only (an unsettled attempt is no failure) and the median time to pay, from
// index rows written through the objects' own upsert; bad periods are 400s; a viewer reads it.
import { afterAll, describe, expect, it } from 'vitest';
import { upsertSummary, type AttemptSummary } from '../../../worker/index-store/tables';
import type { MethodStats } from '../../../worker/query/method-stats';
import { asRole } from '../console/support';
import { expectNoSecrets, ref } from '../helpers';
import { db, getJson } from './support';

afterAll(() => expectNoSecrets());

/** A period of its own, far in the past: no other suite writes attempts there. */
const FROM = Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 1e9);
const TO = FROM + 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function attempt(
  method: string,
  n: number,
  country_id: number,
  status: string,
  created_at: number,
  payMs: number | null,
): AttemptSummary {
  const id = `cs_${method}.${n}`;
  return {
    id,
    session_id: `cs_${method}`,
    n,
    status,
    country_id,
    method,
    amount: 100,
    currency: 'KES',
    reference: method,
    sub_merchant_id: null,
    upstream_reference: null,
    created_at,
    updated_at: created_at + (payMs ?? 0),
    settled_at: payMs === null ? null : created_at + payMs,
    next_check_at: null,
    counted: null,
    mobile_masked: null,
  };
}

describe('GET /v1/reports/methods', () => {
  it('counts outcomes per method and country; the rate leaves unsettled attempts out; the median time to pay', async () => {
    const method = ref('stats').replace(/[^a-z0-9]/gi, '');
    const at = FROM + 60_000;
    const rows = [
      // Kenya: four paid in 10, 20, 40 and 80 s (median 30 s), two failed, two unsettled.
      ...[10, 20, 40, 80].map((s, i) => attempt(method, i, 1, 'succeeded', at + i, s * 1000)),
      attempt(method, 4, 1, 'failed', at, 5000),
      attempt(method, 5, 1, 'failed', at, 5000),
      attempt(method, 6, 1, 'pending', at, null),
      attempt(method, 7, 1, 'needs_review', at, 9000),
      // Uganda: one unknown answer only.
      attempt(method, 8, 2, 'pending', at, null),
      // Outside the period: [from, to) leaves `to` out.
      attempt(method, 9, 1, 'failed', TO, 1000),
    ];
    await db().batch(rows.map((row) => upsertSummary(db(), 'attempt', row, 1)));

    const path = `/v1/reports/methods?from=${iso(FROM)}&to=${iso(TO)}`;
    const { status, json } = await getJson<{ from: string; data: MethodStats[] }>(path);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.data.filter((row) => row.method === method)).toEqual([
      {
        method,
        country_id: 1,
        attempts: 8,
        succeeded: 4,
        failed: 2,
        unsettled: 2,
        success_rate: 4 / 6,
        median_seconds_to_pay: 30,
      },
      {
        method,
        country_id: 2,
        attempts: 1,
        succeeded: 0,
        failed: 0,
        unsettled: 1,
        success_rate: null,
        median_seconds_to_pay: null,
      },
    ]);
    // Read-scoped: the console's least role reads it.
    expect((await asRole('viewer', path.slice(3))).status).toBe(200);
  });

  it('a bad period is a 400 naming the parameter', async () => {
    for (const [query, param] of [
      [`from=${iso(FROM)}`, 'to'],
      [`from=${iso(TO)}&to=${iso(FROM)}`, 'to'],
      [`from=${iso(FROM)}&to=${iso(FROM + 94 * 86_400_000)}`, 'to'],
      [`from=yesterday&to=${iso(TO)}`, 'from'],
      [`from=${iso(FROM)}&to=${iso(TO)}&method=mtn`, 'method'],
    ] as const) {
      const { status, json } = await getJson<{ error: { code: string; param?: string } }>(
        `/v1/reports/methods?${query}`,
      );
      expect(status, query).toBe(400);
      expect(json.error).toMatchObject({ code: 'VALIDATION_FAILED', param });
    }
  });
});

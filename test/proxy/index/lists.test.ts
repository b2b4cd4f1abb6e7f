// GET /v1/sessions, /v1/payouts, /v1/payment-link-payments over the query index: every
// filter, newest first, cursor pagination stable under concurrent inserts, bad parameters.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSession,
  expectNoSecrets,
  merchant,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import { callback, createPayout, payoutBody, waitForPayout } from '../money';
import { upsertSummary } from '../../../worker/index-store/tables';
import { allPages, db, getJson, waitForRow, type Page, linkSuccess } from './support';

afterAll(() => expectNoSecrets());

const KNOWN = '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01';

interface SessionItem {
  id: string;
  status: string;
  currency: string;
  reference: string;
  sub_merchant_id: string | null;
  created_at: string;
  attempts: { id: string; method: string; country_id: number; status: string }[];
}

describe('GET /v1/sessions', () => {
  it('pages over more rows than a page with inserts between pages: every row once, newest first', async () => {
    const tag = ref('page');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        (await createSession({ amount: 100 + i, currency: 'UGX', reference: `${tag}-${i}` })).id,
      );
    }
    await Promise.all(made.map((id) => waitForRow('sessions', id)));
    const from = (await db()
      .prepare('SELECT MIN(created_at) AS t FROM sessions WHERE id IN (?, ?, ?, ?, ?, ?, ?)')
      .bind(...made)
      .first<{ t: number }>())!.t;
    const query = `currency=UGX&created_gte=${new Date(from).toISOString()}`;
    const inserted: string[] = [];
    const { rows, pages } = await allPages<SessionItem>('/v1/sessions', query, 2, async (n) => {
      // A concurrent insert (and its index write) between pages: newer than every cursor.
      const s = await createSession({ amount: 999, currency: 'UGX', reference: `${tag}-new-${n}` });
      await waitForRow('sessions', s.id);
      inserted.push(s.id);
    });
    expect(pages).toBeGreaterThanOrEqual(4);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size, 'no row twice').toBe(ids.length);
    for (const id of made) expect(ids, 'no row skipped').toContain(id);
    // Newest first by (created_at, id).
    const keys = rows.map((r) => [r.created_at, r.id].join('|'));
    expect([...keys].sort().reverse()).toEqual(keys);
    // Rows inserted after the first page are newer than it: never part of the later pages.
    for (const id of inserted) expect(ids).not.toContain(id);
  });

  it('rows created in the same millisecond page by id: the cursor carries both', async () => {
    // Written through the objects' own upsert, 9 rows sharing one created_at and 3 others.
    const tag = ref('tie').replace(/[^a-z0-9]/gi, '');
    const at = Date.now() - 86_400_000;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `cs_tie_${tag}_${String(i).padStart(2, '0')}`;
      ids.push(id);
      await upsertSummary(
        db(),
        'session',
        {
          id,
          status: 'open',
          amount: 10,
          currency: 'XAF',
          reference: `${tag}-${i}`,
          country_id: null,
          sub_merchant_id: null,
          attempt_count: 0,
          created_at: i < 9 ? at : at - i,
          updated_at: at,
          expires_at: at + 3_600_000,
        },
        1,
      ).run();
    }
    const window = `currency=XAF&created_gte=${new Date(at - 100).toISOString()}&created_lt=${new Date(at + 1).toISOString()}`;
    for (const limit of [1, 2, 5]) {
      const { rows } = await allPages<SessionItem>('/v1/sessions', window, limit);
      const got = rows.map((r) => r.id).filter((id) => ids.includes(id));
      const expected = [...ids.slice(0, 9)].sort().reverse().concat(ids.slice(9));
      expect(got, `limit ${limit}`).toEqual(expected);
    }
  });

  it('pages while sessions are created concurrently: no row twice, none skipped', async () => {
    const tag = ref('conc');
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      made.push(
        (await createSession({ amount: 300 + i, currency: 'TZS', reference: `${tag}-${i}` })).id,
      );
    }
    await Promise.all(made.map((id) => waitForRow('sessions', id)));
    const since = (await db()
      .prepare('SELECT MIN(created_at) AS t FROM sessions WHERE id = ?')
      .bind(made[0])
      .first<{ t: number }>())!.t;
    let paging = true;
    const inserting = (async () => {
      let n = 0;
      while (paging && n < 20) {
        await createSession({ amount: 999, currency: 'TZS', reference: `${tag}-new-${n++}` });
      }
    })();
    const { rows } = await allPages<SessionItem>(
      '/v1/sessions',
      `currency=TZS&created_gte=${new Date(since).toISOString()}`,
      2,
      () => new Promise((r) => setTimeout(r, 30)),
    );
    paging = false;
    await inserting;
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size, 'no row twice').toBe(ids.length);
    for (const id of made) expect(ids, 'no row skipped').toContain(id);
    const keys = rows.map((r) => `${r.created_at}|${r.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
  });

  it('filters by status, currency, reference, country_id, method, created range and sub_merchant_id', async () => {
    const tag = ref('filt');
    const paid = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: `${tag}-paid`,
      sub_merchant_id: KNOWN,
    });
    expect(
      (await startAttempt(paid.id, { country_id: 1, method: 'send money', mobile: '254712345000' }))
        .status,
    ).toBe(201);
    await waitForSession(paid.id, 'succeeded');
    const open = await createSession({ amount: 2500, currency: 'UGX', reference: `${tag}-open` });
    await waitForRow('sessions', paid.id, { status: 'succeeded', sub_merchant_id: KNOWN });
    await waitForRow('attempts', `${paid.id}.1`, { status: 'succeeded', method: 'send money' });
    await waitForRow('sessions', open.id);
    const since = `created_gte=${encodeURIComponent(paid.created_at)}`;
    const list = async (q: string) => {
      const { status, json } = await getJson<Page<SessionItem>>(`/v1/sessions?${since}&${q}`);
      expect(status, JSON.stringify(json)).toBe(200);
      return json.data.map((s) => s.id).filter((id) => id === paid.id || id === open.id);
    };
    expect(await list(`reference=${tag}-paid`)).toEqual([paid.id]);
    expect(await list('status=succeeded')).toEqual([paid.id]);
    expect(await list('status=open')).toEqual([open.id]);
    expect(await list('currency=UGX')).toEqual([open.id]);
    expect(await list('currency=KES')).toEqual([paid.id]);
    expect(await list('country_id=1')).toEqual([paid.id]);
    expect(await list('method=send%20money')).toEqual([paid.id]);
    expect(await list('method=mtn')).toEqual([]);
    expect(await list(`sub_merchant_id=${KNOWN.toUpperCase()}`)).toEqual([paid.id]);
    expect(await list('sub_merchant_id=00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect(await list(`created_lt=${encodeURIComponent(paid.created_at)}`)).toEqual([]);
    const both = await list('limit=100');
    expect(both.sort()).toEqual([paid.id, open.id].sort());
    const one = (await getJson<Page<SessionItem>>(`/v1/sessions?reference=${tag}-paid`)).json
      .data[0]!;
    expect(one).toMatchObject({
      status: 'succeeded',
      sub_merchant_id: KNOWN,
      attempts: [{ id: `${paid.id}.1`, status: 'succeeded', method: 'send money', country_id: 1 }],
    });
  });

  it('searches metadata: exact match on one or more keys, none found, erased metadata not found', async () => {
    const tag = ref('meta');
    const cart = `${tag}-c-9`;
    const a = await createSession({
      amount: 100,
      currency: 'UGX',
      reference: `${tag}-a`,
      metadata: { cart, shop: 'north', 'note key': 'x' },
    });
    const b = await createSession({
      amount: 100,
      currency: 'KES',
      reference: `${tag}-b`,
      metadata: { cart, shop: 'south' },
    });
    const c = await createSession({
      amount: 100,
      currency: 'UGX',
      reference: `${tag}-c`,
      metadata: { cart: `${cart}0` },
    });
    for (const s of [a, b, c]) await waitForRow('sessions', s.id);
    const search = async (q: string) => {
      const { status, json } = await getJson<Page<SessionItem>>(`/v1/sessions?${q}`);
      expect(status, JSON.stringify(json)).toBe(200);
      return json.data.map((s) => s.id);
    };
    expect((await search(`metadata[cart]=${cart}`)).sort()).toEqual([a.id, b.id].sort());
    expect(await search(`metadata%5Bcart%5D=${cart}&metadata[shop]=south`)).toEqual([b.id]);
    expect(await search(`metadata[cart]=${cart}&currency=UGX`)).toEqual([a.id]);
    expect(await search(`metadata[note%20key]=x&metadata[cart]=${cart}`)).toEqual([a.id]);
    expect(await search(`metadata[cart]=${cart}&metadata[shop]=west`)).toEqual([]);
    expect(await search(`metadata[basket]=${cart}`)).toEqual([]);
    // Erased with the session's personal data: the index forgets it too.
    expect(
      (await startAttempt(b.id, { country_id: 1, method: 'send money', mobile: '254712345000' }))
        .status,
    ).toBe(201);
    await waitForSession(b.id, 'succeeded');
    expect((await merchant(`/v1/sessions/${b.id}/redact`, { method: 'POST' })).status).toBe(200);
    await waitForRow('sessions', b.id, { metadata: null });
    expect(await search(`metadata[cart]=${cart}`)).toEqual([a.id]);
  });

  it("searches by the phone's last digits and by amount; the index holds only the masked phone", async () => {
    const tag = ref('phone');
    const amount = 1000 + Math.floor(Math.random() * 90_000);
    const paid = await createSession({ amount, currency: 'KES', reference: `${tag}-a` });
    const failed = await createSession({
      amount: amount + 1,
      currency: 'KES',
      reference: `${tag}-b`,
    });
    for (const [s, mobile] of [
      [paid, '254712345000'],
      [failed, '254712345001'],
    ] as const) {
      expect(
        (await startAttempt(s.id, { country_id: 1, method: 'send money', mobile })).status,
      ).toBe(201);
    }
    const row = await waitForRow('attempts', `${paid.id}.1`, { mobile_masked: '254******000' });
    expect(JSON.stringify(row)).not.toContain('712345');
    await waitForRow('attempts', `${failed.id}.1`, { mobile_masked: '254******001' });
    const since = `created_gte=${encodeURIComponent(paid.created_at)}`;
    const search = async (q: string) => {
      const { status, json } = await getJson<Page<SessionItem>>(`/v1/sessions?${since}&${q}`);
      expect(status, JSON.stringify(json)).toBe(200);
      return json.data.map((s) => s.id).filter((id) => id === paid.id || id === failed.id);
    };
    expect(await search('phone_last=000')).toEqual([paid.id]);
    expect(await search('phone_last=001')).toEqual([failed.id]);
    expect(await search('phone_last=999')).toEqual([]);
    expect(await search(`amount=${amount}`)).toEqual([paid.id]);
    expect(await search(`amount=${amount + 1}&phone_last=001`)).toEqual([failed.id]);
    expect(await search(`amount=${amount}&phone_last=001`)).toEqual([]);
  });

  it('a bad metadata search is a 400 naming the parameter and why', async () => {
    const long = 'k'.repeat(41);
    for (const [query, param, why] of [
      ['metadata[]=x', 'metadata[]', /key of 1 to 40 characters/],
      [`metadata[${long}]=x`, `metadata[${long}]`, /key of 1 to 40 characters/],
      ['metadata=x', 'metadata', /written metadata\[<key>\]=<value>/],
      ['metadata[a][b]=x', 'metadata[a][b]', /written metadata\[<key>\]=<value>/],
      ['metadata[cart]=1&metadata[cart]=2', 'metadata[cart]', /given once/],
      [`metadata[cart]=${'v'.repeat(501)}`, 'metadata[cart]', /at most 500 characters/],
    ] as const) {
      const { status, json } = await getJson<{
        error: { code: string; message: string; param?: string };
      }>(`/v1/sessions?${query}`);
      expect(status, query).toBe(400);
      expect(json.error).toMatchObject({ code: 'VALIDATION_FAILED', param });
      expect(json.error.message).toMatch(why);
    }
  });

  it('a bad parameter is a 400 naming it, and changes nothing', async () => {
    const before = (await db()
      .prepare('SELECT COUNT(*) AS n FROM sessions')
      .first<{ n: number }>())!.n;
    for (const [query, path] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['status=done', 'status'],
      ['currency=kes', 'currency'],
      ['country_id=x', 'country_id'],
      ['created_gte=yesterday', 'created_gte'],
      ['created_lt=2026-13-01T00:00:00Z', 'created_lt'],
      ['sub_merchant_id=not-a-uuid', 'sub_merchant_id'],
      ['starting_after=garbage!', 'starting_after'],
      ['starting_after=WzEsMl0', 'starting_after'],
      ['colour=red', 'colour'],
      ['phone_last=12', 'phone_last'],
      ['phone_last=254712345000', 'phone_last'],
      ['phone_last=abc', 'phone_last'],
      ['amount=1.5', 'amount'],
      ['amount=-1', 'amount'],
    ] as const) {
      const { status, json } = await getJson<{
        error: { code: string; details: { issues: { path: string }[] } };
      }>(`/v1/sessions?${query}`);
      expect(status, query).toBe(400);
      expect(json.error.code).toBe('VALIDATION_FAILED');
      expect(json.error.details.issues.map((i) => i.path)).toContain(path);
    }
    const after = (await db().prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())!
      .n;
    expect(after).toBe(before);
    expect(
      (await merchant('/v1/sessions', { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401);
  });
});

describe('GET /v1/payouts and /v1/payment-link-payments', () => {
  it('lists payouts with filters and pages', async () => {
    const a = payoutBody('000');
    const b = payoutBody('001');
    expect((await createPayout(a)).status).toBe(201);
    expect((await createPayout(b)).status).toBe(201);
    await waitForPayout(a.reference, 'succeeded');
    await waitForPayout(b.reference, 'failed');
    await waitForRow('payouts', a.reference, { status: 'succeeded' });
    await waitForRow('payouts', b.reference, { status: 'failed' });
    const mine = async (q: string) =>
      (await getJson<Page<{ reference: string }>>(`/v1/payouts?${q}`)).json.data
        .map((p) => p.reference)
        .filter((r) => r === a.reference || r === b.reference);
    expect(await mine(`reference=${a.reference}`)).toEqual([a.reference]);
    expect(await mine('status=failed&limit=100')).toEqual([b.reference]);
    expect(await mine('method=mtn&currency=UGX&limit=100')).toEqual(
      expect.arrayContaining([a.reference, b.reference]),
    );
    expect(await mine('currency=KES&limit=100')).toEqual([]);
    const { rows } = await allPages<{ reference: string }>('/v1/payouts', 'currency=UGX', 1);
    const refs = rows.map((r) => r.reference);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toEqual(expect.arrayContaining([a.reference, b.reference]));
    expect((await getJson('/v1/payouts?status=open')).status).toBe(400);
  });

  it('lists payment-link payments', async () => {
    const upstream = ref('SBX-PL');
    const res = await callback('/hooks/payment-links', linkSuccess(upstream, 1500, 'PL-LIST-1'));
    expect(res.status).toBe(200);
    await waitForRow('link_payments', upstream, { status: 'succeeded', amount: 1500 });
    const { json } = await getJson<Page<Record<string, unknown>>>(
      `/v1/payment-link-payments?reference=${upstream}`,
    );
    expect(json.data).toEqual([
      expect.objectContaining({
        id: upstream,
        status: 'succeeded',
        amount: 1500,
        currency: 'KES',
        reference: 'PL-LIST-1',
        upstream_reference: upstream,
      }),
    ]);
    // A link payment is pending while only unknown reports came; `open` is a session's status.
    expect((await getJson('/v1/payment-link-payments?status=pending')).status).toBe(200);
    expect((await getJson('/v1/payment-link-payments?status=open')).status).toBe(400);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { checkout, createSession, expectNoSecrets, merchant, ref } from '../helpers';

afterAll(() => expectNoSecrets());

describe('merchant API: sessions', () => {
  it('creates a session (201) and reads it back with its terms', async () => {
    const reference = ref();
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference,
      customer: { first_name: 'Amina', mobile: '254712345000' },
      metadata: { order: '42' },
    });
    expect(session.id).toMatch(/^cs_[a-z2-7]{26}$/);
    expect(session).toMatchObject({ status: 'open', amount: 1500, currency: 'KES', reference });
    expect(session.attempts).toEqual([]);
    const res = await merchant(`/v1/sessions/${session.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: session.id, metadata: { order: '42' } });
  });

  it('is idempotent by Idempotency-Key: same terms → same session (200), other terms → 409', async () => {
    const body = { amount: 200, currency: 'UGX', reference: ref() };
    const headers = { 'idempotency-key': `key-${body.reference}` };
    const first = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify(body),
      headers,
    });
    const again = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify(body),
      headers,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
    const other = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({ ...body, amount: 201 }),
      headers,
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_MISMATCH' } });
  });

  it('refuses a missing or wrong API key with 401 in the error shape, saying which', async () => {
    const missing = 'Send your merchant API key as Authorization: Bearer <key>.';
    const wrong = 'This key is not valid (unknown, expired or revoked).';
    for (const [authorization, message] of [
      ['', missing],
      ['Basic abc', missing],
      ['Bearer nope', wrong],
      ['Bearer dev-merchant-key-x', wrong],
      ['Bearer uc_live_nobody_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', wrong],
    ]) {
      const res = await merchant('/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        headers: { authorization: authorization! },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message } });
    }
  });

  it('refuses bad bodies with 4xx naming the field, and creates nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ amount: 10.5, currency: 'KES', reference: 'a' }, 400, 'amount'],
      [{ amount: 0, currency: 'KES', reference: 'a' }, 400, 'amount'],
      [{ amount: 10, currency: 'EUR', reference: 'a' }, 400, 'currency'],
      [{ amount: 10, currency: 'KES' }, 400, 'reference'],
      [{ amount: 10, currency: 'KES', reference: 'a', extra: 1 }, 400, 'extra'],
      [{ amount: 10, currency: 'KES', reference: 'a', country_id: 2 }, 400, 'country_id'],
      [
        { amount: 10, currency: 'KES', reference: 'a', return_url: 'javascript:alert(1)' },
        400,
        'return_url',
      ],
    ];
    for (const [body, status, field] of cases) {
      const res = await merchant('/v1/sessions', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const json = (await res.json()) as {
        error: { code: string; details: { issues: { path: string }[] } };
      };
      expect(json.error.code).toBe('VALIDATION_FAILED');
      expect(json.error.details.issues.map((i) => i.path).join(' ')).toContain(field);
    }
    const notJson = await merchant('/v1/sessions', {
      method: 'POST',
      body: '{"amount":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
    const wrongType = await merchant('/v1/sessions', {
      method: 'POST',
      body: 'amount=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    const huge = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({ amount: 1, currency: 'KES', reference: 'x'.repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
    const proto = await merchant('/v1/sessions', {
      method: 'POST',
      body: '{"amount":1,"currency":"KES","reference":"a","__proto__":{"x":1}}',
    });
    expect(proto.status).toBe(400);
  });

  it('answers 404 SESSION_NOT_FOUND for unknown and malformed ids', async () => {
    for (const id of ['cs_aaaaaaaaaaaaaaaaaaaaaaaaab', 'nope', 'cs_%2e%2e']) {
      const res = await merchant(`/v1/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'SESSION_NOT_FOUND' } });
    }
  });
});

describe('public checkout view', () => {
  it('offers the countries of the session currency, with their enabled methods, and no secrets', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref() });
    const res = await checkout(`/${session.id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as {
      countries: { id: number; methods: { value: string }[] }[];
    };
    expect(view.countries.map((c) => c.id)).toEqual([2, 3, 9, 18, 19, 20]);
    expect(view.countries.find((c) => c.id === 9)!.methods.map((m) => m.value)).toEqual([
      'Orange',
      'Free',
      'Wave',
    ]);
    const text = JSON.stringify(view);
    for (const word of ['client_id', 'signature', 'payment_token', 'test-client', 'senderKey']) {
      expect(text).not.toContain(word);
    }
  });

  it('narrows countries and methods to the session restrictions', async () => {
    const session = await createSession({
      amount: 5000,
      currency: 'XOF',
      reference: ref(),
      country_id: 9,
      methods: ['Wave'],
    });
    const view = (await (await checkout(`/${session.id}`)).json()) as {
      countries: { id: number; methods: { value: string }[] }[];
    };
    expect(view.countries).toHaveLength(1);
    expect(view.countries[0]!.methods.map((m) => m.value)).toEqual(['Wave']);
  });

  it('enforces the CORS allowlist with Vary: Origin', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref() });
    const good = await checkout(`/${session.id}`, { headers: { origin: 'http://localhost:8787' } });
    expect(good.status).toBe(200);
    expect(good.headers.get('access-control-allow-origin')).toBe('http://localhost:8787');
    expect(good.headers.get('vary')).toContain('Origin');
    const bad = await checkout(`/${session.id}`, { headers: { origin: 'https://evil.example' } });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('vary')).toContain('Origin');
    expect(await bad.json()).toMatchObject({ error: { code: 'ORIGIN_NOT_ALLOWED' } });
    const preflight = await checkout(`/${session.id}/attempts`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8787', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  });
});

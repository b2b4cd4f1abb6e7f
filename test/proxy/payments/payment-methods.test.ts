// Operator prediction (merchant and checkout routes), per-method amount limits at
// session creation, availability from the query index (real failures from the sandbox, the
// minimum count, the manual override) and the payment-methods list. The real proxy, sandbox,
// Durable Objects and D1.
import { describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import { checkout, createSession, merchant, ref, startAttempt, KENYA_PAYER } from '../helpers';
import { configProblems } from '../deployment/config-detail';
import { merchantWith, settleAttempts } from './methods-support';

interface Listed {
  country_id: number;
  method: string;
  label: string;
  min: number | null;
  max: number | null;
  status: string;
  instructions: { en: string } | null;
}

async function predict(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await merchant('/v1/payment-methods/predict', {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function listed(currency: string, overrides = {}): Promise<Listed[]> {
  const res = await merchantWith(`/v1/payment-methods?currency=${currency}`, overrides);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Listed[] }).data;
}

describe('POST /v1/payment-methods/predict', () => {
  it('predicts MTN and Airtel in Rwanda from the prefix, in any typed form', async () => {
    expect(await predict({ mobile: '+250 788 123 456' })).toEqual({
      status: 200,
      json: { country_id: 8, method: 'mtn', e164: '+250788123456' },
    });
    expect((await predict({ mobile: '00250-722-123-456' })).json).toMatchObject({
      country_id: 8,
      method: 'Airtel',
    });
    // A national number needs its country.
    expect((await predict({ mobile: '0791 234 567', country_id: 8 })).json).toMatchObject({
      country_id: 8,
      method: 'mtn',
      e164: '+250791234567',
    });
  });

  it('answers method null for a prefix no table lists (the payer chooses)', async () => {
    expect(await predict({ mobile: '+256 701 234 567' })).toEqual({
      status: 200,
      json: { country_id: 11, method: null, e164: '+256701234567' },
    });
    // A single-method country without a table: no guess either.
    expect((await predict({ mobile: '+254712345678' })).json).toMatchObject({ method: null });
  });

  it('refuses bad input with a 4xx in the error shape', async () => {
    for (const body of [
      { mobile: 'not a number' },
      { mobile: '+250 788' },
      { mobile: '0788123456' }, // national, no country
      { mobile: '+1 202 555 0100' }, // not a market
    ]) {
      const { status, json } = await predict(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await predict({ mobile: '+250788123456', extra: 1 })).status).toBe(400);
    expect((await predict({})).status).toBe(400);
    expect((await predict({ mobile: '0788123456', country_id: 99 })).status).toBe(422);
    const text = await merchant('/v1/payment-methods/predict', {
      method: 'POST',
      body: 'mobile=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});

/** `POST /v1/checkout/:id/predict` with `body`. */
const checkoutPredict = (id: string, body: Record<string, unknown>) =>
  checkout(`/${id}/predict`, { method: 'POST', body: JSON.stringify(body) });

describe('POST /v1/checkout/:id/predict', () => {
  it('predicts among the session’s offered methods and never echoes the number', async () => {
    const session = await createSession({ amount: 1000, currency: 'RWF', reference: ref() });
    const res = await checkoutPredict(session.id, { mobile: '0788 123 456', country_id: 8 });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ country_id: 8, method: 'mtn' });
    expect(text).not.toContain('788123456');
  });

  it('answers null for an unknown prefix and for an operator the session does not offer', async () => {
    const session = await createSession({
      amount: 1000,
      currency: 'RWF',
      reference: ref(),
      methods: ['Airtel'],
    });
    for (const mobile of ['0751234567', '0788123456']) {
      const res = await checkoutPredict(session.id, { mobile, country_id: 8 });
      expect(await res.json()).toEqual({ country_id: 8, method: null });
    }
  });

  it('refuses bad input (4xx) and an unknown session (404)', async () => {
    const session = await createSession({ amount: 1000, currency: 'RWF', reference: ref() });
    const bad = await checkoutPredict(session.id, { mobile: '12', country_id: 8 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const foreign = await checkoutPredict(session.id, { mobile: '+256772123456' });
    expect(foreign.status).toBe(400);
    const missing = await checkout('/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa/predict', {
      method: 'POST',
      body: JSON.stringify({ mobile: '0788123456' }),
    });
    expect(missing.status).toBe(404);
  });
});

describe('amount limits (METHOD_LIMITS)', () => {
  it('refuses a session whose amount no offered method takes: 400 naming the ranges', async () => {
    const res = await merchant('/v1/sessions', {
      method: 'POST',
      // The suite's CATALOGUE enables Airtel in Kenya too (no limit): M-PESA alone.
      body: JSON.stringify({
        amount: 300_000,
        currency: 'KES',
        reference: ref(),
        methods: ['send money'],
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: unknown };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toContain('M-PESA (Kenya): 1 to 250,000 KES');
    expect(body.error.details).toMatchObject({
      issues: [{ path: 'amount' }],
      ranges: [{ country_id: 1, method: 'send money', min: 1, max: 250_000 }],
    });
    // Within the range it is a session, whose view carries the range.
    const session = await createSession({
      amount: 250_000,
      currency: 'KES',
      reference: ref(),
      methods: ['send money'],
    });
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.countries[0]!.methods[0]).toMatchObject({ min: 1, max: 250_000 });
  });

  it('takes the amount once one offered method can, and follows the setting', async () => {
    const limits = { METHOD_LIMITS: '{"ug-operator-2": {"max": 5000}}' };
    const created = await merchantWith('/v1/sessions', limits, {
      method: 'POST',
      body: JSON.stringify({ amount: 6000, currency: 'UGX', reference: ref() }),
    });
    expect(created.status).toBe(201);
    const airtelOnly = await merchantWith('/v1/sessions', limits, {
      method: 'POST',
      body: JSON.stringify({
        amount: 6000,
        currency: 'UGX',
        reference: ref(),
        methods: ['Airtel'],
      }),
    });
    expect(airtelOnly.status).toBe(400);
    const dropped = await merchantWith(
      '/v1/sessions',
      { METHOD_LIMITS: '{"ke-send-money": null}' },
      {
        method: 'POST',
        body: JSON.stringify({
          amount: 300_000,
          currency: 'KES',
          reference: ref(),
          methods: ['send money'],
        }),
      },
    );
    expect(dropped.status).toBe(201);
  });

  it('refuses an attempt with a method whose range excludes the amount', async () => {
    // Airtel (the suite's CATALOGUE) takes 300,000 KES; M-PESA does not.
    const session = await createSession({ amount: 300_000, currency: 'KES', reference: ref() });
    const refused = await startAttempt(session.id, KENYA_PAYER);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({
      code: 'METHOD_NOT_AVAILABLE',
      details: { min: 1, max: 250_000 },
    });
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.attempt).toBeNull();
  });

  it('a malformed METHOD_LIMITS is CONFIG_INVALID naming it', async () => {
    for (const bad of ['{', '{"nope": {"max": 1}}', '{"ke-send-money": {"min": 5, "max": 1}}']) {
      expect(await configProblems({ METHOD_LIMITS: bad })).toContain('METHOD_LIMITS');
    }
  });
});

describe('availability from the query index', () => {
  it('a method with enough recent failures is closed; below the minimum count it stays operational', async () => {
    const airtel = { currency: 'RWF', country_id: 8, method: 'Airtel' };
    // Four failures: fewer than the minimum count (5).
    await settleAttempts(airtel, ['250730000001', '250730001001', '250730002001', '250730003001']);
    let rwanda = await listed('RWF');
    expect(rwanda.find((m) => m.method === 'Airtel')?.status).toBe('operational');
    await settleAttempts(airtel, ['250730004001']);
    rwanda = await listed('RWF');
    expect(rwanda.find((m) => m.method === 'Airtel')?.status).toBe('closed');
    expect(rwanda.find((m) => m.method === 'mtn')?.status).toBe('operational');
    // The checkout view leaves it out, a prediction never names it, an attempt with it is refused.
    const session = await createSession({ amount: 1000, currency: 'RWF', reference: ref() });
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.countries[0]!.methods.map((m) => m.value)).toEqual(['mtn']);
    expect(view.countries[0]!.methods[0]).not.toHaveProperty('status');
    const predicted = await checkoutPredict(session.id, { mobile: '0722123456', country_id: 8 });
    expect(await predicted.json()).toEqual({ country_id: 8, method: null });
    const refused = await startAttempt(session.id, {
      country_id: 8,
      method: 'Airtel',
      mobile: '250730005000',
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error?.code).toBe('METHOD_NOT_AVAILABLE');
  });

  it('a share of failures between the thresholds is degraded', async () => {
    const mtn = { currency: 'UGX', country_id: 11, method: 'mtn' };
    await settleAttempts(mtn, [
      '256772000001',
      '256772001001',
      '256772002001',
      '256772003000',
      '256772004000',
    ]);
    const uganda = await listed('UGX');
    expect(uganda.find((m) => m.method === 'mtn')?.status).toBe('degraded');
    const session = await createSession({ amount: 1000, currency: 'UGX', reference: ref() });
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.countries[0]!.methods.find((m) => m.value === 'mtn')?.status).toBe('degraded');
  });

  it('the manual override wins over the computed status', async () => {
    const overrides = {
      METHOD_STATUS: '{"ug-operator-2": "closed", "ug-operator-1": "operational"}',
    };
    const uganda = await listed('UGX', overrides);
    expect(uganda.find((m) => m.method === 'Airtel')?.status).toBe('closed');
    expect(uganda.find((m) => m.method === 'mtn')?.status).toBe('operational');
    expect(await configProblems({ METHOD_STATUS: '{"ug-operator-2": "down"}' })).toContain(
      'METHOD_STATUS.ug-operator-2',
    );
  });
});

describe('GET /v1/payment-methods', () => {
  it('lists each method with its label, limits, status and payer instructions', async () => {
    const kenya = await listed('KES');
    expect(kenya.find((m) => m.method === 'send money')).toEqual({
      country_id: 1,
      currency: 'KES',
      method: 'send money',
      kind: 'phone_prompt',
      label: 'M-PESA',
      min: 1,
      max: 250_000,
      status: 'operational',
      instructions: expect.objectContaining({ en: expect.any(String), sw: expect.any(String) }),
    });
    const rwanda = await listed('RWF');
    expect(rwanda.find((m) => m.method === 'mtn')?.instructions?.en).toContain('*182*7#');
    const all = await listed('');
    expect(all.length).toBeGreaterThan(kenya.length);
  });

  it('refuses an unknown currency with 400', async () => {
    const res = await merchant('/v1/payment-methods?currency=EUR');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

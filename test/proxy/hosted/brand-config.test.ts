// Operator brands reach the payer's view, and the CATALOGUE object form and
// VIRTUAL_ACCOUNT_BANKS are validated like every other setting (a bad shape answers
// CONFIG_INVALID, named at /v1/diagnostics). Each config case calls the Worker's own fetch handler with the
// suite's env changed in one setting, as a deployment with that setting would run.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import type { CheckoutView } from '../../../shared/view';
import { BASE, checkout, createSession, ref } from '../helpers';
import { configProblems, expectBareConfigInvalid } from '../deployment/config-detail';

async function probe(overrides: Partial<ProxyEnv>) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa`, {
      headers: { authorization: `Bearer ${env.MERCHANT_API_KEY}` },
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: res.status,
    json: (await res.json()) as { error?: { code: string; message: string } },
  };
}

describe('CATALOGUE object form and VIRTUAL_ACCOUNT_BANKS in the configuration', () => {
  it('accepts the object form beside the string form, and bank names', async () => {
    const res = await probe({
      CATALOGUE: JSON.stringify({
        'bj-operator-2': { type: 'MOOV', label: 'Moov Money', badge: 'MM', color: '#0066b3' },
        'ci-otp': 'Orange',
      }),
      VIRTUAL_ACCOUNT_BANKS: '{"17001":"Wema Bank"}',
    });
    expect(res.status).toBe(404); // configured: the session is unknown
  });

  it.each([
    [
      { CATALOGUE: '{"bj-operator-2":{"label":"Moov Money"}}' },
      /CATALOGUE slot "bj-operator-2" needs "type"/,
    ],
    [{ CATALOGUE: '{"bj-operator-2":{"type":"MOOV","color":"red"}}' }, /"color" must be a #rrggbb/],
    [
      { VIRTUAL_ACCOUNT_BANKS: '{"99999":"Wema Bank"}' },
      /VIRTUAL_ACCOUNT_BANKS names an unknown bank code "99999"/,
    ],
    [{ VIRTUAL_ACCOUNT_BANKS: 'Wema Bank' }, /VIRTUAL_ACCOUNT_BANKS is not valid JSON/],
  ])('refuses %j with CONFIG_INVALID naming it at /v1/diagnostics', async (overrides, message) => {
    const res = await probe(overrides);
    expect(res.status).toBe(500);
    expectBareConfigInvalid(res.json); // the detail is the merchant's, not the payer's
    expect(await configProblems(overrides)).toMatch(message);
  });
});

describe('the checkout view', () => {
  it('carries each method’s brand label and badge', async () => {
    const session = await createSession({ amount: 1500, currency: 'XOF', reference: ref('brand') });
    const res = await checkout(`/${session.id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as CheckoutView;
    const benin = view.countries.find((c) => c.id === 2)!;
    expect(benin.methods).toEqual([
      {
        value: 'mtn',
        kind: 'operator_prompt',
        label: 'MTN MoMo',
        badge: { text: 'MTN', bg: '#ffcb05', fg: '#000000' },
      },
      {
        value: 'MOOV',
        kind: 'operator_prompt',
        label: 'Moov Money',
        badge: { text: 'MM', bg: '#0066b3', fg: '#ffffff' },
      },
    ]);
    for (const country of view.countries) {
      for (const method of country.methods) {
        expect(method.badge?.text, `${country.name} ${method.value}`).toMatch(/^[A-Z0-9]{1,3}$/);
        if (method.value !== 'Wave') {
          expect(method.label, `${country.name} ${method.value}`).not.toBe(method.value);
        }
      }
    }
  });
});

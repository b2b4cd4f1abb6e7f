// The fixed egress address (relay/relay.mjs; docs/deploy.md, "A fixed egress address: the
// relay"): the standalone sandbox admits only the relay's address. The proxy's calls through
// the relay, with its RELAY_TOKEN, are accepted and a payment completes; called directly, the
// sandbox refuses them (whitelist); through the relay without the token, the relay does.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../worker/doctor/checks';
import type { ProxyEnv } from '../../worker/env';
import worker from '../../worker/index';
import { RELAY_TEST } from './ports';

async function merchant(path: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(
    new Request(`http://127.0.0.1:8787${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${env.MERCHANT_API_KEY}`,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The doctor's signed status query, from the Worker's fetch handler with `overrides`. */
async function signatureCheck(overrides: Partial<ProxyEnv>) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request('http://127.0.0.1:8787/v1/diagnostics', {
      headers: { authorization: `Bearer ${env.MERCHANT_API_KEY}` },
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const report = (await res.json()) as DoctorReport;
  return report.checks.find((c) => c.id === 'signature')!;
}

describe('the proxy behind the relay', () => {
  it('pays a session through the relay: the create and the status query pass the whitelist', async () => {
    const created = await merchant('/v1/sessions', {
      amount: 1500,
      currency: 'KES',
      reference: `relay-${Date.now()}`,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // …003: the sandbox never calls back; its status query answers success.
    const attempt = await exports.default.fetch(
      new Request(`http://127.0.0.1:8787/v1/checkout/${id}/attempts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ country_id: 1, method: 'send money', mobile: '254712345003' }),
      }),
    );
    const started = (await attempt.json()) as { attempt: { status: string } };
    expect(attempt.status, JSON.stringify(started)).toBe(201);
    expect(started.attempt.status).toBe('pending');
    // Asked now (the reconcile route) until the sandbox has settled it: the answer comes back
    // through the relay too.
    await expect
      .poll(async () => {
        const res = await merchant(`/v1/sessions/${id}/reconcile`, {});
        return ((await res.json()) as { status: string }).status;
      })
      .toBe('succeeded');
  });

  it('is refused by the whitelist when it calls the sandbox directly', async () => {
    const direct = await signatureCheck({ SERVICE_BASE_URL: RELAY_TEST.sandbox });
    expect(direct.status).toBe('fail');
    expect(direct.found).toMatch(/HTTP 403.*whitelist/i);
    expect((await signatureCheck({})).status).toBe('pass');
  });

  it('is refused by the relay without its token, or with another', async () => {
    for (const RELAY_TOKEN of ['', 'not-the-token-of-this-relay-0123456789']) {
      const refused = await signatureCheck({ RELAY_TOKEN });
      expect(refused.status).toBe('fail');
      expect(refused.found).toContain('HTTP 401');
    }
  });
});

// SERVICE_SIGNING_SCHEME: one setting signs our envelopes and verifies the upstream's callbacks.
// This file runs in `proxy` (sha256 on both sides) and `proxy-hmac` (hmac-sha256 on both
// sides); a mismatched scheme is refused in both directions. Also: how upstream answers are
// classified (408, 429 and 3xx are unknown, never refusals; redirects are not followed).
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../../../shared/errors';
import { loadConfig } from '../../../worker/config';
import type { ProxyEnv } from '../../../worker/env';
import { statusResponseSchema, tokenResponseSchema } from '../../../shared/schemas';
import { callUpstream, classify, conform } from '../../../worker/upstream';
import { expectNoSecrets, ref } from '../helpers';
import {
  callback,
  createPayout,
  otherScheme,
  payoutBody,
  projectScheme,
  types,
  waitForPayout,
} from '../money';

afterAll(() => expectNoSecrets());

const STATUS_PATH = '/api/v3/get-unified-transaction-status';

describe(`signing scheme (${projectScheme()})`, () => {
  it('the proxy runs with the scheme of its project', () => {
    expect(loadConfig(env).credentials.scheme).toBe(projectScheme());
  });

  it('end to end: a payout signed with it is accepted, the upstream callback verifies, one payout.succeeded', async () => {
    const { status, view } = await createPayout(payoutBody('000'));
    expect(status).toBe(201);
    expect(view.create_state).toBe('accepted');
    const done = await waitForPayout(view.reference, 'succeeded');
    expect(types(done)).toEqual(['payout.succeeded']);
  });

  it('an envelope signed with the other scheme: the upstream (sandbox) answers 403', async () => {
    const config = loadConfig(env);
    const mismatched = { ...config, credentials: { ...config.credentials, scheme: otherScheme() } };
    const refused = await callUpstream(
      env,
      mismatched,
      STATUS_PATH,
      { params: { id: 'anything', type: 'payout' } },
      statusResponseSchema,
    );
    expect(refused).toMatchObject({ kind: 'rejected', status: 403 });
    // The same call with the project's scheme is verified (400: no such transaction).
    const verified = await callUpstream(
      env,
      config,
      STATUS_PATH,
      { params: { id: `nothing-${Date.now()}`, type: 'payout' } },
      statusResponseSchema,
    );
    expect(verified).toMatchObject({ kind: 'rejected', status: 400 });
  });

  it('a callback signed with the other scheme answers 401 at every hook; with ours, 200', async () => {
    const reference = ref('scheme');
    const params = {
      amount: 1500,
      currency: 'KES',
      payment_reference: reference,
      payment_step: 2,
      reference: `TX-${reference}`,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: reference,
    };
    for (const path of ['/hooks/collections', '/hooks/payouts', '/hooks/payment-links'] as const) {
      const forged = await callback(path, params, otherScheme());
      expect(forged.status, path).toBe(401);
      expect(forged.json).toMatchObject({ error: { code: 'SIGNATURE_INVALID' } });
      const genuine = await callback(path, params);
      expect(genuine.status, path).toBe(200);
    }
  });
});

describe('configuration of the scheme and the horizon', () => {
  function configWith(vars: Record<string, string>) {
    return () => loadConfig({ ...(env as unknown as ProxyEnv), ...vars } as ProxyEnv);
  }

  it('SERVICE_SIGNING_SCHEME: sha256 by default, hmac-sha256 accepted, anything else CONFIG_INVALID naming it', () => {
    expect(configWith({ SERVICE_SIGNING_SCHEME: '' })().credentials.scheme).toBe('sha256');
    expect(configWith({ SERVICE_SIGNING_SCHEME: 'hmac-sha256' })().credentials.scheme).toBe(
      'hmac-sha256',
    );
    for (const bad of ['md5', 'HMAC', 'sha-256']) {
      const load = configWith({ SERVICE_SIGNING_SCHEME: bad });
      expect(load).toThrow(CheckoutError);
      expect(load).toThrow(/SERVICE_SIGNING_SCHEME must be one of sha256, hmac-sha256/);
    }
  });

  it('RECONCILE_HORIZON_HOURS: 24 h by default, a positive number of hours, else CONFIG_INVALID', () => {
    expect(configWith({ RECONCILE_HORIZON_HOURS: '' })().reconcileHorizonMs).toBe(86_400_000);
    expect(configWith({ RECONCILE_HORIZON_HOURS: '0.5' })().reconcileHorizonMs).toBe(1_800_000);
    for (const bad of ['0', '-1', 'soon']) {
      expect(configWith({ RECONCILE_HORIZON_HOURS: bad })).toThrow(/RECONCILE_HORIZON_HOURS/);
    }
  });
});

describe('upstream answers of unknown effect are never refusals', () => {
  const refusal = '{"success":false,"message":"Transaction was not created!"}';

  it('408 and 429 are unavailable (whatever the body), like 5xx', () => {
    for (const status of [408, 429, 500, 502, 503]) {
      expect(classify(status, refusal), String(status)).toMatchObject({
        kind: 'unavailable',
        status,
      });
    }
  });

  it('a 3xx is unavailable (an upstream fault, never followed)', () => {
    for (const status of [301, 302, 307, 308]) {
      expect(classify(status, refusal)).toMatchObject({ kind: 'unavailable', status });
    }
  });

  it('unreadable 2xx answers are unavailable; definite refusals stay rejected', () => {
    expect(classify(200, 'not json')).toMatchObject({ kind: 'unavailable' });
    expect(classify(200, '[1]')).toMatchObject({ kind: 'unavailable' });
    expect(classify(200, '{"data":{}}')).toMatchObject({ kind: 'unavailable' });
    expect(classify(200, '{"success":true,"data":{}}')).toMatchObject({ kind: 'ok' });
    expect(classify(200, '{"success":false,"message":"no"}')).toMatchObject({
      kind: 'rejected',
      message: 'no',
    });
    expect(classify(400, refusal)).toMatchObject({ kind: 'rejected', status: 400 });
    expect(classify(403, refusal)).toMatchObject({ kind: 'rejected', status: 403 });
  });

  it('a success its response schema refuses is unavailable, with the issues; refusals pass', () => {
    const record = { status: 'success', status_code: '000000', amount: 1500 };
    const ok = conform(
      classify(200, JSON.stringify({ success: true, message: 'ok', data: record })),
      statusResponseSchema,
    );
    expect(ok).toMatchObject({ kind: 'ok', body: { data: record } });
    const offSchema = conform(
      classify(200, JSON.stringify({ success: true, message: 'ok', data: { status: 'done' } })),
      statusResponseSchema,
    );
    expect(offSchema).toMatchObject({ kind: 'unavailable', status: 200 });
    expect(offSchema.kind === 'unavailable' && offSchema.issues?.[0]?.path).toBe('data.status');
    expect(conform(classify(400, refusal), statusResponseSchema)).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
  });

  it('callUpstream never follows a redirect: redirect "manual", a 302 is unavailable, one call', async () => {
    const seen: RequestInit[] = [];
    const fake = {
      fetch: vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response(null, {
          status: 302,
          headers: { location: 'https://elsewhere.example/steal' },
        });
      }),
    } as unknown as Fetcher;
    const config = loadConfig(env);
    const result = await callUpstream(
      { ...env, UPSTREAM: fake } as ProxyEnv,
      config,
      '/api/integration/get-token',
      {
        json: { client_id: 'test-client', secret_key: 'test-secret' },
      },
      tokenResponseSchema,
    );
    expect(result).toMatchObject({ kind: 'unavailable', status: 302 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.redirect).toBe('manual');
  });

  it('callUpstream: 408 and 429 answers are unavailable', async () => {
    for (const status of [408, 429]) {
      const fake = {
        fetch: async () =>
          new Response('{"success":false,"message":"Too many requests"}', {
            status,
            headers: { 'content-type': 'application/json' },
          }),
      } as unknown as Fetcher;
      const result = await callUpstream(
        { ...env, UPSTREAM: fake } as ProxyEnv,
        loadConfig(env),
        STATUS_PATH,
        { params: { id: 'x', type: 'payout' } },
        statusResponseSchema,
      );
      expect(result).toMatchObject({ kind: 'unavailable', status });
    }
  });
});

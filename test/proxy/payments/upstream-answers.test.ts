// Upstream faults a session meets. An authorization_url that is not https is never
// handed to the payer (the attempt stays pending: the collection exists); an upstream 403 on a
// collection create is our misconfiguration (UPSTREAM_AUTH), not the payer's decline; and a
// refused create's upstream wording never reaches the payer.
//
// The session's Durable Object calls the upstream with its own env, so the faults are injected by
// swapping that object's UPSTREAM binding for the duration of one attempt: the walled sandbox
// (SANDBOX_IP_WHITELIST refuses this Worker: the real 403 "not verified"), or the real sandbox
// behind a wrapper that rewrites its answer (a javascript: URL, which no sandbox outcome gives).
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEGRADED_FOR_MS,
  UPSTREAM_AUTH_MESSAGE,
  redirectUrlProblem,
} from '../../../worker/session/upstream-faults';
import {
  BASE,
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  sandbox,
  seenLogs,
  startAttempt,
  waitForSession,
  attemptOn,
} from '../helpers';
import { sessionObject, withObjectEnv } from '../objects';

afterAll(() => expectNoSecrets());

const NOT_VERIFIED =
  'Entity integration record not found or Client id not matched or Request was not verified.';
const KENYA = { country_id: 1, method: 'send money', mobile: '254712345000' };

/** The sandbox, with the collection create's answer rewritten by `rewrite`. */
function rewritingSandbox(
  rewrite: (body: { data?: Record<string, unknown> }) => { status: number; body: unknown },
  { forward = true }: { forward?: boolean } = {},
): Fetcher {
  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const create = String(input).endsWith('/api/v4/service-unified-collections');
      // `forward: false`: the create never reaches the sandbox, as a refusal that really
      // created nothing (otherwise the sandbox pays it and its success callback is, rightly,
      // a contradiction: one checkout.anomaly after the checkout.failed).
      if (create && !forward) {
        const out = rewrite({});
        return Response.json(out.body, { status: out.status });
      }
      const res = await env.UPSTREAM!.fetch(input as string, init);
      if (!create) return res;
      const out = rewrite((await res.json()) as { data?: Record<string, unknown> });
      return Response.json(out.body, { status: out.status });
    },
  } as unknown as Fetcher;
}

async function health() {
  const res = await exports.default.fetch(new Request(`${BASE}/health`));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    ok: boolean;
    integration: { status: string; last_auth_refusal_at: string | null };
  };
}

describe('redirectUrlProblem', () => {
  const prod = { publicBaseUrl: 'https://pay.shop.example', devMode: false };
  const dev = { publicBaseUrl: 'http://127.0.0.1:8787', devMode: true };

  it('passes https, and http only on the proxy origin in development mode', () => {
    expect(redirectUrlProblem('https://wallet.example/authorize?x=1', prod)).toBeNull();
    expect(redirectUrlProblem('https://wallet.example/authorize', dev)).toBeNull();
    expect(redirectUrlProblem('http://127.0.0.1:8787/sandbox/authorize/x', dev)).toBeNull();
    expect(redirectUrlProblem('http://127.0.0.1:8787/sandbox/authorize/x', prod)).toMatch(
      /http: is not https:/,
    );
    expect(redirectUrlProblem('http://127.0.0.1:8788/sandbox/authorize/x', dev)).toMatch(
      /http: is not https:/,
    );
    expect(redirectUrlProblem('http://wallet.example/authorize', prod)).toMatch(/not https/);
  });

  it('refuses script, data and file URLs, relative URLs and credentials', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://wallet.example/1',
    ]) {
      expect(redirectUrlProblem(url, dev), url).toMatch(/is not https:/);
    }
    expect(redirectUrlProblem('/authorize', prod)).toBe('not an absolute URL');
    expect(redirectUrlProblem('https://user:pw@wallet.example/a', prod)).toMatch(/credentials/);
  });
});

describe('an upstream authorization_url that is not https', () => {
  it('is refused: next is wait, an upstream_fault is logged, the attempt stays pending and settles by the upstream', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('js') });
    const from = seenLogs.length;
    let page = '';
    const upstream = rewritingSandbox((body) => {
      page = String(body.data?.authorization_url);
      body.data = { ...body.data, authorization_url: 'javascript:alert(document.cookie)' };
      return { status: 200, body };
    });
    const { status, json } = await withObjectEnv(
      sessionObject(session.id),
      { UPSTREAM: upstream },
      () => startAttempt(session.id, { country_id: 9, method: 'Wave', mobile: '221771234000' }),
    );
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.attempt?.status).toBe('pending');
    expect(json.attempt?.next).toEqual({ type: 'wait' });
    expect(JSON.stringify(json)).not.toContain('javascript:');

    const stored = await getSession(session.id);
    expect(stored.attempts[0]).toMatchObject({ status: 'pending', create_state: 'accepted' });
    expect(stored.attempts[0]!.upstream_message).toBe(
      'authorization_url refused: the scheme javascript: is not https:',
    );
    expect(stored.history.filter((e) => e.type === 'upstream_fault')).toEqual([
      expect.objectContaining({
        data: { field: 'authorization_url', problem: 'the scheme javascript: is not https:' },
      }),
    ]);
    const lines = seenLogs.slice(from).filter((l) => l.includes('"upstream_fault"'));
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 'error',
        event: 'upstream_fault',
        field: 'authorization_url',
        problem: expect.any(String),
      },
    ]);
    // The collection exists upstream: money rules apply, its success still completes the
    // session (here the payer reached the wallet's real page some other way and approved).
    const path = new URL(page).pathname.replace(/^\/sandbox/, '');
    expect((await sandbox(`${path}/approve`, { method: 'POST', redirect: 'manual' })).status).toBe(
      303,
    );
    await waitForSession(session.id, 'succeeded');
  });

  it('the sandbox pages (http on the proxy origin in development) are still handed over', async () => {
    const {
      started: { json },
    } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('ok') },
      { country_id: 9, method: 'Wave', mobile: '221771234000' },
    );
    expect(json.attempt?.next).toMatchObject({ type: 'redirect' });
    expect((json.attempt!.next as { url: string }).url).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/sandbox\//,
    );
  });
});

describe('an upstream 403 on a collection create (our credentials refused)', () => {
  it('answers UPSTREAM_AUTH (503), settles the attempt failed without checkout.failed, logs once, degrades /health', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('auth') });
    const before = Date.now();
    const from = seenLogs.length;
    const walled = (env as unknown as Record<string, Fetcher>).DOCTOR_SANDBOX_WALLED!;
    const { status, json } = await withObjectEnv(
      sessionObject(session.id),
      { UPSTREAM: walled },
      () => startAttempt(session.id, KENYA),
    );
    expect(status, JSON.stringify(json)).toBe(503);
    const error = (json as unknown as { error: { code: string; message: string; details: object } })
      .error;
    expect(error.code).toBe('UPSTREAM_AUTH');
    expect(error.message).toBe(UPSTREAM_AUTH_MESSAGE);
    expect(Object.keys(error.details)).toEqual(['view']);
    const payerText = JSON.stringify(json);
    expect(payerText).not.toMatch(/not verified|Entity integration|Client id/i);
    expect(payerText).toContain('"code":"UPSTREAM_AUTH"');

    const stored = await getSession(session.id);
    expect(stored.status).toBe('open');
    expect(stored.attempts[0]).toMatchObject({
      status: 'failed',
      create_state: 'rejected',
      upstream_message: NOT_VERIFIED,
      failure: { code: 'UPSTREAM_AUTH', message: UPSTREAM_AUTH_MESSAGE },
    });
    expect(stored.webhooks.map((w) => w.type)).toEqual(['integration.error']);

    const lines = seenLogs.slice(from).filter((l) => l.includes('upstream_auth_refused'));
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 'error',
        event: 'upstream_auth_refused',
        route: '/api/v4/service-unified-collections',
        status: 403,
      },
    ]);
    expect(lines[0]).not.toContain(session.id);

    const { integration } = await health();
    expect(integration.status).toBe('degraded');
    const at = Date.parse(integration.last_auth_refusal_at!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThan(before + DEGRADED_FOR_MS);

    // Once the credentials work again, the payer's next attempt goes through.
    const again = await startAttempt(session.id, KENYA);
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    await waitForSession(session.id, 'succeeded');
  });

  it('a refused create (400) tells the payer a generic sentence; the wording stays with the merchant', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('rej') });
    const wording =
      'the service user not found or Country was not found or Transaction was not created!';
    const upstream = rewritingSandbox(
      () => ({ status: 400, body: { success: false, message: wording } }),
      { forward: false },
    );
    const { status, json } = await withObjectEnv(
      sessionObject(session.id),
      { UPSTREAM: upstream },
      () => startAttempt(session.id, KENYA),
    );
    expect(status).toBe(422);
    const error = (json as unknown as { error: { code: string; details: object } }).error;
    expect(error.code).toBe('UPSTREAM_REJECTED');
    expect(Object.keys(error.details)).toEqual(['view']);
    expect(JSON.stringify(json)).not.toContain('not created');
    const stored = await getSession(session.id);
    expect(stored.attempts[0]).toMatchObject({ status: 'failed', upstream_message: wording });
    expect(stored.webhooks.map((w) => w.type)).toEqual(['checkout.failed']);
  });
});

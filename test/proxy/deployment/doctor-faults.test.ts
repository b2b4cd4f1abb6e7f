// The doctor (GET /v1/diagnostics) against the real sandbox, with each fault a live
// deployment meets injected: wrong secret, wrong sender, a whitelist that refuses this Worker,
// a signature scheme mismatch, an http callback URL. The route runs through the Worker's own
// fetch handler with an env that differs from the suite's only in the faulty setting.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../worker/config';
import type { DoctorReport } from '../../../worker/doctor/checks';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, expectNoSecrets, seenBodies } from '../helpers';
import { OPS, keysEnv, liveKey, withOps } from '../keys/support';

const faulty = env as unknown as Record<string, Fetcher>;

async function diagnose(
  overrides: Partial<ProxyEnv> = {},
  key = env.MERCHANT_API_KEY,
): Promise<{ status: number; report: DoctorReport & { error?: { code: string } } }> {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}/v1/diagnostics`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const res = await worker.fetch!(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  return { status: res.status, report: JSON.parse(text) };
}

const byId = (report: DoctorReport, id: string) => report.checks.find((c) => c.id === id)!;

afterAll(() => expectNoSecrets());

describe('GET /v1/diagnostics', () => {
  it('passes every check against the sandbox with the development configuration', async () => {
    const { status, report } = await diagnose();
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['config', 'pass'],
      ['credentials', 'pass'],
      ['signature', 'pass'],
      ['callback_url', 'warn'], // http: allowed in development only
      ['merchant_webhook', 'pass'],
      ['secret_rotation', 'pass'], // no overlap open
      ['callback_signatures', 'pass'], // no run of refused signatures
      ['console', 'warn'], // no Access settings: /console answers 503
    ]);
    expect(status).toBe(200);
    expect(report.ok).toBe(true);
    expect(byId(report, 'signature').found).toMatch(/HTTP 400.*not created/);
    // The unsigned webhook probe is marked, for a forwarded backend to recognise it.
    const inbox = await exports.default.fetch(new Request(`${BASE}/dev/webhooks`));
    const { webhooks } = (await inbox.json()) as { webhooks: { webhook_id: string }[] };
    expect(webhooks.some((w) => /^probe_[0-9a-f-]{36}$/.test(w.webhook_id))).toBe(true);
  });

  it('console: passes with the Access settings, fails on a malformed CONSOLE_USERS', async () => {
    const access = { CONSOLE_ACCESS_TEAM: 'shop', CONSOLE_ACCESS_AUD: 'aud-tag' };
    const good = await diagnose({ ...access, CONSOLE_USERS: '{"*@shop.example":"viewer"}' });
    expect(byId(good.report, 'console')).toMatchObject({ status: 'pass' });
    const bad = await diagnose({ ...access, CONSOLE_USERS: '{"ama@shop.example":"owner"}' });
    expect(byId(bad.report, 'console')).toMatchObject({ status: 'fail' });
    expect(byId(bad.report, 'console').found).toMatch(/CONSOLE_USERS entry 1: .*viewer, support/);
    expect(byId(bad.report, 'console').found).not.toContain('ama@');
  });

  it('wants the merchant key, in the usual error shape', async () => {
    const { status, report } = await diagnose({}, 'not-the-key');
    expect(status).toBe(401);
    expect(report.error?.code).toBe('UNAUTHORIZED');
  });

  it('wrong secret: get-token refuses, and the signature check blames the secret', async () => {
    // Real secrets mean production mode, where PUBLIC_BASE_URL, SERVICE_BASE_URL and
    // MERCHANT_WEBHOOK_URL must be https and no secret may hold a development credential
    // (the UPSTREAM binding still reaches the sandbox).
    const live = 'live-merchant-key-0123456789';
    const { status, report } = await diagnose(
      {
        SERVICE_SECRET_KEY: 'wrong-secret',
        MERCHANT_API_KEY: live,
        MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
        PUBLIC_BASE_URL: 'https://pay.shop.example',
        SERVICE_BASE_URL: 'https://sandbox.internal',
        MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
      },
      live,
    );
    expect(status).toBe(503);
    expect(byId(report, 'credentials')).toMatchObject({ status: 'fail' });
    expect(byId(report, 'credentials').cause).toMatch(/SERVICE_SECRET_KEY is wrong/);
    expect(byId(report, 'signature')).toMatchObject({ status: 'fail' });
    expect(byId(report, 'signature').cause).toMatch(/secret key is wrong/);
    expect(JSON.stringify(report)).not.toContain('wrong-secret');
  });

  it('wrong sender: credentials pass, the signed query is refused, the sender is named', async () => {
    const { report } = await diagnose({ SERVICE_SENDER: 'Another Shop' });
    expect(byId(report, 'credentials').status).toBe('pass');
    expect(byId(report, 'signature')).toMatchObject({ status: 'fail' });
    expect(byId(report, 'signature').found).toMatch(/HTTP 403/);
    expect(byId(report, 'signature').cause).toMatch(/SERVICE_SENDER "Another Shop"/);
  });

  it('whitelist refusing this Worker: 403 not verified, the egress address is blamed', async () => {
    const { report } = await diagnose({ UPSTREAM: faulty.DOCTOR_SANDBOX_WALLED });
    expect(byId(report, 'credentials').status).toBe('pass');
    const signature = byId(report, 'signature');
    expect(signature.status).toBe('fail');
    expect(signature.cause).toMatch(/egress address is not whitelisted/);
    expect(signature.fix).toMatch(/IP whitelisting/);
  });

  it('scheme mismatch: the other scheme is tried once and named in the fix', async () => {
    // DOCTOR_SANDBOX_OTHER_SCHEME verifies the scheme the proxy does not sign with
    // (vitest.config.ts); SERVICE_SIGNING_SCHEME picks the proxy's (default sha256).
    const ours = loadConfig(env).credentials.scheme ?? 'sha256';
    const other = ours === 'sha256' ? 'hmac-sha256' : 'sha256';
    const { report } = await diagnose({ UPSTREAM: faulty.DOCTOR_SANDBOX_OTHER_SCHEME });
    const signature = byId(report, 'signature');
    expect(signature.status).toBe('fail');
    expect(signature.cause).toContain(`verifies ${other}, this proxy signs ${ours}`);
    expect(signature.fix).toContain(`SERVICE_SIGNING_SCHEME = "${other}"`);
  });

  it('a public base URL that is not this proxy fails the callback check', async () => {
    const { report } = await diagnose({ PUBLIC_BASE_URL: 'http://127.0.0.1:8787/health' });
    expect(byId(report, 'callback_url')).toMatchObject({ status: 'fail' });
  });

  it('an invalid configuration is reported, not thrown', async () => {
    // Another webhook secret than the development one: not development mode, where only a
    // sound live key reads the report (diagnostics-access.test.ts).
    const { status, report } = await diagnose(
      { MERCHANT_WEBHOOK_SECRET: 'whsec_c2hvcnQ=', ...withOps() },
      OPS,
    );
    expect(status).toBe(503);
    expect(byId(report, 'config').status).toBe('fail');
    expect(byId(report, 'config').found).toMatch(/MERCHANT_WEBHOOK_SECRET must be whsec_/);
    expect(byId(report, 'credentials').status).toBe('skip');
  });
});

describe('the rotation check', () => {
  // Production mode: https URLs and no development credential in any secret.
  const LIVE_KEY = 'live-merchant-key-0123456789abcdefgh';
  const PRODUCTION = {
    MERCHANT_API_KEY: LIVE_KEY,
    MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('a-live-webhook-secret-of-32-byte')}`,
    PUBLIC_BASE_URL: 'https://pay.shop.example',
    SERVICE_BASE_URL: 'https://sandbox.internal',
    MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
  };

  it('reports an open overlap of each secret and when it ends', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const { report } = await diagnose(
      {
        ...PRODUCTION,
        SERVICE_SECRET_KEY: 'rotated-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS: 'retired-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS_UNTIL: until,
        MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('a-new-webhook-secret-of-32-bytes')}`,
        MERCHANT_WEBHOOK_SECRET_PREVIOUS: `whsec_${btoa('a-retired-webhook-secret-32-byte')}`,
        MERCHANT_WEBHOOK_SECRET_PREVIOUS_UNTIL: until,
      },
      LIVE_KEY,
    );
    const rotation = byId(report, 'secret_rotation');
    expect(rotation.status).toBe('warn');
    const ends = until.replace(/\.\d{3}Z$/, '');
    expect(rotation.found).toMatch(
      new RegExp(`SERVICE_SECRET_KEY overlap open until ${ends}.* \\(in 3 day\\(s\\)\\)`),
    );
    expect(rotation.found).toMatch(
      new RegExp(`MERCHANT_WEBHOOK_SECRET overlap open until ${ends}`),
    );
    expect(JSON.stringify(report)).not.toContain('rotated-upstream-secret');
  });

  it("lists each overlap's end and each key's expiry, by name, with no value", async () => {
    const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 86_400_000).toISOString();
    const ops = liveKey('ops1');
    const { report } = await diagnose(
      {
        ...PRODUCTION,
        SERVICE_SECRET_KEY: 'rotated-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS: 'retired-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS_UNTIL: until,
        ...keysEnv([{ key: ops, scope: 'read', expires_at: '2027-01-31T00:00:00Z' }]),
      },
      LIVE_KEY,
    );
    expect(report.rotation).toEqual({
      secrets: [
        { name: 'SERVICE_SECRET_KEY', previous_until: until },
        { name: 'MERCHANT_WEBHOOK_SECRET', previous_until: null },
      ],
      keys: [
        { id: 'ops1', scope: 'read', expires_at: '2027-01-31T00:00:00.000Z' },
        { id: 'default', scope: 'full', expires_at: null },
      ],
    });
    const text = JSON.stringify(report);
    for (const secret of ['retired-upstream-secret', 'rotated-upstream-secret', ops, LIVE_KEY]) {
      expect(text).not.toContain(secret);
    }
  });

  it('says when an overlap has ended and the previous secret should go', async () => {
    const { report } = await diagnose(
      {
        ...PRODUCTION,
        SERVICE_SECRET_KEY: 'rotated-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS: 'retired-upstream-secret-0123456789',
        SERVICE_SECRET_KEY_PREVIOUS_UNTIL: '2026-01-01T00:00:00Z',
      },
      LIVE_KEY,
    );
    expect(byId(report, 'secret_rotation')).toMatchObject({
      status: 'warn',
      found:
        'SERVICE_SECRET_KEY overlap ended at 2026-01-01T00:00:00.000Z; SERVICE_SECRET_KEY_PREVIOUS is ignored.',
      fix: expect.stringContaining('wrangler secret delete'),
    });
  });
});

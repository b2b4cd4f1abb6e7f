// The address rule of webhook endpoints (docs/webhooks.md, "Endpoint addresses"): outside
// development https, a DNS name, port 443 or one of WEBHOOK_ALLOWED_PORTS, no local or internal
// name; link-local addresses (cloud metadata) in no mode. Each refusal is a 400 naming the
// rule, and creates nothing. The production cases run the Worker's fetch handler with live
// settings; the development ones the suite's own (dev) env.
import { describe, expect, it } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import { endpointUrlProblem } from '../../../worker/webhook-endpoints/endpoint-url';
import { merchant } from '../helpers';
import { configProblems, expectBareConfigInvalid } from '../deployment/config-detail';
import { LIVE, noKeysLeaked, post, send } from '../keys/support';
import { endpointFileHooks, receiver } from './support';

endpointFileHooks();
noKeysLeaked();

/** The rule a 400 names: its issue on `url`. */
function ruleOf(body: unknown): string {
  const issues = (body as { error: { details?: { issues?: { path: string; message: string }[] } } })
    .error.details?.issues;
  return issues?.find((issue) => issue.path === 'url')?.message ?? '';
}

const production = { devMode: false, allowedPorts: new Set<number>() };
const development = { devMode: true, allowedPorts: new Set<number>() };

/** Addresses refused outside development, each with the words of the rule it breaks. */
const REFUSED: [string, RegExp][] = [
  ['https://169.254.169.254/latest/meta-data', /link-local/],
  ['https://0xa9fea9fe/latest/meta-data', /link-local/],
  ['https://2852039166/latest/meta-data', /link-local/],
  ['https://169.254.43518/', /link-local/],
  ['https://[fe80::1]/hooks', /link-local/],
  ['https://[febf::1]/hooks', /link-local/],
  ['https://[::ffff:169.254.169.254]/hooks', /link-local/],
  ['https://[::ffff:a9fe:a9fe]/hooks', /link-local/],
  ['https://[64:ff9b::169.254.169.254]/hooks', /link-local/],
  ['https://10.0.0.5/hooks', /DNS name, not an IP address/],
  ['https://127.1/hooks', /DNS name, not an IP address/],
  ['https://0x7f000001/hooks', /DNS name, not an IP address/],
  ['https://[::1]/hooks', /DNS name, not an IP address/],
  ['https://[fd00::1]/hooks', /DNS name, not an IP address/],
  ['https://[::ffff:10.0.0.1]/hooks', /DNS name, not an IP address/],
  ['https://localhost/hooks', /localhost/],
  ['https://LOCALHOST./hooks', /localhost/],
  ['https://api.localhost/hooks', /localhost/],
  ['https://printer.local/hooks', /\.local/],
  ['https://metadata.google.internal/computeMetadata', /\.internal/],
  ['https://intranet/hooks', /full DNS name/],
  ['https://shop.example:8443/hooks', /port 443/],
  ['https://shop.example:22/hooks', /port 443/],
  ['http://shop.example/hooks', /must be https/],
];

describe('outside development', () => {
  it.each(REFUSED)('refuses %s, naming the rule', (url, rule) => {
    expect(endpointUrlProblem(url, production)).toMatch(rule);
  });

  it('accepts https on a DNS name at 443, and a port of WEBHOOK_ALLOWED_PORTS', () => {
    expect(endpointUrlProblem('https://shop.example/hooks?t=1', production)).toBeNull();
    expect(endpointUrlProblem('https://shop.example:443/hooks', production)).toBeNull();
    const ports = { devMode: false, allowedPorts: new Set([8443]) };
    expect(endpointUrlProblem('https://shop.example:8443/hooks', ports)).toBeNull();
    expect(endpointUrlProblem('https://shop.example:9443/hooks', ports)).toMatch(/8443/);
  });

  it('answers 400 VALIDATION_FAILED naming the rule through the API, and creates nothing', async () => {
    const live = { DEV_MODE: undefined, ...LIVE } as Partial<ProxyEnv>;
    const create = (url: string, env: Partial<ProxyEnv> = live) =>
      send(env, '/v1/webhook-endpoints', {
        ...post({ url, enabled_events: ['*'] }),
        key: LIVE.MERCHANT_API_KEY,
      });
    for (const [url, rule] of [
      ['https://169.254.169.254/latest/meta-data', /link-local/],
      ['https://10.0.0.5/hooks', /not an IP address/],
      ['https://metadata.google.internal/x', /\.internal/],
      ['https://shop.example:8443/hooks', /port 443/],
    ] as const) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.json.error?.code).toBe('VALIDATION_FAILED');
      expect(ruleOf(res.json)).toMatch(rule);
    }
    const list = await send(live, '/v1/webhook-endpoints', { key: LIVE.MERCHANT_API_KEY });
    expect(list.json.data).toEqual([]);
    // A port the deployment allows.
    const allowed = await create('https://shop.example:8443/hooks', {
      ...live,
      WEBHOOK_ALLOWED_PORTS: '8443, 9443',
    });
    expect(allowed.status).toBe(201);
  });

  it('holds MERCHANT_WEBHOOK_URL (endpoint zero) to the same rule', async () => {
    for (const url of ['https://10.0.0.5/hooks', 'https://hooks.internal/x']) {
      const live = { DEV_MODE: undefined, ...LIVE, MERCHANT_WEBHOOK_URL: url };
      const res = await send(live, '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        key: LIVE.MERCHANT_API_KEY,
      });
      expectBareConfigInvalid(res.json);
      expect(await configProblems(live, LIVE.MERCHANT_API_KEY)).toContain(
        'MERCHANT_WEBHOOK_URL must',
      );
    }
    const ports = { DEV_MODE: undefined, ...LIVE, WEBHOOK_ALLOWED_PORTS: 'https' };
    expect(await configProblems(ports, LIVE.MERCHANT_API_KEY)).toContain('WEBHOOK_ALLOWED_PORTS');
  });
});

describe('in development', () => {
  it('keeps http and loopback for local backends, and still refuses link-local', async () => {
    expect(endpointUrlProblem('http://127.0.0.1:3000/hooks', development)).toBeNull();
    expect(endpointUrlProblem('http://localhost:3000/hooks', development)).toBeNull();
    expect(endpointUrlProblem('http://[::1]:3000/hooks', development)).toBeNull();
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]:8080/x',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      const res = await merchant('/v1/webhook-endpoints', {
        method: 'POST',
        body: JSON.stringify({ url, enabled_events: ['*'] }),
      });
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(ruleOf(body)).toMatch(/link-local/);
    }
    const local = await merchant('/v1/webhook-endpoints', {
      method: 'POST',
      body: JSON.stringify({ url: receiver('local'), enabled_events: ['*'] }),
    });
    expect(local.status).toBe(201);
  });
});

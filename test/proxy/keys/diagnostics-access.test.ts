// GET /v1/diagnostics outside development mode: a key with any problem of its own (uc_test_,
// under 128 bits, an expires_at that does not parse) or a development credential is refused
// like an unknown key; a sound key reads a report that, while the configuration does not
// validate, names only the settings to fix (no upstream URL, no failing tasks and their object
// ids). The public CONFIG_INVALID message points to `npm run doctor`, not to a route.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CONFIG_INVALID_MESSAGE } from '../../../worker/middleware/error-handler';
import type { ProxyEnv } from '../../../worker/env';
import { expectBareConfigInvalid } from '../deployment/config-detail';
import { LIVE, liveKey, noKeysLeaked, OPS, send, testKey, withOps } from './support';

noKeysLeaked();

/** Production mode (no DEV_MODE, live secrets, https URLs) with `overrides`. */
const production = (overrides: Partial<ProxyEnv> = {}): Partial<ProxyEnv> => ({
  DEV_MODE: undefined,
  ...LIVE,
  ...overrides,
});

const diagnostics = (overrides: Partial<ProxyEnv>, key: string) =>
  send(production(overrides), '/v1/diagnostics', { key });

describe('GET /v1/diagnostics outside development mode', () => {
  const uncTest = testKey('t1');
  const unreadableExpiry = liveKey('nan1');
  it.each<[string, string, Partial<ProxyEnv>]>([
    ['a uc_test_ key', uncTest, withOps([{ key: uncTest, scope: 'full' }])],
    [
      'a key whose expires_at does not parse (it would never expire)',
      unreadableExpiry,
      withOps([{ key: unreadableExpiry, scope: 'full', expires_at: 'next spring' }]),
    ],
    [
      'a key under 128 bits',
      'short-key-12345',
      { ...withOps(), MERCHANT_API_KEY: 'short-key-12345' },
    ],
    [
      'the development credential (dev.vars.example)',
      env.MERCHANT_API_KEY,
      { ...withOps(), MERCHANT_API_KEY: env.MERCHANT_API_KEY },
    ],
  ])('refuses %s like an unknown key, even beside a sound one', async (_, key, keys) => {
    const refused = await diagnostics(keys, key);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: expect.objectContaining({ code: 'UNAUTHORIZED' }) });
    expect(refused.json.error?.message).not.toMatch(/configured|MERCHANT_API/);
    // The summary (no checks run) lets in exactly the same keys.
    expect((await send(production(keys), '/v1/diagnostics/summary', { key })).status).toBe(401);
    // The sound key reads the report, which names the problem.
    const read = await diagnostics(keys, OPS);
    expect(read.status).toBe(503);
    expect(read.json.key_id).toBe('ops1');
  });

  it('while the configuration does not validate, names only the settings to fix', async () => {
    const broken = {
      ...withOps(),
      MERCHANT_API_KEY: env.MERCHANT_API_KEY, // the development credential
      SERVICE_CLIENT_ID: '',
    };
    const { status, json } = await diagnostics(broken, OPS);
    expect(status).toBe(503);
    const checks = json.checks as { id: string; status: string; found: string }[];
    const config = checks.find((check) => check.id === 'config')!;
    expect(config.status).toBe('fail');
    expect(config.found).toContain('SERVICE_CLIENT_ID is not set');
    expect(config.found).toContain('MERCHANT_API_KEY holds a development credential');
    expect(json).not.toHaveProperty('upstream');
    expect(json).not.toHaveProperty('failing_tasks');
    expect(JSON.stringify(json)).not.toContain(LIVE.SERVICE_BASE_URL);
    expect(Object.keys(json).sort()).toEqual(['checked_at', 'checks', 'key_id', 'mode', 'ok']);
    // Nor does the summary name any object.
    const summary = await send(production(broken), '/v1/diagnostics/summary', { key: OPS });
    expect(summary.status).toBe(200);
    expect(summary.json.failing_tasks).toBeNull();
  });

  it('a valid configuration reports its upstream and failing tasks to a sound key', async () => {
    const { json } = await diagnostics(withOps(), OPS);
    expect(json.upstream).toBe(LIVE.SERVICE_BASE_URL);
    expect(json).toHaveProperty('failing_tasks');
  });
});

describe('the public CONFIG_INVALID answer', () => {
  it('points to `npm run doctor`, not to a route', async () => {
    const res = await send(production({ SERVICE_CLIENT_ID: '' }), '/v1/sessions', {
      key: LIVE.MERCHANT_API_KEY,
    });
    expect(res.status).toBe(500);
    expectBareConfigInvalid(res.json);
    expect(CONFIG_INVALID_MESSAGE).toContain('`npm run doctor`');
    expect(CONFIG_INVALID_MESSAGE).not.toMatch(/\/v1\/|GET /);
  });
});

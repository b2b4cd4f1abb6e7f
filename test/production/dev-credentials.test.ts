// The production entry (wrangler.toml's top level: worker/index.ts with its own vars, no DEV_MODE,
// no sandbox) deployed by mistake with dev.vars.example's secrets, as the `proxy-production`
// project runs it. Every route answers CONFIG_INVALID, whose message names `npm run doctor`;
// GET /v1/diagnostics refuses the public dev-merchant-key, so its report (settings, upstream,
// failing tasks) stays with whoever holds a sound key.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import devCredentials from '../../worker/dev-credentials.json';
import type { ProxyEnv } from '../../worker/env';

const DEV_KEY = devCredentials.secrets.MERCHANT_API_KEY;
const deployed = env as unknown as ProxyEnv;

/** A request to the deployed Worker, with the development merchant key. */
async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await exports.default.fetch(
    new Request(`https://pay.shop.example${path}`, {
      headers: { authorization: `Bearer ${DEV_KEY}` },
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('the production Worker with the development credentials', () => {
  it('is the production entry: no DEV_MODE, no sandbox, no dev inbox; the dev secrets', () => {
    expect(deployed.DEV_MODE).toBeUndefined();
    expect(deployed.UPSTREAM).toBeUndefined();
    expect((env as unknown as Record<string, unknown>).DEV_INBOX).toBeUndefined();
    expect(deployed.MERCHANT_API_KEY).toBe(DEV_KEY);
    expect(deployed.SERVICE_SECRET_KEY).toBe(devCredentials.secrets.SERVICE_SECRET_KEY);
  });

  it('GET /v1/diagnostics refuses dev-merchant-key like an unknown key', async () => {
    const { status, body } = await get('/v1/diagnostics');
    expect(status).toBe(401);
    expect(body).toEqual({ error: expect.objectContaining({ code: 'UNAUTHORIZED' }) });
    expect(JSON.stringify(body)).not.toMatch(/example-payments|checks|upstream/);
  });

  it('answers CONFIG_INVALID elsewhere, pointing to `npm run doctor`, not to a route', async () => {
    const { status, body } = await get('/v1/sessions');
    expect(status).toBe(500);
    const error = body.error as { code: string; message: string };
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('`npm run doctor`');
    expect(error.message).not.toMatch(/\/v1\//);
  });

  it('has no dev route, whatever the Host', async () => {
    for (const path of ['/dev/webhooks', '/sandbox/health']) {
      const res = await exports.default.fetch(new Request(`http://127.0.0.1:8787${path}`));
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});

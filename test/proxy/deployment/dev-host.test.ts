// The dev routes trust the request, not only a setting: in development mode (the suite's
// [env.dev], PUBLIC_BASE_URL http://127.0.0.1:8787) `/dev/*`, `/sandbox/*` and the dev inbox
// answer a request whose Host is 127.0.0.1, localhost or [::1] on the dev port, and 404 any
// other Host: a dev stack behind a tunnel or reached by DNS rebinding carries the outside name.
import { exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSecrets, seenBodies } from '../helpers';

afterAll(() => expectNoSecrets());

/** The dev routes, each with a request that answers below 300 from a loopback Host. */
const DEV_ROUTES: [string, RequestInit][] = [
  ['/dev/webhooks', {}],
  ['/sandbox/health', {}],
  ['/dev/webhooks/status/204', { method: 'POST', body: '{}' }],
  [
    '/dev/sessions',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'KES', reference: `dev-host-${Date.now()}` }),
    },
  ],
];

/** Sends each dev route to `origin` (its URL's host), with `headers` added. */
async function statuses(origin: string, headers: Record<string, string> = {}) {
  const out: Record<string, number> = {};
  for (const [path, init] of DEV_ROUTES) {
    const request = new Request(origin + path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...headers },
    });
    const res = await exports.default.fetch(request);
    seenBodies.push(await res.text());
    out[path] = res.status;
  }
  return out;
}

describe('the dev routes by the request Host (development mode)', () => {
  it.each(['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])(
    'answer %s',
    async (origin) => {
      for (const [path, status] of Object.entries(await statuses(origin))) {
        expect(status, `${origin}${path}`).toBeLessThan(300);
      }
    },
  );

  it.each([
    'http://abc.trycloudflare.com', // a tunnel
    'http://rebind.attacker.example:8787', // DNS rebinding: a name that resolves to 127.0.0.1
    'http://localhost.attacker.example:8787',
    'http://127.0.0.1:9999', // another port: not this dev stack's address
    'http://127.0.0.2:8787',
    'http://192.168.1.20:8787', // the LAN address of the developer's machine
  ])('answer %s with 404, in the shape of an unknown route', async (origin) => {
    expect(await statuses(origin)).toEqual(
      Object.fromEntries(DEV_ROUTES.map(([path]) => [path, 404])),
    );
    const res = await exports.default.fetch(new Request(`${origin}/dev/webhooks`));
    expect(await res.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'There is no route for GET /dev/webhooks.' },
    });
  });

  it('a loopback URL with another Host header is refused too', async () => {
    const routes = await statuses('http://127.0.0.1:8787', { host: 'tunnel.example' });
    expect(Object.values(routes)).toEqual(DEV_ROUTES.map(() => 404));
  });

  it('the rest of the proxy answers any Host', async () => {
    const res = await exports.default.fetch(new Request('http://abc.trycloudflare.com/health'));
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});

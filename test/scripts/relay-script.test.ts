// relay/relay.mjs on its own, in front of a Node stand-in for the payment service: it forwards
// only the service's paths, admits the current token and, until the end of the overlap, the
// previous one, drops the token and the client's address claims on the way, and logs one line
// per request without a body or a header.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaySettings, startRelay, UPSTREAM_PATHS } from '../../relay/relay.mjs';
import { UPSTREAM_PATHS as SHARED_PATHS } from '../../shared/upstream-endpoints';

const TOKEN = 'current-token-0123456789abcdef0123456789';
const PREVIOUS = 'previous-token-0123456789abcdef012345678';
const SECRET_BODY = '{"params":{"mobile":"254712345000"},"secret":"s3cr3t"}';

let upstream: Server;
let relay: Server;
let base: string;
const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const logged: string[] = [];

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ path: req.url ?? '', headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  relay = await startRelay(
    relaySettings({
      RELAY_UPSTREAM: origin(upstream),
      RELAY_TOKEN: TOKEN,
      RELAY_TOKEN_PREVIOUS: PREVIOUS,
      RELAY_TOKEN_PREVIOUS_UNTIL: new Date(Date.now() + 86_400_000).toISOString(),
      RELAY_PAYOUT_PATH: '/api/v1/payouts',
      RELAY_LISTEN: '127.0.0.1:0',
    }),
    (line) => logged.push(line),
  );
  base = origin(relay);
});
afterAll(async () => {
  await close(relay);
  await close(upstream);
});

const post = (path: string, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '198.51.100.9',
      ...(token === undefined ? {} : { 'x-relay-token': token }),
    },
    body: SECRET_BODY,
  });

describe('relay/relay.mjs', () => {
  it("forwards exactly the payment service's paths (and the payout path)", () => {
    expect([...UPSTREAM_PATHS].sort()).toEqual(Object.values(SHARED_PATHS).sort());
  });

  it('forwards a call with the token, without the token or the address claims', async () => {
    const res = await post('/api/v3/get-unified-transaction-status?x=1', TOKEN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const got = seen.at(-1)!;
    expect(got.path).toBe('/api/v3/get-unified-transaction-status?x=1');
    expect(got.body).toBe(SECRET_BODY);
    expect(got.headers['x-relay-token']).toBeUndefined();
    expect(got.headers['x-forwarded-for']).toBeUndefined();
    expect((await post('/api/v1/payouts', TOKEN)).status).toBe(200);
  });

  it('admits the previous token during the overlap, and refuses a missing or wrong one', async () => {
    expect((await post('/api/wallet/get-balance', PREVIOUS)).status).toBe(200);
    const before = seen.length;
    for (const token of [undefined, '', 'wrong-token-0123456789abcdef0123456789']) {
      const res = await post('/api/wallet/get-balance', token);
      expect(res.status).toBe(401);
    }
    expect(seen.length).toBe(before);
  });

  it('refuses any other path, and ends the overlap on time', async () => {
    const before = seen.length;
    expect((await post('/admin', TOKEN)).status).toBe(404);
    expect((await post('/api/v3/../../etc/passwd', TOKEN)).status).toBe(404);
    expect(seen.length).toBe(before);
    const settings = relaySettings(
      {
        RELAY_UPSTREAM: 'https://api.payments.example',
        RELAY_TOKEN: TOKEN,
        RELAY_TOKEN_PREVIOUS: PREVIOUS,
        RELAY_TOKEN_PREVIOUS_UNTIL: '2026-01-01T00:00:00Z',
      },
      Date.parse('2026-01-02T00:00:00Z'),
    );
    expect(settings.tokens).toHaveLength(1);
    expect(() =>
      relaySettings({ RELAY_UPSTREAM: 'https://api.payments.example', RELAY_TOKEN: 'short' }),
    ).toThrow(/at least 32/);
  });

  it('logs one line per request, never a body, a header or a token', () => {
    expect(logged.length).toBeGreaterThanOrEqual(8);
    for (const line of logged) {
      expect(line).toMatch(/^\S+Z POST \/\S* \d{3} \d+ms$/);
      for (const secret of ['254712345000', 's3cr3t', TOKEN, PREVIOUS, '198.51.100.9']) {
        expect(line).not.toContain(secret);
      }
    }
  });
});

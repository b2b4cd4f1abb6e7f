// The typed client's retries (client/retry.ts) against a real local HTTP server: 429 and 5xx
// are retried after the time Retry-After asks, a create carries one Idempotency-Key across its
// retries, and a POST without a key is never sent twice.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/index';
import { retryAfterMs } from '../../client/retry';

/** What the server answers next, per path; what it received. */
const script = new Map<string, { status: number; headers?: Record<string, string> }[]>();
const seen: { path: string; key: string | undefined }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    seen.push({ path, key: req.headers['idempotency-key'] as string | undefined });
    const next = script.get(path)?.shift() ?? { status: 200 };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(
      next.status < 400
        ? JSON.stringify({ data: [], has_more: false, next_cursor: null })
        : JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down.' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('unified-checkout/client retries', () => {
  it('retries a 429 after the Retry-After seconds, then a 503, and answers the success', async () => {
    const waits: number[] = [];
    const uc = createClient({
      baseUrl: base,
      apiKey: 'k',
      retry: { retries: 3, sleep: async (ms) => void waits.push(ms) },
    });
    script.set('/v1/sessions', [{ status: 429, headers: { 'retry-after': '2' } }, { status: 503 }]);
    const { data, error } = await uc.sessions.list({ limit: '10' });
    expect(error).toBeUndefined();
    expect(data?.has_more).toBe(false);
    expect(waits[0]).toBe(2000);
    expect(waits).toHaveLength(2);
  });

  it('keeps one Idempotency-Key across the retries of a create', async () => {
    seen.length = 0;
    const uc = createClient({ baseUrl: base, apiKey: 'k', retry: { sleep: async () => {} } });
    script.set('/v1/payouts', [{ status: 500 }, { status: 201 }]);
    await uc.payouts.create({
      amount: 10,
      currency: 'KES',
      mobile: '254700000000',
      payment_method_type: 'mpesa',
      reference: 'p-1',
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toBeTruthy();
    expect(seen[1]!.key).toBe(seen[0]!.key);
  });

  it('never sends a POST without a key twice, and gives up on a Retry-After past the cap', async () => {
    seen.length = 0;
    const uc = createClient({
      baseUrl: base,
      apiKey: 'k',
      retry: { maxDelayMs: 1000, sleep: async () => {} },
    });
    script.set('/v1/sessions/cs_x/reconcile', [{ status: 503 }]);
    expect((await uc.sessions.reconcile('cs_x')).response.status).toBe(503);
    script.set('/v1/sessions', [{ status: 429, headers: { 'retry-after': '120' } }]);
    expect((await uc.sessions.list()).error?.error.code).toBe('RATE_LIMITED');
    expect(seen.map((s) => s.path)).toEqual(['/v1/sessions/cs_x/reconcile', '/v1/sessions']);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

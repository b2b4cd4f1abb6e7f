// `npm run doctor`: the script asks a proxy's /v1/diagnostics (tested against the sandbox in
// test/proxy/hardening/doctor.test.ts), adds the outside probe of /hooks/collections, prints the
// report and exits 1 unless every check passes. Here a stand-in proxy on loopback answers.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../scripts/doctor.mjs';

const report = (status: 'pass' | 'fail') => ({
  ok: status === 'pass',
  mode: 'production',
  upstream: 'https://api.payments.example',
  checked_at: '2026-11-23T11:00:00.000Z',
  checks: [
    {
      id: 'config',
      title: 'Configuration validates',
      status: 'pass',
      found: 'Every var and secret validates.',
    },
    {
      id: 'signature',
      title: 'A signed status query is verified',
      status,
      found: status === 'pass' ? 'HTTP 400 not created.' : 'HTTP 403 not verified.',
      ...(status === 'fail'
        ? { cause: 'egress address is not whitelisted', fix: 'see README' }
        : {}),
    },
  ],
});

let server: Server;
let base = '';
let answer = report('pass');

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/v1/diagnostics') {
      if (req.headers.authorization !== 'Bearer k1') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Send your key.' } }));
        return;
      }
      res.writeHead(answer.ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
      return;
    }
    if (req.url === '/hooks/collections' && req.method === 'POST') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"SIGNATURE_INVALID","message":"no"}}');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function doctor(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/doctor.mjs', ...args], {
      env: { ...process.env, MERCHANT_API_KEY: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run doctor', () => {
  it('prints every check and exits 0 when all pass', async () => {
    answer = report('pass');
    const { code, out } = await doctor('--url', base, '--key', 'k1');
    expect(out).toContain('✔ Configuration validates');
    expect(out).toContain('✔ /hooks/collections answers from outside');
    expect(out).toContain('Ready to go live.');
    expect(code).toBe(0);
  });

  it('prints the cause and the fix of a failed check and exits 1', async () => {
    answer = report('fail');
    const { code, out } = await doctor('--url', base, '--key', 'k1');
    expect(out).toMatch(/✖ A signed status query is verified\n {4}found: HTTP 403/);
    expect(out).toContain('cause: egress address is not whitelisted');
    expect(code).toBe(1);
  });

  it('says what to do on a wrong key or an unreachable proxy', async () => {
    expect((await doctor('--url', base, '--key', 'nope')).out).toMatch(
      /HTTP 401 UNAUTHORIZED.*\n.*--key/,
    );
    const down = await doctor('--url', 'http://127.0.0.1:9', '--key', 'k1');
    expect(down.out).toMatch(/did not answer/);
    expect(down.code).toBe(1);
  });

  it('formats a report as text', () => {
    expect(formatReport(report('pass') as never, 'https://pay.example').split('\n')[0]).toBe(
      'unified-checkout doctor — https://pay.example (production mode, upstream https://api.payments.example)',
    );
  });
});

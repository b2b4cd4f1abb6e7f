// `npm run doctor`: the script asks a proxy's /v1/diagnostics (tested against the sandbox in
// test/proxy/deployment/doctor-faults.test.ts), adds the outside probe of /hooks/collections, prints the
// report and exits 1 unless every check passes. Here a stand-in proxy on loopback answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../scripts/doctor.mjs';

/** The merchant key of the `.dev.vars` the no-argument run must find (not dev.vars.example's). */
const DEV_KEY = 'dev-key-of-this-dev-vars';
/** A failing task as GET /v1/diagnostics lists it. */
const FAILING = {
  object: 'session',
  object_id: 'cs_stuckstuckstuckstuckstuck',
  task: { key: 'webhook:evt_1', kind: 'webhook', ref: 'evt_1' },
  failures: 5,
  error: 'TypeError',
  first_failed_at: '2026-11-23T10:00:00.000Z',
  last_failed_at: '2026-11-23T10:40:00.000Z',
  next_retry_at: '2026-11-23T11:20:00.000Z',
};

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
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, service: 'unified-checkout', integration: 'ok' }));
      return;
    }
    if (req.url === '/v1/diagnostics') {
      if (req.headers.authorization === `Bearer ${DEV_KEY}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ ...report('pass'), mode: 'development', failing_tasks: [FAILING] }),
        );
        return;
      }
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
  return run({}, ...args);
}

/** Runs the doctor in `cwd` (default: the repository) with extra environment variables. */
function run(
  options: { cwd?: string; env?: Record<string, string> },
  ...args: string[]
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve('scripts/doctor.mjs'), ...args], {
      cwd: options.cwd,
      env: { ...process.env, MERCHANT_API_KEY: '', ...options.env },
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
    const wrong = (await doctor('--url', base, '--key', 'nope')).out;
    expect(wrong).toMatch(/HTTP 401 UNAUTHORIZED.*\n.*--key/);
    // A development credential or a flawed key is refused outside development mode: say so.
    expect(wrong).toMatch(/development credential[^]*uc_test_[^]*npm run keys/);
    const down = await doctor('--url', 'http://127.0.0.1:9', '--key', 'k1');
    expect(down.out).toMatch(/did not answer/);
    expect(down.code).toBe(1);
  });

  it('with no arguments while the dev stack runs: checks it with the dev key and says so', async () => {
    // A project directory whose .dev.vars holds the key `npm run dev` runs with.
    const cwd = mkdtempSync(path.join(tmpdir(), 'doctor-'));
    writeFileSync(
      path.join(cwd, '.dev.vars'),
      `SERVICE_SECRET_KEY=x\nMERCHANT_API_KEY=${DEV_KEY}\n`,
    );
    const { code, out } = await run({ cwd, env: { PORT: new URL(base).port } });
    expect(out).toContain(`Checking the local dev stack at ${base}`);
    expect(out).toContain('Using the dev merchant key of .dev.vars');
    expect(out).toContain('✔ Configuration validates');
    expect(out).not.toContain('No address to check');
    expect(out).not.toContain('No merchant API key');
    // The diagnostics' failing background tasks are in the report.
    expect(out).toContain('! Failing background tasks: 1');
    expect(out).toContain(
      'session cs_stuckstuckstuckstuckstuck: webhook (webhook:evt_1) failed 5 times',
    );
    expect(code).toBe(0);
  });

  it('with no arguments, no dev stack and no production address: says so and how to point it', async () => {
    const { code, out } = await run({ env: { PORT: '9' } });
    expect(out).toContain('No dev stack answers at http://127.0.0.1:9');
    expect(out).toContain('wrangler.toml names no production Worker');
    expect(out).toMatch(/PORT=<its port> npm run doctor[^]*--url/);
    // Not a check of production in its place.
    expect(out).not.toContain('checking --env production');
    expect(code).toBe(1);
  }, 30_000); // reads wrangler.toml through wrangler, slow to load

  it('answers --help with its usage and an unknown option with one line', async () => {
    const help = await doctor('--help');
    expect(help.out).toContain('npm run doctor -- --url https://pay.example');
    expect(help.code).toBe(0);
    const unknown = await doctor('--bogus');
    expect(unknown.out.trim()).toBe(
      'node scripts/doctor.mjs: unknown option --bogus (--help shows the usage)',
    );
    expect(unknown.code).toBe(2);
  });

  it('formats a report as text', () => {
    expect(formatReport(report('pass') as never, 'https://pay.example').split('\n')[0]).toBe(
      'unified-checkout doctor — https://pay.example (production mode, upstream https://api.payments.example)',
    );
  });

  it('formats the report of a configuration that does not validate: the settings only', () => {
    // What GET /v1/diagnostics answers then: no upstream URL, no failing_tasks.
    const invalid = {
      ok: false,
      mode: 'production',
      checked_at: '2026-11-23T11:00:00.000Z',
      checks: [
        {
          id: 'config',
          title: 'Configuration validates',
          status: 'fail',
          found: 'The proxy is not configured: SERVICE_CLIENT_ID is not set.',
          fix: 'Set what the message names.',
        },
      ],
    };
    const text = formatReport(invalid as never, 'https://pay.example');
    expect(text.split('\n')[0]).toBe(
      'unified-checkout doctor — https://pay.example (production mode)',
    );
    expect(text).toContain('✖ Configuration validates\n    found: The proxy is not configured');
    expect(text).not.toMatch(/upstream|undefined|background tasks/i);
    expect(text).toContain('Not ready: 1 check(s) failed.');
  });

  it('lists failing_tasks: none, some, or that they could not be read', () => {
    const text = (failing: unknown) =>
      formatReport({ ...report('pass'), failing_tasks: failing } as never, 'https://pay.example');
    expect(text([])).toContain('✔ No background task keeps failing.');
    expect(text([FAILING])).toMatch(
      /! Failing background tasks: 1\n {4}session cs_stuckstuckstuckstuckstuck: webhook \(webhook:evt_1\) failed 5 times, last 2026-11-23T10:40:00.000Z: TypeError; next retry 2026-11-23T11:20:00.000Z/,
    );
    expect(text(null)).toContain('! Failing background tasks: could not be read.');
  });
});

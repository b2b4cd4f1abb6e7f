// `npm run doctor -- --env production`: asks a proxy's GET /v1/diagnostics to check itself
// against the payment service it is configured for (worker/doctor/checks.ts: config, get-token,
// a signed status query, the callback URL, the merchant webhook URL) and prints the report.
// The checks run inside the Worker on purpose: the payment service's IP whitelist judges the
// Worker's egress address, not this machine's. From here the script adds one outside probe of
// PUBLIC_BASE_URL/hooks/collections (the path the payment service will call).
//
//   npm run doctor                                # the local dev stack if `npm run dev` runs
//                                                 # (on PORT, default 8787), else --env production
//                                                 # when PUBLIC_BASE_URL is set (says which),
//                                                 # else says no stack answers and stops
//   npm run doctor -- --env production            # PUBLIC_BASE_URL of wrangler.toml's top level
//   npm run doctor -- --env dev                   # the local dev stack (npm run dev)
//   npm run doctor -- --url https://pay.example   # any deployment
//   options: --key <merchant key> (default: $MERCHANT_API_KEY; the dev stack: the key of
//   .dev.vars, else dev.vars.example's), --json
// Exit code: 0 when every check passes (warnings allowed), 1 otherwise.
import { readFileSync } from 'node:fs';
import { cli } from './cli.mjs';

const MARK = { pass: '✔', warn: '!', fail: '✖', skip: '-' };

/**
 * The report as text, one block per check, then the failing background tasks.
 * @param {{ ok: boolean, mode: string, upstream?: string, checks: { title: string, status: keyof typeof MARK, found: string, cause?: string, fix?: string }[], failing_tasks?: FailingTask[] | null }} report
 * @param {string} base
 */
export function formatReport(report, base) {
  // No upstream while the configuration does not validate: the report then names only the
  // settings to fix.
  const upstream = report.upstream ? `, upstream ${report.upstream}` : '';
  const lines = [`unified-checkout doctor — ${base} (${report.mode} mode${upstream})`, ''];
  for (const check of report.checks) {
    lines.push(`${MARK[check.status] ?? '?'} ${check.title}`, `    found: ${check.found}`);
    if (check.cause) lines.push(`    cause: ${check.cause}`);
    if (check.fix) lines.push(`    fix:   ${check.fix}`);
  }
  lines.push('', ...failingTasksLines(report.failing_tasks));
  const failed = report.checks.filter((c) => c.status === 'fail').length;
  const verdict = !report.ok
    ? `Not ready: ${failed} check(s) failed.`
    : report.mode === 'production'
      ? 'Ready to go live.'
      : 'All checks pass (development mode: not a production configuration).';
  lines.push('', verdict);
  return lines.join('\n');
}

/**
 * @typedef {{ object: string, object_id: string, task: { key: string, kind: string, ref: string | null },
 *   failures: number, error: string, last_failed_at: string, next_retry_at: string }} FailingTask
 */

/**
 * The `failing_tasks` of the diagnostics (tasks of a session, payout or ledger that keep
 * throwing; they do not change the verdict) as lines.
 * @param {FailingTask[] | null | undefined} tasks
 * @returns {string[]}
 */
export function failingTasksLines(tasks) {
  if (tasks === undefined) return [];
  if (tasks === null) return ['! Failing background tasks: could not be read.'];
  if (tasks.length === 0) return ['✔ No background task keeps failing.'];
  return [
    `! Failing background tasks: ${tasks.length}`,
    ...tasks.map(
      (t) =>
        `    ${t.object} ${t.object_id}: ${t.task.kind} (${t.task.key}) failed ${t.failures} times, ` +
        `last ${t.last_failed_at}: ${t.error}; next retry ${t.next_retry_at}`,
    ),
  ];
}

/**
 * The variables of a `.dev.vars`-style file, or null when it cannot be read.
 * @param {string} file
 * @returns {Record<string, string> | null}
 */
function readDevVars(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (match) out[match[1]] = match[2];
  }
  return out;
}

/** The local dev stack's address (`npm run dev`, PORT or 8787). */
const devBase = () => `http://127.0.0.1:${process.env.PORT ?? 8787}`;

/**
 * Whether this proxy answers at `base` (its GET /health, within two seconds).
 * @param {string} base
 */
async function proxyAnswers(base) {
  try {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
    const body = await res.json().catch(() => null);
    return body?.service === 'unified-checkout';
  } catch {
    return false;
  }
}

/**
 * The dev merchant key: `.dev.vars`'s (what `npm run dev` runs with), else dev.vars.example's.
 * @returns {{ key: string | undefined, from: string }}
 */
function devKey() {
  for (const file of ['.dev.vars', 'dev.vars.example']) {
    const key = readDevVars(file)?.MERCHANT_API_KEY;
    if (key) return { key, from: file };
  }
  return { key: undefined, from: '.dev.vars' };
}

/** @param {string} env */
async function baseOf(env) {
  if (env === 'dev') return devBase();
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  // `production` is the top level of wrangler.toml (what `npm run deploy` publishes).
  const name = env === 'production' ? '' : env;
  const vars =
    unstable_getMiniflareWorkerOptions('wrangler.toml', name).workerOptions.bindings ?? {};
  return String(vars.PUBLIC_BASE_URL ?? '').replace(/\/+$/, '');
}

async function main() {
  const { values } = cli(import.meta.url, {
    env: { type: 'string' },
    url: { type: 'string' },
    key: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  // No --url and no --env: the local dev stack when `npm run dev` answers, else production
  // when wrangler.toml names it; never production silently in place of a stack elsewhere.
  let env = values.env;
  if (values.url === undefined && env === undefined) {
    if (await proxyAnswers(devBase())) {
      env = 'dev';
      console.error(
        `Checking the local dev stack at ${devBase()} (npm run dev answers there; no --url or --env given).\n` +
          '    To check a deployment: npm run doctor -- --env production, or --url https://…',
      );
    } else {
      const production = await baseOf('production');
      if (!production) {
        console.error(
          `✖ No dev stack answers at ${devBase()}, and wrangler.toml names no production Worker\n` +
            '    (PUBLIC_BASE_URL is empty): nothing to check.\n' +
            '    fix:   start `npm run dev`; a stack on another port: PORT=<its port> npm run doctor\n' +
            '           (or --url http://127.0.0.1:<port> --env dev); a deployment: --url https://…',
        );
        return 1;
      }
      env = 'production';
      console.error(
        `No dev stack answers at ${devBase()}: checking --env production, ${production}.\n` +
          '    A dev stack on another port: PORT=<its port> npm run doctor, or --url.',
      );
    }
  }
  const base = (values.url ?? (await baseOf(env ?? 'production'))).replace(/\/+$/, '');
  if (!base) {
    console.error(
      '✖ No address to check: PUBLIC_BASE_URL is empty in wrangler.toml.\n' +
        '    fix:   set it to the https origin of your Worker, or pass --url https://…;\n' +
        '           for the local dev stack, start `npm run dev` first.',
    );
    return 1;
  }
  let key = values.key ?? (process.env.MERCHANT_API_KEY || undefined);
  if (!key && env === 'dev') {
    const dev = devKey();
    key = dev.key;
    if (key) console.error(`Using the dev merchant key of ${dev.from} (MERCHANT_API_KEY).`);
  }
  if (!key) {
    console.error('✖ No merchant API key: pass --key or set MERCHANT_API_KEY in the environment.');
    return 1;
  }
  let res;
  try {
    res = await fetch(`${base}/v1/diagnostics`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    console.error(
      `✖ ${base}/v1/diagnostics did not answer (${error.cause?.code ?? error.name}).\n` +
        '    cause: the Worker is not deployed at that address, or it is not running.\n' +
        '    fix:   `npm run deploy` (or `npm run dev` for --env dev), or pass --url.',
    );
    return 1;
  }
  const body = await res.json().catch(() => null);
  if (!body || !Array.isArray(body.checks)) {
    const error = body?.error;
    console.error(
      `✖ ${base}/v1/diagnostics answered HTTP ${res.status}${error ? ` ${error.code}: ${error.message}` : ''}.\n` +
        (res.status === 401
          ? '    fix:   pass a merchant API key of that deployment (--key or $MERCHANT_API_KEY).\n' +
            '           Outside development mode diagnostics refuse a key with a problem: a\n' +
            '           development credential (dev.vars.example), a uc_test_ key, one under 128\n' +
            '           bits or with an expires_at that does not parse. Make one with `npm run keys`.'
          : '    cause: not this proxy, or a version without /v1/diagnostics: deploy the current one.'),
    );
    return 1;
  }
  // From outside: the payment service will POST here; an unsigned probe must be refused.
  const hooks = `${base}/hooks/collections`;
  let outside;
  try {
    const probe = await fetch(hooks, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
    outside = [401, 403, 400].includes(probe.status)
      ? {
          status: 'pass',
          found: `POST ${hooks} from this machine answered HTTP ${probe.status} (refused, as it must).`,
        }
      : {
          status: 'fail',
          found: `POST ${hooks} from this machine answered HTTP ${probe.status}.`,
          cause: 'Something other than this Worker answers /hooks/* at that address.',
          fix: 'Route /hooks/* to the Worker (run_worker_first, custom domain routes).',
        };
  } catch (error) {
    outside = {
      status: 'fail',
      found: `POST ${hooks} from this machine got no answer (${error.cause?.code ?? error.name}).`,
      cause: 'The callback URL is not reachable from the internet.',
      fix: 'Check DNS and routes of PUBLIC_BASE_URL.',
    };
  }
  const report = {
    ...body,
    ok: body.ok && outside.status !== 'fail',
    checks: [
      ...body.checks,
      { id: 'callback_url_outside', title: '/hooks/collections answers from outside', ...outside },
    ],
  };
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report, base));
  return report.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());

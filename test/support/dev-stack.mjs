// Starts the dev stack (proxy + sandbox in one `wrangler dev`) on a port, with its own state
// directory, and stops it by process group. Used by `npm run dev`, the end-to-end suite and
// benchmarks. Wrangler leads a process group of its own (its workerd children are in it), so
// `stop()` ends all of them at once; a watchdog (group-watchdog.mjs) ends the group when the
// process that started it exits in any way, SIGKILL included, so no stack outlives its starter.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endGroup, signalGroup } from './process-group.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Copies dev.vars.example to .dev.vars when the latter is missing (local secrets for wrangler dev). */
export function ensureDevVars() {
  const target = path.join(root, '.dev.vars');
  if (!existsSync(target)) copyFileSync(path.join(root, 'dev.vars.example'), target);
}

/**
 * ALLOWED_ORIGINS for `npm run dev`: the stack's own origins, plus every origin named in
 * ALLOWED_ORIGINS of the environment and of `.dev.vars` — added, never replaced (a `--var`
 * would otherwise hide the file's value). Any http://localhost:<port> and
 * http://127.0.0.1:<port> page is allowed anyway in development mode (worker/middleware/cors.ts);
 * this list is for other origins (a LAN address, a tunnel's https origin).
 * @param {{ port: number, env?: Record<string, string | undefined>, devVarsFile?: string }} options
 * @returns {string}
 * @example
 * devAllowedOrigins({ port: 8787, env: { ALLOWED_ORIGINS: 'https://abc.trycloudflare.com' } });
 * // 'http://127.0.0.1:8787,http://localhost:8787,https://abc.trycloudflare.com'
 */
export function devAllowedOrigins({
  port,
  env = process.env,
  devVarsFile = path.join(root, '.dev.vars'),
}) {
  const split = (value) =>
    String(value ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  const origins = [
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    ...split(env.ALLOWED_ORIGINS),
    ...split(devVarsValue('ALLOWED_ORIGINS', devVarsFile)),
  ];
  return [...new Set(origins)].join(',');
}

/**
 * The value of one `NAME=value` (or `NAME="value"`) line of a `.dev.vars` file, the last one
 * winning; '' when the file or the line is missing.
 * @param {string} name
 * @param {string} devVarsFile
 * @returns {string}
 */
export function devVarsValue(name, devVarsFile) {
  let value = '';
  if (!existsSync(devVarsFile)) return value;
  const line = new RegExp(`^\\s*${name}\\s*=\\s*"?([^"]*)"?\\s*$`);
  for (const text of readFileSync(devVarsFile, 'utf8').split('\n')) {
    const match = line.exec(text);
    if (match) value = match[1].trim();
  }
  return value;
}

/**
 * The `--forward-to <url>` (or `--forward-to=<url>`) of `npm run dev -- …`, or null; throws
 * for a missing or non-http(s) URL.
 * @param {readonly string[]} argv the arguments after the script's name
 * @returns {string | null}
 * @example
 * forwardToArg(['--forward-to', 'http://localhost:3000/webhooks']); // 'http://localhost:3000/webhooks'
 */
export function forwardToArg(argv) {
  const at = argv.findIndex((arg) => arg === '--forward-to' || arg.startsWith('--forward-to='));
  if (at === -1) return null;
  const arg = argv[at];
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  let url = null;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    /* refused below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `--forward-to needs an http(s) URL, e.g. --forward-to http://localhost:3000/webhooks (got ${value ?? 'nothing'})`,
    );
  }
  return url.toString();
}

/**
 * Where `npm run dev` sends merchant webhooks (docs/dev-webhooks.md):
 * - `--forward-to <url>`: to the dev inbox (`/dev/webhooks`, the inspector), which forwards each
 *   one, as the proxy signed it, to `<url>` and answers the proxy with what `<url>` answered
 *   (`DEV_WEBHOOK_FORWARD_TO`), so the outbox's own retries reach a receiver that was down;
 * - else `MERCHANT_WEBHOOK_URL` of the environment, else of `.dev.vars`: straight there, as in
 *   production (the inspector does not see them);
 * - else the dev inbox alone.
 * @param {{ port: number, forwardTo?: string | null, env?: Record<string, string | undefined>, devVarsFile?: string }} options
 * @returns {{ vars: Record<string, string>, banner: string[] }}
 * @example
 * devWebhookTarget({ port: 8787, forwardTo: 'http://localhost:3000/webhooks', env: {} }).vars;
 * // { MERCHANT_WEBHOOK_URL: 'http://127.0.0.1:8787/dev/webhooks',
 * //   DEV_WEBHOOK_FORWARD_TO: 'http://localhost:3000/webhooks' }
 */
export function devWebhookTarget({
  port,
  forwardTo = null,
  env = process.env,
  devVarsFile = path.join(root, '.dev.vars'),
}) {
  const inbox = `http://127.0.0.1:${port}/dev/webhooks`;
  const fromEnv = String(env.MERCHANT_WEBHOOK_URL ?? '').trim();
  const configured = fromEnv || devVarsValue('MERCHANT_WEBHOOK_URL', devVarsFile);
  const source = fromEnv ? 'the environment' : '.dev.vars';
  if (forwardTo) {
    const banner = [`webhooks       ${inbox} (inspector), each forwarded to ${forwardTo}`];
    if (configured) {
      banner.push(
        `               (MERCHANT_WEBHOOK_URL of ${source} is not used with --forward-to)`,
      );
    }
    return { vars: { MERCHANT_WEBHOOK_URL: inbox, DEV_WEBHOOK_FORWARD_TO: forwardTo }, banner };
  }
  if (configured) {
    return {
      vars: { MERCHANT_WEBHOOK_URL: configured },
      banner: [
        `webhooks       ${configured} (MERCHANT_WEBHOOK_URL of ${source})`,
        `               not seen by ${inbox}: use --forward-to <url> to see them there too`,
      ],
    };
  }
  return {
    vars: { MERCHANT_WEBHOOK_URL: inbox },
    banner: [`webhooks       ${inbox} (inspector; --forward-to <url> sends them on)`],
  };
}

/**
 * The sandbox's config for `wrangler dev`: a generated copy of sandbox/wrangler.toml (JSON, in a
 * temp dir, `main` made absolute) with `vars` merged in and an `[env.dev]` that repeats its
 * bindings. Wrangler gives the second config of a multi-config `dev` neither `--var` nor
 * `--env-file` (SANDBOX_* vars passed as `--var` would silently never reach the sandbox), and it
 * applies `--env dev` (which selects the proxy's development env) to every config: without an
 * [env.dev] of its own the sandbox would print a "No environment found" warning on every start.
 * The copy goes when wrangler exits.
 * @param {Record<string, string>} vars
 * @returns {Promise<string>}
 */
async function sandboxConfig(vars) {
  const original = path.join(root, 'sandbox/wrangler.toml');
  const { experimental_readRawConfig } = await import('wrangler');
  const { rawConfig } = experimental_readRawConfig({ config: original });
  const merged = { ...rawConfig.vars, ...vars };
  const file = path.join(
    mkdtempSync(path.join(os.tmpdir(), 'uc-sandbox-config-')),
    'wrangler.json',
  );
  const main = path.join(root, 'sandbox', /** @type {string} */ (rawConfig.main));
  // Non-inheritable keys must be repeated in the env, or wrangler drops them there.
  const bindings = Object.fromEntries(
    ['durable_objects', 'services', 'kv_namespaces', 'd1_databases']
      .filter((key) => rawConfig[key] !== undefined)
      .map((key) => [key, rawConfig[key]]),
  );
  const dev = { name: rawConfig.name, vars: merged, ...bindings };
  const config = { ...rawConfig, main, vars: merged, env: { ...rawConfig.env, dev } };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * The proxy's config for the bench's cost phase: a generated copy of wrangler.toml (JSON, in a
 * temp dir, paths made absolute) whose [env.dev] runs worker/dev-cost/entry.ts, the proxy with
 * its billed operations counted (GET /dev/cost). Only this copy names that entry: production,
 * `npm run dev` and the tests never bundle it.
 * @returns {Promise<string>}
 */
async function costCountingConfig() {
  const { experimental_readRawConfig } = await import('wrangler');
  const { rawConfig } = experimental_readRawConfig({ config: path.join(root, 'wrangler.toml') });
  const absolute = (p) => (p ? path.resolve(root, p) : p);
  const fix = (section) => ({
    ...section,
    ...(section.assets && {
      assets: { ...section.assets, directory: absolute(section.assets.directory) },
    }),
    ...(section.d1_databases && {
      d1_databases: section.d1_databases.map((d) => ({
        ...d,
        migrations_dir: absolute(d.migrations_dir),
      })),
    }),
  });
  const dev = { ...fix(rawConfig.env.dev), main: path.join(root, 'worker/dev-cost/entry.ts') };
  const config = {
    ...fix(rawConfig),
    main: absolute(rawConfig.main),
    env: { ...rawConfig.env, dev },
  };
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'uc-cost-config-')), 'wrangler.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * Applies the query index's D1 migrations (migrations/) to the local database of `[env.dev]`
 * in `persistTo` (applied ones are skipped), as `wrangler dev` will find it.
 * @param {string} persistTo
 */
export function applyIndexMigrations(persistTo) {
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/wrangler'),
    ['d1', 'migrations', 'apply', 'INDEX', '--local', '--env', 'dev', '--persist-to', persistTo],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        CI: '1',
      },
    },
  );
  if (run.status !== 0) {
    throw new Error(`wrangler d1 migrations apply failed:\n${run.stdout}\n${run.stderr}`);
  }
}

/**
 * Starts `wrangler dev -c wrangler.toml -c sandbox/wrangler.toml --env dev` and resolves once /health answers.
 * The query index's migrations are applied to its state first.
 * Vars named `SANDBOX_*` go to the sandbox (see {@link sandboxConfig}), the others to the proxy.
 * `costCounters`: run the proxy with its billed operations counted ({@link costCountingConfig}).
 * @param {{ port?: number, persistTo?: string, vars?: Record<string,string>, inspectorPort?: number, stdio?: 'inherit'|'pipe', costCounters?: boolean }} options
 */
export async function startDevStack(options = {}) {
  ensureDevVars();
  const port = options.port ?? 8787;
  const base = `http://127.0.0.1:${port}`;
  const persistTo = options.persistTo ?? mkdtempSync(path.join(os.tmpdir(), 'uc-state-'));
  applyIndexMigrations(persistTo);
  const vars = {
    PUBLIC_BASE_URL: base,
    ALLOWED_ORIGINS: `${base},http://localhost:${port}`,
    MERCHANT_WEBHOOK_URL: `${base}/dev/webhooks`,
    SANDBOX_PUBLIC_URL: `${base}/sandbox`,
    ...options.vars,
  };
  const isSandboxVar = ([key]) => key.startsWith('SANDBOX_');
  const sandbox = await sandboxConfig(
    Object.fromEntries(Object.entries(vars).filter(isSandboxVar)),
  );
  const proxyVars = Object.entries(vars).filter((entry) => !isSandboxVar(entry));
  const proxyConfig = options.costCounters ? await costCountingConfig() : 'wrangler.toml';
  const args = [
    'dev',
    '-c',
    proxyConfig,
    '-c',
    sandbox,
    // [env.dev] of wrangler.toml: the top level is the production Worker (no dev routes).
    '--env',
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(options.inspectorPort ?? port + 1000),
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    // The generated config lives in a temp dir, where wrangler would find no .dev.vars.
    ...(options.costCounters ? ['--env-file', path.join(root, '.dev.vars')] : []),
    ...proxyVars.flatMap(([k, v]) => ['--var', `${k}:${v}`]),
  ];
  const child = spawn(path.join(root, 'node_modules/.bin/wrangler'), args, {
    cwd: root,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
    },
    stdio: ['ignore', options.stdio ?? 'pipe', options.stdio ?? 'pipe'],
    // Its own process group (pgid = child.pid): a terminal's Ctrl-C no longer reaches it
    // directly, and whoever stops the stack ends wrangler and both workerd processes together.
    detached: true,
  });
  const pgid = /** @type {number} */ (child.pid);
  child.once('exit', () => {
    rmSync(path.dirname(sandbox), { recursive: true, force: true });
    if (options.costCounters) rmSync(path.dirname(proxyConfig), { recursive: true, force: true });
  });
  // The lifeline: its stdin is a pipe from this process; when this process is gone, so is the
  // stack. Unref'd: it never keeps this process alive by itself.
  const watchdog = spawn(
    process.execPath,
    [path.join(root, 'test/support/group-watchdog.mjs'), String(pgid)],
    {
      stdio: ['pipe', 'ignore', 'inherit'],
      detached: true,
    },
  );
  watchdog.unref();
  /** @type {import('node:net').Socket} */ (watchdog.stdin).unref();
  // A normal exit (or process.exit from a signal handler): SIGTERM at once, synchronously;
  // the watchdog, seeing the pipe close, follows up with SIGKILL for anything left.
  const onExit = () => signalGroup(pgid, 'SIGTERM');
  process.once('exit', onExit);
  let stopped = null;
  const stop = () =>
    (stopped ??= (async () => {
      await endGroup(pgid);
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => child.once('exit', resolve));
      }
      process.off('exit', onExit);
      watchdog.stdin?.end();
    })());
  let output = '';
  if (child.stdout) child.stdout.on('data', (d) => (output += d));
  if (child.stderr) child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    // A readiness poll: /health answering is the event waited for.
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() >= deadline) {
    await stop();
    throw new Error(`wrangler dev did not answer on ${base}/health within 60 s:\n${output}`);
  }
  return {
    base,
    persistTo,
    pgid,
    output: () => output,
    /** Ends wrangler's whole group: SIGTERM, then SIGKILL after 5 s; resolves when all are gone. */
    stop,
  };
}

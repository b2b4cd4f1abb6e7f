// What a plain `wrangler deploy` publishes is the safe production Worker;
// development (DEV_MODE, the sandbox binding, /dev and /sandbox routes) lives in [env.dev] only,
// and `npm run deploy` refuses DEV_MODE.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig, unstable_getMiniflareWorkerOptions } from 'wrangler';
import dev from '../../worker/dev-credentials.json' with { type: 'json' };
import { deployProblems } from '../../scripts/deploy-check.mjs';
import { devVars } from '../support/dev-vars';

const top = unstable_getMiniflareWorkerOptions('wrangler.toml', '').workerOptions;
const local = unstable_getMiniflareWorkerOptions('wrangler.toml', 'dev').workerOptions;
type Migration = { tag: string; new_sqlite_classes?: string[]; deleted_classes?: string[] };
const raw = experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig as {
  assets?: { run_worker_first?: string[] };
  migrations?: Migration[];
  env?: Record<string, { name?: string; migrations?: Migration[] }>;
};

describe('wrangler.toml', () => {
  it('top level (what `wrangler deploy` publishes): no DEV_MODE, no sandbox, no dev routes', () => {
    expect(top.bindings).not.toHaveProperty('DEV_MODE');
    expect(top.serviceBindings ?? {}).not.toHaveProperty('UPSTREAM');
    expect(raw.assets?.run_worker_first).toEqual([
      '/v1/*',
      '/hooks/*',
      '/pay/*',
      '/console',
      '/console/*',
      '/health',
    ]);
    expect(top.bindings).not.toMatchObject({ SERVICE_CLIENT_ID: 'test-client' });
  });

  it('[env.dev] carries development, under its own Worker name', () => {
    expect(local.bindings).toMatchObject({ DEV_MODE: '1', SERVICE_CLIENT_ID: 'test-client' });
    expect(local.serviceBindings).toHaveProperty('UPSTREAM');
    expect(raw.env?.dev?.name).toBe('unified-checkout-dev');
    expect(Object.keys(raw.env ?? {})).toEqual(['dev']);
  });

  it('deploys the top level without inheritance warnings', () => {
    // Config diagnostics print before bundling, so a dry run shows them even when the bundle
    // itself cannot be built.
    const { output } = dryRun('');
    expect(output).not.toMatch(/exists at the top level, but not on/);
    expect(output).not.toMatch(/Multiple environments are defined/);
    expect(output).not.toMatch(/No environment found/);
  }, 60_000);

  // The dev and bench routes are built into [env.dev]
  // only (its main, worker/dev-worker.ts, is the one file that imports them).
  it('the production bundle carries no dev or bench code; the dev bundle does', () => {
    const production = dryRun('');
    expect(production.status, production.output).toBe(0);
    const shipped = bundledModules(production.bundle);
    expect(shipped).toContain('worker/index.ts');
    // Modules with "dev" or "bench" in their path that production keeps, each for a reason:
    const kept = [
      // The development secrets: production refuses to run with them (worker/config.ts).
      'worker/dev-credentials.json',
      // The dev-mode check itself: production asks it whether DEV_MODE may be honoured.
      'worker/dev-mode.ts',
    ];
    expect(shipped.filter((file) => /dev|bench/i.test(file))).toEqual(kept);
    // Neither the dev webhook inbox's class nor the index benchmark's rows, under any path,
    // nor the tests' alarm drain (worker/dev-objects.ts): no part of the production RPC surface.
    expect(production.bundle).not.toMatch(
      /DevInbox|dev_webhooks|writeBenchRows|bench-rows|drainAlarms/,
    );

    const development = dryRun('dev');
    expect(development.status, development.output).toBe(0);
    expect(bundledModules(development.bundle)).toEqual(
      expect.arrayContaining([
        'worker/dev-worker.ts',
        'worker/routes/dev.ts',
        'worker/index-store/bench-rows.ts',
        'worker/dev-inbox/inbox.ts',
        'worker/dev-inbox/dev-inbox.ts',
        'worker/dev-objects.ts',
        // The dev routes' loopback Host check travels with them.
        'worker/middleware/loopback-host.ts',
      ]),
    );
    expect(development.bundle).toMatch(/\bDevInbox = class\b/);
    expect(development.bundle).toMatch(/\bdrainAlarms\(/);
  }, 60_000);

  // The production Worker once exported DevInbox (migration v2): v6 deletes the class there,
  // while [env.dev], with a migrations list of its own, keeps it (an env without its own list
  // would inherit the top level's).
  it('deletes the DevInbox class in production only', () => {
    const deleted = (list: Migration[] | undefined) =>
      (list ?? []).flatMap((migration) => migration.deleted_classes ?? []);
    const created = (list: Migration[] | undefined) =>
      (list ?? []).flatMap((migration) => migration.new_sqlite_classes ?? []);
    expect(raw.migrations).toContainEqual({ tag: 'v6', deleted_classes: ['DevInbox'] });
    expect(deleted(raw.migrations)).toEqual(['DevInbox']);
    expect(created(raw.env?.dev?.migrations)).toContain('DevInbox');
    expect(deleted(raw.env?.dev?.migrations)).toEqual([]);
    // The dev list is the top level's without v6, tag for tag (later classes too: PayoutBatch).
    expect(raw.env?.dev?.migrations).toEqual(raw.migrations?.filter((m) => m.tag !== 'v6'));
  });
});

const dryRuns = new Map<string, ReturnType<typeof bundle>>();

/**
 * `wrangler deploy --dry-run` of an environment of wrangler.toml ('' is the top level, the
 * production Worker): its output, exit status and bundle (the text of the one .js file). Once
 * per environment and file.
 */
function dryRun(environment: string) {
  if (!dryRuns.has(environment)) dryRuns.set(environment, bundle(environment));
  return dryRuns.get(environment)!;
}

function bundle(environment: string) {
  const outdir = path.resolve(`node_modules/.cache/uc-dry-run/${environment || 'production'}`);
  rmSync(outdir, { recursive: true, force: true });
  const run = spawnSync(
    path.resolve('node_modules/.bin/wrangler'),
    ['deploy', '--dry-run', `--env=${environment}`, '--outdir', outdir],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
    },
  );
  const script = existsSync(outdir)
    ? readdirSync(outdir).find((file) => file.endsWith('.js'))
    : undefined;
  return {
    output: `${run.stdout}\n${run.stderr}`,
    status: run.status,
    bundle: script ? readFileSync(path.join(outdir, script), 'utf8') : '',
  };
}

/** Our own source files in a bundle: esbuild heads each module's code with a `// path` line. */
function bundledModules(bundle: string) {
  return [...bundle.matchAll(/^\/\/ ((?:worker|shared)\/\S+)$/gm)].map((match) => match[1]!);
}

describe('npm run deploy', () => {
  const good = {
    SERVICE_BASE_URL: 'https://api.payments.example',
    SERVICE_CLIENT_ID: 'c_live_1',
    SERVICE_SENDER: 'Corner Shop',
    PUBLIC_BASE_URL: 'https://pay.shop.example',
    ALLOWED_ORIGINS: 'https://shop.example',
    MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
    SERVICE_PAYOUT_PATH: '/api/v2/payouts',
  };
  const secrets = ['SERVICE_SECRET_KEY', 'MERCHANT_API_KEY', 'MERCHANT_WEBHOOK_SECRET'];

  it('refuses DEV_MODE in the deployed vars', () => {
    const problems = deployProblems({ vars: { ...good, DEV_MODE: '1' }, secretNames: secrets });
    expect(problems.join('\n')).toMatch(/DEV_MODE is set in the top-level \[vars\]/);
    expect(deployProblems({ vars: good, secretNames: secrets })).toEqual([]);
  });

  it('checks the vars a plain deploy would publish: today they are unset, so it refuses', () => {
    const vars = top.bindings as Record<string, unknown>;
    const problems = deployProblems({ vars, secretNames: secrets });
    expect(problems.join('\n')).toMatch(/SERVICE_CLIENT_ID is empty in the top-level \[vars\]/);
  });
});

describe('the development credentials', () => {
  it('are the ones dev.vars.example gives (the Worker allows DEV_MODE only with them)', () => {
    expect(devVars('dev.vars.example')).toEqual(dev.secrets);
    expect(local.bindings).toMatchObject(dev.vars);
    expect(readFileSync('sandbox/wrangler.toml', 'utf8')).toContain(
      `SANDBOX_SECRET_KEY = "${dev.secrets.SERVICE_SECRET_KEY}"`,
    );
  });
});

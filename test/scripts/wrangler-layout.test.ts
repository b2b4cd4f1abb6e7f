// Issue #14, item 1: what a plain `wrangler deploy` publishes is the safe production Worker;
// development (DEV_MODE, the sandbox binding, /dev and /sandbox routes) lives in [env.dev] only,
// and `npm run deploy` refuses DEV_MODE.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig, unstable_getMiniflareWorkerOptions } from 'wrangler';
import dev from '../../worker/dev-credentials.json' with { type: 'json' };
import { deployProblems } from '../../scripts/deploy-check.mjs';
import { devVars } from '../support/dev-vars';

const top = unstable_getMiniflareWorkerOptions('wrangler.toml', '').workerOptions;
const local = unstable_getMiniflareWorkerOptions('wrangler.toml', 'dev').workerOptions;
const raw = experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig as {
  assets?: { run_worker_first?: string[] };
  env?: Record<string, { name?: string }>;
};

describe('wrangler.toml', () => {
  it('top level (what `wrangler deploy` publishes): no DEV_MODE, no sandbox, no dev routes', () => {
    expect(top.bindings).not.toHaveProperty('DEV_MODE');
    expect(top.serviceBindings ?? {}).not.toHaveProperty('UPSTREAM');
    expect(raw.assets?.run_worker_first).toEqual(['/v1/*', '/hooks/*', '/pay/*', '/health']);
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
    const run = spawnSync(
      path.resolve('node_modules/.bin/wrangler'),
      ['deploy', '--dry-run', '--env=', '--outdir', path.resolve('node_modules/.cache/uc-dry-run')],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).not.toMatch(/exists at the top level, but not on/);
    expect(output).not.toMatch(/Multiple environments are defined/);
    expect(output).not.toMatch(/No environment found/);
  }, 60_000);
});

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

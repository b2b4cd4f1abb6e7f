// `npm run deploy`: builds the widget, checks the production configuration and secrets, then
// `wrangler deploy --env=""` (the top level of wrangler.toml is the production Worker; [env.dev]
// is local development only). Refuses with a list of what is missing or development-only.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { deployProblems, ROTATION_SECRETS, SECRET_NAMES } from './deploy-check.mjs';
import { copyProductionAssets } from './production-assets.mjs';
import { buildOpenApi } from './openapi.mjs';
import { run } from './run.mjs';
import { cli } from './cli.mjs';

cli(import.meta.url);

const wrangler = path.resolve('node_modules/.bin/wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
// A DEV_MODE in the shell would reach nothing (vars come from wrangler.toml), but say so loudly.
if (process.env.DEV_MODE) {
  console.error('Refusing to deploy: DEV_MODE is set in the environment; unset it.');
  process.exit(1);
}
const bindings =
  unstable_getMiniflareWorkerOptions('wrangler.toml', '').workerOptions.bindings ?? {};
const vars = Object.fromEntries(
  Object.entries(bindings).filter(([name]) => !SECRET_NAMES.includes(name)),
);
const listed = spawnSync(wrangler, ['secret', 'list', '--env=', '--format', 'json'], {
  env,
  encoding: 'utf8',
});
let secretNames = null;
if (listed.status === 0) {
  try {
    secretNames = JSON.parse(listed.stdout).map((s) => s.name);
  } catch {
    secretNames = null;
  }
}
// Secrets about to be pushed from the environment are checked for development values too.
const localSecrets = Object.fromEntries(
  [...SECRET_NAMES, ...ROTATION_SECRETS]
    .filter((n) => process.env[n])
    .map((n) => [n, process.env[n]]),
);
// The query index's D1 database (wrangler.toml ships a placeholder id).
const d1Databases = unstable_readConfig({ config: 'wrangler.toml' }).d1_databases ?? [];
const problems = deployProblems({ vars, secretNames, localSecrets, d1Databases });
if (problems.length > 0) {
  console.error('Refusing to deploy:\n' + problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
run('vite', ['build', '--logLevel', 'warn'], 'widget build');
await buildOpenApi(); // public/openapi.json and public/docs.html
copyProductionAssets(); // public/ without the demo page: the top-level [assets] directory
run('wrangler', ['deploy', '--env='], 'deploy the proxy');

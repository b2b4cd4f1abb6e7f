// Vitest globalSetup: builds the sandbox Worker to JS so the proxy project can load it as an
// auxiliary worker (auxiliary workers are not transformed by Vite).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  // npm test (scripts/test.mjs) built it once before the first workerd project.
  if (process.env.UC_SANDBOX_BUILT === '1') return;
  const outdir = path.resolve('sandbox/dist');
  execFileSync(
    path.resolve('node_modules/.bin/wrangler'),
    ['deploy', '--dry-run', '--outdir', outdir, '-c', 'sandbox/wrangler.toml'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    },
  );
}

// Runs commands from node_modules/.bin in sequence, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** A step that takes longer has hung (the slowest suite takes under two minutes here). */
const STEP_LIMIT_MS = 10 * 60_000;

/**
 * Runs `bin args…` from node_modules/.bin with metrics and cf.json fetches off; exits on failure,
 * and fails a step that hangs past STEP_LIMIT_MS instead of waiting for CI's own limit.
 */
export function run(bin, args, label = `${bin} ${args.join(' ')}`) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
    cwd: root,
    stdio: 'inherit',
    timeout: STEP_LIMIT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error?.code === 'ETIMEDOUT') {
    console.error(`✖ ${label} hung: stopped after ${seconds} s`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}

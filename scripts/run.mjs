// Runs commands from node_modules/.bin in sequence, stopping at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** A step that takes longer has hung (the slowest suite takes under two minutes here). */
const STEP_LIMIT_MS = 10 * 60_000;

/**
 * Runs `bin args…` from node_modules/.bin with metrics and cf.json fetches off (and `env` over
 * the process's); exits on failure, and fails a step that hangs past STEP_LIMIT_MS instead of
 * waiting for CI's own limit.
 */
export function run(bin, args, label = `${bin} ${args.join(' ')}`, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
    cwd: root,
    stdio: 'inherit',
    timeout: STEP_LIMIT_MS,
    killSignal: 'SIGKILL',
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      ...env,
    },
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

/**
 * Runs lanes side by side: each lane is a list of steps ([bin, args, label, env?]) run in order,
 * stopping at its first failure. Each output line is prefixed with its step's label. When every
 * lane has ended, prints each step's time and exits on any failure (a failing lane does not stop
 * the others: they end their own runs and stop their own dev stacks).
 * @param {[string, string[], string, Record<string, string>?][][]} lanes
 */
export async function runLanes(lanes) {
  const results = await Promise.all(lanes.map((lane) => runLane(lane)));
  const failed = results.flat().filter((step) => !step.ok);
  for (const step of results.flat()) {
    console.log(`${step.ok ? '✔' : '✖'} ${step.label} (${step.seconds} s)${step.why}`);
  }
  if (failed.length > 0) process.exit(1);
}

async function runLane(lane) {
  const done = [];
  for (const [bin, args, label, env = {}] of lane) {
    const step = await runPrefixed(bin, args, label, env);
    done.push(step);
    if (!step.ok) break;
  }
  return done;
}

function runPrefixed(bin, args, label, extraEnv) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin', bin), args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        ...extraEnv,
      },
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${label}] ${rest}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, STEP_LIMIT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const why = hung
        ? ' hung: stopped'
        : status === 0
          ? ''
          : ` failed (exit ${status ?? signal})`;
      console.log(`${status === 0 ? '✔' : '✖'} ${label} (${seconds} s)${why}`);
      resolve({ label, ok: status === 0, seconds, why });
    });
  });
}

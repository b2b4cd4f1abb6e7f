/**
 * Servers the benchmarks run against, each a `wrangler dev` on loopback with fresh state:
 * the dev stack (proxy + sandbox in one workerd, from test/support/dev-stack.mjs), the sandbox
 * alone (the "direct" side of the overhead comparison) and the signing bench worker.
 * Every server is stopped by the PID of the process this module spawned.
 * @module
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { startDevStack } from '../../test/support/dev-stack.mjs';
import { descendants } from './processes.mjs';
import { tempDir } from './temp.mjs';

/** The repository root. */
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Gives this run's `wrangler dev` processes a dev registry of their own. By default every
 * `wrangler dev` on the machine shares ~/.config/.wrangler/registry and reacts to the others
 * starting and stopping (CPU in wrangler's Node process, reloads); the benchmark's servers
 * talk to nobody through it (proxy and sandbox share one process).
 *
 * @example
 * isolateDevRegistry();
 */
export function isolateDevRegistry() {
  process.env.WRANGLER_REGISTRY_PATH = tempDir('uc-bench-registry-');
}

/** The dev stack's port and inspector port (reserved for the benchmarks). */
export const STACK_PORT = 8799;
export const STACK_INSPECTOR_PORT = 9799;

/** Ports handed out in this run (the OS may offer a just-closed port twice). */
const handedOut = new Set();

/**
 * A free TCP port on 127.0.0.1, chosen by the OS (for the servers that have no fixed port),
 * never one already handed out in this run.
 *
 * @example
 * const port = await freePort();
 * @returns {Promise<number>}
 */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: chosen } = /** @type {net.AddressInfo} */ (server.address());
        server.close(() => resolve(chosen));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * Starts proxy + sandbox under one `wrangler dev` on {@link STACK_PORT}. Status queries are
 * pushed out of the way (RECONCILE_DELAY_SECONDS) so only the benchmark's own callbacks move
 * the attempts.
 *
 * @example
 * const stack = await startStack(); … await stack.stop();
 */
export function startStack() {
  return startDevStack({
    port: STACK_PORT,
    inspectorPort: STACK_INSPECTOR_PORT,
    persistTo: tempDir('uc-bench-stack-'),
    vars: { RECONCILE_DELAY_SECONDS: '3600' },
  });
}

/**
 * Starts `wrangler dev -c <config>` on a free port with its own state directory and resolves
 * once `readyPath` answers 200.
 *
 * @param {{ config: string, readyPath?: string, vars?: Record<string, string>, label: string }} options
 * @returns {Promise<{ base: string, inspectorPort: number, stop(): Promise<void>, output(): string }>}
 */
export async function startWrangler(options) {
  try {
    return await startWranglerOnce(options);
  } catch (error) {
    // Another process may take a free port between our probe and wrangler's bind: once more.
    if (!String(error).includes('Address already in use')) throw error;
    return startWranglerOnce(options);
  }
}

/** @param {{ config: string, readyPath?: string, vars?: Record<string, string>, label: string }} options */
async function startWranglerOnce({ config, readyPath = '/health', vars = {}, label }) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = [
    'dev',
    '-c',
    config,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    tempDir('uc-bench-state-'),
    '--show-interactive-dev-session=false',
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
  ];
  const child = spawn(path.join(root, 'node_modules/.bin/wrangler'), args, {
    cwd: root,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_LOG: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label}: wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(base + readyPath);
      await res.arrayBuffer();
      if (res.ok) return { base, inspectorPort, stop, output: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${label}: no answer on ${base}${readyPath} within 60 s:\n${output}`);
}

/**
 * The sandbox alone (`sandbox/wrangler.toml`), as the upstream service the proxy fronts.
 *
 * @example
 * const sandbox = await startSandboxAlone(); // sandbox.base + '/api/v4/service-unified-collections'
 */
export function startSandboxAlone() {
  return startWrangler({ config: 'sandbox/wrangler.toml', label: 'sandbox alone' });
}

/**
 * Waits until the processes this run started are (nearly) idle — wrangler finishes some work
 * after its first answer — so that it does not leak into the first measurement. Gives up after
 * `timeoutMs`.
 *
 * @example
 * await settle();
 * @param {number} timeoutMs
 */
export async function settle(timeoutMs = 5000) {
  const cpu = () => descendants(process.pid, STACK_PORT).reduce((sum, p) => sum + p.cpu, 0);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = cpu();
    await new Promise((r) => setTimeout(r, 300));
    if (cpu() - before < 0.03) return; // under 10% of a core over 300 ms
  }
}

// `npm run dev`: builds the widget, the webhook verifier and the typed client, then runs proxy + sandbox + demo on http://127.0.0.1:8787.
// `npm run dev -- --forward-to http://localhost:3000/webhooks` also forwards every merchant
// webhook, signed as in production, to that URL (docs/dev-webhooks.md).
// Stopping: Ctrl-C, or SIGTERM / SIGINT / SIGHUP to this process or to `npm run dev` (a process
// manager, an IDE's stop button, `kill`), ends wrangler and both workerd processes (their own
// process group) and frees the port. So does this process's parent going away: it polls
// process.ppid, which changes when the parent dies even by SIGKILL (a tty stdin does not close
// then, and a /dev/null one is closed from the start, so stdin cannot tell); and if this
// process itself is killed outright, the stack's watchdog ends the group (test/support/dev-stack.mjs).
// `--no-build` skips the widget build and the API document (as last built). PORT, INSPECTOR_PORT and
// DEV_PERSIST_TO choose the port (8787), the inspector's (9229) and the state (.wrangler/state).
import { run } from './run.mjs';
import { buildOpenApi } from './openapi.mjs';
import {
  devAllowedOrigins,
  devWebhookTarget,
  ensureDevVars,
  forwardToArg,
  startDevStack,
} from '../test/support/dev-stack.mjs';
import path from 'node:path';
import { cli } from './cli.mjs';

cli(import.meta.url, { 'forward-to': { type: 'string' }, 'no-build': { type: 'boolean' } });

/** @type {{ stop(): Promise<void> } | null} */
let stack = null;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Before the stack is up, exiting is enough: the exit hook and the watchdog end its group.
  if (stack) await stack.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 500).unref();

const argv = process.argv.slice(2);
let forwardTo = null;
try {
  forwardTo = forwardToArg(argv);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (!argv.includes('--no-build')) {
  run('vite', ['build', '--logLevel', 'warn'], 'widget build');
  // unified-checkout/webhooks and unified-checkout/client (dist/lib, dist/client): what a backend
  // of yours imports from this clone (README, "The client and verifier in your backend").
  run('tsc', ['-p', 'tsconfig.lib.json'], 'webhook verifier build');
  run('tsc', ['-p', 'tsconfig.client.json'], 'typed client build');
  // GET /openapi.json and /docs (static assets built from worker/openapi/).
  await buildOpenApi();
}
const port = Number(process.env.PORT ?? 8787);
ensureDevVars();
// The stack's own origins plus ALLOWED_ORIGINS from the environment and .dev.vars (added, not
// replaced); any http://localhost:* or http://127.0.0.1:* page is allowed in development anyway.
const allowedOrigins = devAllowedOrigins({ port });
// MERCHANT_WEBHOOK_URL from the environment or .dev.vars, or the dev inbox (with --forward-to).
const webhooks = devWebhookTarget({ port, forwardTo });
stack = await startDevStack({
  port,
  vars: { ALLOWED_ORIGINS: allowedOrigins, ...webhooks.vars },
  persistTo: path.resolve(process.env.DEV_PERSIST_TO ?? '.wrangler/state'),
  inspectorPort: Number(process.env.INSPECTOR_PORT ?? 9229),
  stdio: 'inherit',
});
console.log(`\nunified-checkout dev stack on ${stack.base}`);
console.log(`  demo page      ${stack.base}/demo`);
console.log(`  sandbox        ${stack.base}/sandbox/health`);
console.log(`  console        ${stack.base}/console/dev-login?role=finance (docs/console.md)`);
for (const line of webhooks.banner) console.log(`  ${line}`);
console.log(
  `  shop pages     any http://localhost:<port> or http://127.0.0.1:<port>, and ${allowedOrigins}`,
);
console.log('  Ctrl-C to stop.');

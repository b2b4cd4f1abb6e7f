// `npm run dev`: builds the widget, then runs proxy + sandbox + demo on http://127.0.0.1:8787.
// Ctrl-C stops wrangler (and its workerd children) cleanly.
import { run } from './run.mjs';
import { buildOpenApi } from './openapi.mjs';
import { devAllowedOrigins, ensureDevVars, startDevStack } from '../test/support/dev-stack.mjs';
import path from 'node:path';

run('vite', ['build', '--logLevel', 'warn'], 'widget build');
// GET /openapi.json and /docs (static assets built from worker/openapi/).
await buildOpenApi();
const port = Number(process.env.PORT ?? 8787);
ensureDevVars();
// The stack's own origins plus ALLOWED_ORIGINS from the environment and .dev.vars (added, not
// replaced); any http://localhost:* or http://127.0.0.1:* page is allowed in development anyway.
const allowedOrigins = devAllowedOrigins({ port });
const stack = await startDevStack({
  port,
  vars: { ALLOWED_ORIGINS: allowedOrigins },
  persistTo: path.resolve('.wrangler/state'),
  inspectorPort: 9229,
  stdio: 'inherit',
});
console.log(`\nunified-checkout dev stack on ${stack.base}`);
console.log(`  demo page      ${stack.base}/demo`);
console.log(`  sandbox        ${stack.base}/sandbox/health`);
console.log(`  webhooks (dev) ${stack.base}/dev/webhooks`);
console.log(
  `  shop pages     any http://localhost:<port> or http://127.0.0.1:<port>, and ${allowedOrigins}`,
);
console.log('  Ctrl-C to stop.');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

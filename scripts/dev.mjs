// `npm run dev`: builds the widget, then runs proxy + sandbox + demo on http://127.0.0.1:8787.
// `npm run dev -- --forward-to http://localhost:3000/webhooks` also forwards every merchant
// webhook, signed as in production, to that URL (docs/dev-webhooks.md).
// Ctrl-C stops wrangler (and its workerd children) cleanly.
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

let forwardTo = null;
try {
  forwardTo = forwardToArg(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
run('vite', ['build', '--logLevel', 'warn'], 'widget build');
// GET /openapi.json and /docs (static assets built from worker/openapi/).
await buildOpenApi();
const port = Number(process.env.PORT ?? 8787);
ensureDevVars();
// The stack's own origins plus ALLOWED_ORIGINS from the environment and .dev.vars (added, not
// replaced); any http://localhost:* or http://127.0.0.1:* page is allowed in development anyway.
const allowedOrigins = devAllowedOrigins({ port });
// MERCHANT_WEBHOOK_URL from the environment or .dev.vars, or the dev inbox (with --forward-to).
const webhooks = devWebhookTarget({ port, forwardTo });
const stack = await startDevStack({
  port,
  vars: { ALLOWED_ORIGINS: allowedOrigins, ...webhooks.vars },
  persistTo: path.resolve('.wrangler/state'),
  inspectorPort: 9229,
  stdio: 'inherit',
});
console.log(`\nunified-checkout dev stack on ${stack.base}`);
console.log(`  demo page      ${stack.base}/demo`);
console.log(`  sandbox        ${stack.base}/sandbox/health`);
for (const line of webhooks.banner) console.log(`  ${line}`);
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

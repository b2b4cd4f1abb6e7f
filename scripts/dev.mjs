// `npm run dev`: builds the widget, then runs proxy + sandbox + demo on http://127.0.0.1:8787.
// Ctrl-C stops wrangler (and its workerd children) cleanly.
import { run } from './run.mjs';
import { startDevStack } from '../test/support/dev-stack.mjs';
import path from 'node:path';

run('vite', ['build', '--logLevel', 'warn'], 'widget build');
const stack = await startDevStack({
  port: Number(process.env.PORT ?? 8787),
  persistTo: path.resolve('.wrangler/state'),
  inspectorPort: 9229,
  stdio: 'inherit',
});
console.log(`\nunified-checkout dev stack on ${stack.base}`);
console.log(`  demo page      ${stack.base}/demo`);
console.log(`  sandbox        ${stack.base}/sandbox/health`);
console.log(`  webhooks (dev) ${stack.base}/dev/webhooks\n  Ctrl-C to stop.`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// `npm test`: typecheck, format check, widget build, every suite. Exits non-zero on any failure.
import { ensureBrowsers } from './ensure-browsers.mjs';
import { checkEnvTypes } from './env-types.mjs';
import { run } from './run.mjs';
import { testWidget } from './test-widget.mjs';

const NAMES = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };
// Chromium, Firefox ESR and WebKitGTK (UC_ENGINES narrows; a missing one fails under CI=true).
const engines = ensureBrowsers();
const names = engines.map((engine) => NAMES[engine]).join(', ');
// The suites below read the same list (a locally missing engine was left out above).
process.env.UC_ENGINES = engines.join(',');
checkEnvTypes();
run('tsc', ['--noEmit', '-p', 'tsconfig.json'], 'typecheck (workers)');
run('tsc', ['--noEmit', '-p', 'tsconfig.widget.json'], 'typecheck (widget)');
run('tsc', ['--noEmit', '-p', 'tsconfig.node.json'], 'typecheck (node tests)');
run('prettier', ['--check', '.', '--log-level', 'warn'], 'format check');
run('vite', ['build', '--logLevel', 'warn'], 'widget build');
run('tsc', ['-p', 'tsconfig.lib.json'], 'webhook verifier build');
// One vitest process per project: run together, the workerd pools and the e2e stack contended
// for the two cores and the combined run could stall.
run('vitest', ['run', '--project', 'shared'], 'unit suite (Node)');
run('vitest', ['run', '--project', 'sandbox'], 'sandbox suite (workerd)');
run('vitest', ['run', '--project', 'proxy'], 'proxy suite (workerd, with the sandbox)');
run(
  'vitest',
  ['run', '--project', 'proxy-limits'],
  'prompt limits with their production defaults (workerd, with the sandbox)',
);
run(
  'vitest',
  ['run', '--project', 'proxy-hmac'],
  'money paths with HMAC-SHA256 signatures (workerd, with the sandbox)',
);
run('vitest', ['run', '--project', 'proxy-model'], 'money model (workerd, with the sandbox)');
run('vitest', ['run', '--project', 'e2e'], 'end-to-end suite (Chromium, wrangler dev)');
run(
  'vitest',
  ['run', '--project', 'e2e-engines'],
  `payment smoke in every engine (${names}; wrangler dev)`,
);
// One engine after another, each with its own dev stack (scripts/test-widget.mjs says why).
testWidget();

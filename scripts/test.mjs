// `npm test`: typecheck, format check, widget build, every suite. Exits non-zero on any failure.
import path from 'node:path';
import { ensureBrowsers } from './ensure-browsers.mjs';
import { checkEnvTypes } from './env-types.mjs';
import { run, runLanes } from './run.mjs';
import { engineSmokeSteps } from './test-engines.mjs';
import { widgetSteps } from './test-widget.mjs';
import { buildOpenApi } from './openapi.mjs';
import { cli } from './cli.mjs';

cli(import.meta.url);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The folders checked for import circles (package.json's `circles` script names the same). */
const CIRCLE_SCOPE = ['worker', 'sandbox', 'widget', 'shared'];
// Chromium, Firefox ESR and WebKitGTK (UC_ENGINES narrows; a missing one fails under CI=true).
const engines = ensureBrowsers();
// The suites below read the same list (a locally missing engine was left out above).
process.env.UC_ENGINES = engines.join(',');
checkEnvTypes();
// public/openapi.json (GET /openapi.json) and public/docs.html (/docs), linted: the e2e suite
// serves them (a few seconds; test/scripts/openapi.test.ts checks the document itself).
await buildOpenApi();
// Built once here; the vitest projects and the widget suite then skip their own builds.
process.env.UC_SANDBOX_BUILT = '1';
process.env.UC_WIDGET_BUILT = '1';
// Static checks and builds side by side: none reads another's output, except the Node unit
// suite, which reads the widget build (its own lane, after it).
await runLanes([
  [['tsc', ['--noEmit', '-p', 'tsconfig.json'], 'typecheck (workers)']],
  [['tsc', ['--noEmit', '-p', 'tsconfig.widget.json'], 'typecheck (widget)']],
  [['tsc', ['--noEmit', '-p', 'tsconfig.console.json'], 'typecheck (console)']],
  [['tsc', ['--noEmit', '-p', 'tsconfig.node.json'], 'typecheck (node tests)']],
  [['prettier', ['--check', '.', '--log-level', 'warn'], 'format check']],
  // Fails on an import circle outside .dependency-cruiser.cjs's allowlist (docs/design.md,
  // "Import circles"); test/scripts/import-circles.test.ts keeps that allowlist exact.
  [['depcruise', ['-c', '.dependency-cruiser.cjs', ...CIRCLE_SCOPE], 'import circles']],
  [
    ['vite', ['build', '--logLevel', 'warn'], 'widget build'],
    ['tsc', ['-p', 'tsconfig.lib.json'], 'webhook verifier build'],
    ['tsc', ['-p', 'tsconfig.client.json'], 'typed client build (unified-checkout/client)'],
    ['vitest', ['run', '--project', 'shared'], 'unit suite (Node)'],
  ],
  [
    [
      'wrangler',
      // An absolute --outdir: wrangler reads a relative one from the config's folder.
      [
        'deploy',
        '--dry-run',
        '--outdir',
        path.join(root, 'sandbox/dist'),
        '-c',
        'sandbox/wrangler.toml',
      ],
      'sandbox build (for the workerd suites)',
    ],
    // Small (one workerd, three tests, most of its half minute starting up): beside the
    // static checks rather than after them.
    [
      'vitest',
      ['run', '--project', 'relay'],
      'fixed-IP relay before a whitelisting sandbox (workerd, relay/relay.mjs)',
    ],
  ],
]);
// The sandbox's own suite first: the proxy suites below run it as their upstream.
run('vitest', ['run', '--project', 'sandbox'], 'sandbox suite (workerd)');
// Last, three lanes side by side. The browser suites spend most of their time waiting on
// wrangler, the sandbox's clock and the browsers, and the workerd suites on the CPU, so they
// share the two cores well; one vitest process per workerd project, one after another in
// their lane (run together, the workerd pools contended and a combined run could stall).
// One: the tests of `npm run dev`'s own stack (free ports), then the end-to-end suite (its
// stack on 8797, 8789, 8790). Two, engine by engine: the widget suite (its stacks on 8795,
// 8796), then the payment smoke (on 8803, 8791, 8792), each run with its own dev stack
// (scripts/per-engine.mjs says why). Three: the proxy's workerd suites (no port of their
// own). No port is shared.
await runLanes([
  [
    ['vitest', ['run', '--project', 'dev-stack'], "npm run dev's stack (Node, wrangler dev)"],
    ['vitest', ['run', '--project', 'e2e'], 'end-to-end suite (Chromium, wrangler dev)'],
  ],
  [...widgetSteps(), ...engineSmokeSteps()],
  [
    ['vitest', ['run', '--project', 'proxy'], 'proxy suite (workerd, with the sandbox)'],
    [
      'vitest',
      ['run', '--project', 'proxy-limits'],
      'prompt limits with their production defaults (workerd, with the sandbox)',
    ],
    [
      'vitest',
      ['run', '--project', 'proxy-hmac'],
      'money paths with HMAC-SHA256 signatures (workerd, with the sandbox)',
    ],
    ['vitest', ['run', '--project', 'proxy-model'], 'money model (workerd, with the sandbox)'],
    [
      'vitest',
      ['run', '--project', 'proxy-production'],
      'production entry with the development credentials (workerd, one file)',
    ],
  ],
]);

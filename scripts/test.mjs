// `npm test`: typecheck, format check, widget build, every suite. Exits non-zero on any failure.
import { ensureChromium } from './ensure-chromium.mjs';
import { run } from './run.mjs';

ensureChromium();
run('tsc', ['--noEmit', '-p', 'tsconfig.json'], 'typecheck (workers)');
run('tsc', ['--noEmit', '-p', 'tsconfig.widget.json'], 'typecheck (widget)');
run('tsc', ['--noEmit', '-p', 'tsconfig.node.json'], 'typecheck (node tests)');
run('prettier', ['--check', '.', '--log-level', 'warn'], 'format check');
run('vite', ['build', '--logLevel', 'warn'], 'widget build');
run('tsc', ['-p', 'tsconfig.lib.json'], 'webhook verifier build');
run('vitest', ['run'], 'unit, workerd and end-to-end suites');
run('web-test-runner', ['--config', 'web-test-runner.config.mjs'], 'widget suite (Chromium)');

// `npm run test:widget`: the widget suite (web-test-runner) once per engine, one after another,
// each run with its own dev stack. One run for all engines would share one stack, and with it
// the per-IP attempt rate limit (20 a minute): two engines' flow tests in the same minute were
// refused with RATE_LIMITED. Extra arguments go to web-test-runner (`-- --files …`).
// UC_ENGINES picks the engines (all three by default; see test/support/engines.mjs).
import { enginesToRun } from '../test/support/engines.mjs';
import { run } from './run.mjs';

const NAMES = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };

/**
 * The widget suite's steps, one per engine ([bin, args, label, env], for runLanes): each run
 * reads its one engine from UC_ENGINES.
 * @returns {[string, string[], string, Record<string, string>][]}
 */
export function widgetSteps(args = []) {
  return enginesToRun().map((engine) => [
    'web-test-runner',
    ['--config', 'web-test-runner.config.mjs', ...args],
    `widget suite (${NAMES[engine]})`,
    { UC_ENGINES: engine },
  ]);
}

/** Runs the widget suite in each engine; exits on the first failure. */
export function testWidget(args = []) {
  const engines = enginesToRun();
  const asked = process.env.UC_ENGINES;
  try {
    for (const engine of engines) {
      process.env.UC_ENGINES = engine;
      run(
        'web-test-runner',
        ['--config', 'web-test-runner.config.mjs', ...args],
        `widget suite (${NAMES[engine]})`,
      );
    }
  } finally {
    if (asked === undefined) delete process.env.UC_ENGINES;
    else process.env.UC_ENGINES = asked;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) testWidget(process.argv.slice(2));

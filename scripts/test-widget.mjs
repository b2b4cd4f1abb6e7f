// `npm run test:widget`: the widget suite (web-test-runner) once per engine, one after another,
// each run with its own dev stack (scripts/per-engine.mjs says why). Extra arguments go to
// web-test-runner (`-- --files …`). UC_ENGINES picks the engines.
import { cli } from './cli.mjs';
import { perEngine, runEach } from './per-engine.mjs';

/**
 * The widget suite's steps, one per engine ([bin, args, label, env], for runLanes).
 * @param {string[]} args
 */
export function widgetSteps(args = []) {
  return perEngine(
    'web-test-runner',
    ['--config', 'web-test-runner.config.mjs', ...args],
    'widget suite',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEach(widgetSteps(cli(import.meta.url, {}, { passThrough: true }).positionals));
}

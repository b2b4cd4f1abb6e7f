// `npm run test:engines`: the payment smoke (test/e2e/engines.test.ts) once per engine, one
// after another, each run with its own dev stack (scripts/per-engine.mjs says why). Extra
// arguments go to vitest (`-- -t 'hosted'`). UC_ENGINES picks the engines.
import { cli } from './cli.mjs';
import { perEngine, runEach } from './per-engine.mjs';

/**
 * The payment smoke's steps, one per engine ([bin, args, label, env], for runLanes).
 * @param {string[]} args
 */
export function engineSmokeSteps(args = []) {
  return perEngine('vitest', ['run', '--project', 'e2e-engines', ...args], 'payment smoke');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEach(engineSmokeSteps(cli(import.meta.url, {}, { passThrough: true }).positionals));
}

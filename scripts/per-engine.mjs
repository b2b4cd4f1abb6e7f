// A browser suite run once per engine, one after another, each run with its own dev stack: one
// run for all engines would share one stack, and with it the per-IP attempt rate limit (20 a
// minute, wrangler.toml's ATTEMPT_LIMITER). The widget suite (scripts/test-widget.mjs) and the
// payment smoke (scripts/test-engines.mjs) each paid more than 20 times a minute from
// 127.0.0.1 with all three engines on one stack, and a late engine was refused RATE_LIMITED.
// UC_ENGINES picks the engines (all three by default; see test/support/engines.mjs).
import { enginesToRun } from '../test/support/engines.mjs';
import { run } from './run.mjs';

/** The engines' names as the runs' labels say them. */
export const ENGINE_NAMES = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };

/**
 * One step per engine ([bin, args, label, env], for runLanes): each run reads its one engine
 * from UC_ENGINES.
 *
 * @example
 * perEngine('vitest', ['run', '--project', 'e2e-engines'], 'payment smoke');
 * @param {string} bin
 * @param {string[]} args
 * @param {string} label
 * @returns {[string, string[], string, Record<string, string>][]}
 */
export function perEngine(bin, args, label) {
  return enginesToRun().map((engine) => [
    bin,
    args,
    `${label} (${ENGINE_NAMES[engine]})`,
    { UC_ENGINES: engine },
  ]);
}

/**
 * Runs `steps` (from {@link perEngine}) one after another; exits on the first failure.
 * @param {[string, string[], string, Record<string, string>][]} steps
 */
export function runEach(steps) {
  for (const step of steps) run(...step);
}

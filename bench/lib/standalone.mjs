/**
 * Runs one browser phase alone (`node bench/<phase>.mjs`): a dev stack on free ports (so it
 * never meets a full bench run on {@link STACK_PORT}), the phase, its figures printed as JSON,
 * the stack stopped by PID.
 * @module
 */
import os from 'node:os';
import { startDevStack } from '../../test/support/dev-stack.mjs';
import { freePort, isolateDevRegistry } from './servers.mjs';
import { removeTempDirs, tempDir } from './temp.mjs';

/**
 * @example
 * await standaloneStack((base) => measureLayoutShift({ base, runs: 5 }));
 * @param {(base: string) => Promise<Record<string, unknown>>} measure
 */
export async function standaloneStack(measure) {
  isolateDevRegistry();
  const started = performance.now();
  const stack = await startDevStack({
    port: await freePort(),
    inspectorPort: await freePort(),
    persistTo: tempDir('uc-bench-stack-'),
    vars: { RECONCILE_DELAY_SECONDS: '3600' },
  });
  try {
    const loadBefore = os.loadavg()[0].toFixed(2);
    const figures = await measure(stack.base);
    const seconds = Math.round((performance.now() - started) / 1000);
    console.log(JSON.stringify({ load_average_before: loadBefore, seconds, ...figures }, null, 2));
  } finally {
    await stack.stop();
    removeTempDirs();
  }
}

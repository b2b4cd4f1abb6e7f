/**
 * What runs around each measured phase: always a CPU meter (CPU seconds per process role,
 * from /proc); with `--profile`, also `perf record` over the stack's processes and an fsync
 * count of each workerd that runs Workers (`perf trace`), when perf is installed.
 *
 * No JavaScript profile: workerd's inspector profiler, tried here, put most samples on
 * whatever ran right after I/O resumed (e.g. 0.5 s "in" TextDecoder.decode, which costs 5 µs a
 * call), so its attribution could not be trusted.
 * @module
 */
import path from 'node:path';
import { startFsyncTrace } from './fsync.mjs';
import { perfAvailable, rolesOfThreads, startPerf } from './perf.mjs';
import { cpuMeter, descendants } from './processes.mjs';
import { tempDir } from './temp.mjs';

/** @type {string | undefined} */
let tmp;

/**
 * A probe for one phase (pass it to the measure functions).
 *
 * `tools` picks the profilers of `--profile`: `perf` (sampling), `fsync` (perf trace).
 *
 * @example
 * const probe = phaseProbe({ name: 'ingest', stackPort: 8799, profile: true, tools: ['perf'] });
 * await measureIngest({ …, probe });
 * @param {{ name: string, stackPort: number, profile: boolean, tools?: ('perf' | 'fsync')[] }} options
 */
export function phaseProbe({ name, stackPort, profile, tools = ['perf', 'fsync'] }) {
  /** @type {ReturnType<typeof cpuMeter>} */
  let meter;
  /** @type {ReturnType<typeof startPerf> | null} */
  let perf = null;
  /** @type {{ role: string, trace: ReturnType<typeof startFsyncTrace> }[]} */
  let traces = [];
  /** @type {{ pid: number, role: string }[]} */
  let processes = [];

  return {
    async start() {
      if (profile) {
        tmp ??= tempDir('uc-bench-profile-');
        processes = descendants(process.pid, stackPort).filter((p) =>
          /workerd|wrangler \(node\)/.test(p.role),
        );
        if (tools.includes('perf') && perfAvailable()) {
          perf = startPerf(
            processes.map((p) => p.pid),
            path.join(tmp, `${name}.perf.data`),
          );
        }
        if (tools.includes('fsync') && perfAvailable()) {
          traces = processes
            .filter((p) => p.role.endsWith('workerd (Workers)'))
            .map((p) => ({
              role: p.role,
              trace: startFsyncTrace(p.pid, path.join(tmp, `${name}.${p.pid}.fsync.txt`)),
            }));
        }
        await new Promise((r) => setTimeout(r, 500)); // let the profilers attach
      }
      meter = cpuMeter(stackPort);
    },
    async stop() {
      const cpu = meter.stop();
      /** @type {{ cpu: typeof cpu, perf?: any, fsync?: Record<string, { calls: number, seconds: number }> }} */
      const out = { cpu };
      if (perf) out.perf = await perf.stop(rolesOfThreads(processes));
      if (traces.length) {
        out.fsync = {};
        for (const { role, trace } of traces) out.fsync[role] = await trace.stop();
      }
      return out;
    },
  };
}

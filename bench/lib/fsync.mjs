/**
 * Counts the fsync/fdatasync calls of a process and their wall time with `perf trace -s`
 * (kernel tracepoints: cheap, unlike ptrace-based strace, which slowed workerd to a crawl).
 * In local workerd every durable Durable Object write ends in fsync, and the output gate holds
 * the response until it returns: this shows how much of a request's latency waits for the disk.
 * Optional: used by `npm run bench -- --profile` when `perf` is installed.
 * @module
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Starts counting one process's fsyncs (all its threads).
 *
 * @example
 * const trace = startFsyncTrace(pid, '/tmp/x.txt'); … const { calls, seconds } = await trace.stop();
 * @param {number} pid
 * @param {string} outFile
 */
export function startFsyncTrace(pid, outFile) {
  const child = spawn(
    'perf',
    ['trace', '-s', '-e', 'fsync,fdatasync', '-o', outFile, '-p', String(pid)],
    { stdio: 'ignore' },
  );
  return {
    /** Stops counting; answers the calls and their total wall seconds. */
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
      let calls = 0;
      let seconds = 0;
      for (const line of readFileSync(outFile, 'utf8').split('\n')) {
        const match = /^\s*(fsync|fdatasync)\s+(\d+)\s+\d+\s+([\d.]+)/.exec(line);
        if (match) {
          calls += Number(match[2]);
          seconds += Number(match[3]) / 1000;
        }
      }
      return { calls, seconds };
    },
  };
}

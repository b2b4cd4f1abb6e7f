/**
 * Whole-process CPU profiles with Linux `perf` (sampling, native and kernel frames): the only
 * profiler that sees all of workerd — its C++ runtime, SQLite, the allocator, the kernel — and
 * not just JavaScript. Samples are grouped by process role and by what the code is.
 * Optional: used by `npm run bench -- --profile` when `perf` is installed.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { threadsOf } from './processes.mjs';

/**
 * True when `perf` can sample processes here.
 *
 * @example
 * if (perfAvailable()) …
 */
export function perfAvailable() {
  return spawnSync('perf', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * What a sampled frame is, from its symbol and shared object.
 *
 * @example
 * categorize('sqlite3VdbeExec', 'workerd'); // 'SQLite'
 * @param {string} sym
 * @param {string} dso
 */
export function categorize(sym, dso) {
  const head = sym.replace(/^\[[.k]\]\s*/, '');
  if (dso.includes('kernel')) return 'kernel (syscalls, TCP loopback, scheduling)';
  if (dso.startsWith('[JIT]') || /^Builtins_/.test(head))
    return 'JavaScript (V8 builtins + JIT code)';
  if (/^(sqlite3|yy_)/.test(head)) return 'SQLite';
  if (/tcmalloc|TCMalloc/.test(head.split('<')[0])) return 'memory allocator (tcmalloc)';
  if (/(sha256|SHA256|bssl|EVP_|HMAC|aes_|CRYPTO_)/i.test(head)) return 'crypto (BoringSSL)';
  if (/^(v8::|cppgc::)/.test(head)) return 'V8 runtime + GC';
  if (/^workerd::/.test(head)) return 'workerd runtime (APIs, bindings, actors)';
  if (/^(kj::|capnp::)/.test(head)) return 'KJ/Cap’n Proto (async I/O, HTTP, RPC)';
  if (dso.startsWith('lib')) return `${dso.replace(/\.so.*$/, '')}`;
  return 'other';
}

/**
 * Starts `perf record` on the given processes (99 Hz per CPU would be too coarse: 999 Hz).
 *
 * @example
 * const perf = startPerf(pids, '/tmp/x.data'); … const report = await perf.stop(roles);
 * @param {number[]} pids
 * @param {string} outFile
 */
export function startPerf(pids, outFile) {
  const child = spawn('perf', ['record', '-F', '999', '-o', outFile, '-p', pids.join(',')], {
    stdio: 'ignore',
  });
  return {
    /**
     * Stops sampling and answers the share of samples by role and by category.
     *
     * @param {Map<number, string>} roles role of each sampled pid
     */
    async stop(roles) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
      const report = spawnSync(
        'perf',
        [
          'report',
          '-i',
          outFile,
          '--no-children',
          '--sort',
          'pid,dso,sym',
          '--stdio',
          '-g',
          'none',
        ],
        { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      ).stdout;
      return summarizePerf(report, roles);
    },
  };
}

/**
 * Parses `perf report --sort pid,dso,sym` text into percentages by role and by category.
 *
 * @param {string} report
 * @param {Map<number, string>} roles
 */
export function summarizePerf(report, roles) {
  /** @type {Record<string, number>} */
  const byRole = {};
  /** @type {Record<string, Record<string, number>>} */
  const byCategory = {};
  /** @type {Record<string, Record<string, number>>} */
  const topSymbols = {};
  for (const line of report.split('\n')) {
    const match = /^\s+([\d.]+)%\s+(\d+):\S*\s+(\S+)\s+(\[[.k]\]\s+.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, percent, pid, dso, sym] = match;
    const share = Number(percent);
    const role = roles.get(Number(pid)) ?? 'other';
    byRole[role] = (byRole[role] ?? 0) + share;
    const category = categorize(sym, dso);
    byCategory[role] ??= {};
    byCategory[role][category] = (byCategory[role][category] ?? 0) + share;
    topSymbols[role] ??= {};
    const name = sym.replace(/^\[[.k]\]\s*/, '').slice(0, 90);
    topSymbols[role][name] = (topSymbols[role][name] ?? 0) + share;
  }
  return { byRole, byCategory, topSymbols };
}

/**
 * The role of every thread of the given processes, for {@link startPerf}'s report (perf
 * reports thread ids).
 *
 * @param {{ pid: number, role: string }[]} processes
 */
export function rolesOfThreads(processes) {
  return new Map(processes.flatMap((p) => threadsOf(p.pid).map((tid) => [tid, p.role])));
}

/**
 * CPU accounting of the processes a benchmark phase runs on (Linux /proc): the bench client
 * itself and every process it spawned — for each `wrangler dev`, wrangler's Node process, the
 * workerd that runs the Workers and the workerd of wrangler's entry proxy in front of it.
 * Shows where a phase's CPU time went, measured rather than guessed.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS = 100;

/**
 * @param {number} pid
 * @returns {{ ppid: number, cpu: number } | null} the parent and user+system CPU seconds
 */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null;
  }
}

/** @param {number} pid */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * The thread ids of a process (perf samples threads).
 *
 * @param {number} pid
 */
export function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/**
 * Which server a `wrangler dev` serves, from its command line.
 *
 * @param {string} cmd
 * @param {number} stackPort
 */
function serverOf(cmd, stackPort) {
  if (cmd.includes(`--port ${stackPort}`)) return 'stack';
  if (cmd.includes('sign-worker')) return 'sign worker';
  if (cmd.includes('sandbox/wrangler.toml')) return 'sandbox alone';
  return 'wrangler';
}

/**
 * A short name for each process below `root`: `bench client`, or `<server>: <part>` where
 * part is `wrangler (node)`, `workerd (Workers)` or `workerd (wrangler's entry proxy)`.
 *
 * @example
 * descendants(process.pid, 8799); // [{ pid, role: 'stack: workerd (Workers)', cpu }, …]
 * @param {number} root
 * @param {number} stackPort
 * @returns {{ pid: number, role: string, cpu: number }[]}
 */
export function descendants(root, stackPort) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  /** @type {Map<number, number>} */
  const cpu = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    cpu.set(Number(name), s.cpu);
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(Number(name));
  }
  const out = [];
  /** @type {{ pid: number, server: string | null }[]} */
  const stack = (children.get(root) ?? []).map((pid) => ({ pid, server: null }));
  while (stack.length) {
    const { pid, server: inherited } = stack.pop();
    const cmd = commandLine(pid);
    const server = cmd.includes('wrangler-dist') ? serverOf(cmd, stackPort) : inherited;
    let part = cmd.split(' ')[0]?.replace(/^.*\//, '') ?? 'unknown';
    if (cmd.includes('wrangler-dist') || cmd.includes('.bin/wrangler')) part = 'wrangler (node)';
    else if (cmd.includes('workerd') && /entry=127\.0\.0\.1:0\b/.test(cmd))
      part = 'workerd (Workers)';
    else if (cmd.includes('workerd')) part = "workerd (wrangler's entry proxy)";
    out.push({ pid, role: server ? `${server}: ${part}` : part, cpu: cpu.get(pid) ?? 0 });
    stack.push(...(children.get(pid) ?? []).map((child) => ({ pid: child, server })));
  }
  return out;
}

/**
 * Starts a CPU meter over this process and its descendants; `stop()` answers the wall time
 * and CPU seconds per role during the interval.
 *
 * @example
 * const meter = cpuMeter(8799); await work(); const { wall, byRole } = meter.stop();
 * @param {number} stackPort the stack's public port (to name its processes)
 */
export function cpuMeter(stackPort) {
  const startedAt = performance.now();
  const before = new Map(descendants(process.pid, stackPort).map((p) => [p.pid, p.cpu]));
  const selfBefore = process.cpuUsage();
  return {
    stop() {
      const wall = (performance.now() - startedAt) / 1000;
      const self = process.cpuUsage(selfBefore);
      /** @type {Record<string, number>} */
      const byRole = { 'bench client (node)': (self.user + self.system) / 1e6 };
      for (const p of descendants(process.pid, stackPort)) {
        byRole[p.role] = (byRole[p.role] ?? 0) + p.cpu - (before.get(p.pid) ?? 0);
      }
      for (const [role, seconds] of Object.entries(byRole)) {
        if (seconds < 0.005) delete byRole[role];
      }
      return { wall, byRole };
    },
  };
}

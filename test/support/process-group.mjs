// Process groups of the dev stack (test/support/dev-stack.mjs): wrangler runs as the leader of
// its own group, so its workerd children can be ended together, by the group's id, without
// knowing their PIDs and without ever matching processes by name.
import { spawnSync } from 'node:child_process';

/**
 * Every process on the machine as `{ pid, ppid, pgid, state }` (from `ps`, on Linux and macOS).
 * @returns {{ pid: number, ppid: number, pgid: number, state: string }[]}
 */
export function processTable() {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' });
  if (ps.status !== 0) throw new Error(`ps failed: ${ps.stderr}`);
  return ps.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([pid, ppid, pgid, state]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      state,
    }));
}

/**
 * The live members of a process group. Zombies do not count: they hold no port and no memory,
 * and a reparented one may never be reaped where PID 1 is not an init (some containers).
 * @param {number} pgid
 * @returns {number[]}
 */
export function liveMembers(pgid) {
  return processTable()
    .filter((p) => p.pgid === pgid && !p.state.startsWith('Z'))
    .map((p) => p.pid);
}

/**
 * Resolves true once `done()` holds, false after `timeoutMs`; checks every `everyMs`.
 * @param {() => boolean} done
 * @param {number} timeoutMs
 * @param {number} [everyMs]
 * @returns {Promise<boolean>}
 */
export async function waitFor(done, timeoutMs, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Sends `signal` to every process of the group; false when the group is already gone.
 * @param {number} pgid
 * @param {NodeJS.Signals} signal
 */
export function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Ends a process group: SIGTERM to all of it, then SIGKILL to what is left after `graceMs`.
 * Resolves once no live member remains (or, after SIGKILL, after 5 s more at most).
 * @param {number} pgid
 * @param {{ graceMs?: number }} [options]
 * @returns {Promise<void>}
 */
export async function endGroup(pgid, { graceMs = 5000 } = {}) {
  const gone = () => liveMembers(pgid).length === 0;
  if (gone() || !signalGroup(pgid, 'SIGTERM')) return;
  if (await waitFor(gone, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitFor(gone, 5000);
}

// Stopping stops everything. `npm run dev` / `node scripts/dev.mjs` on free
// ports with their own state; each case stops it the way a process manager, an IDE or `kill`
// would, then waits for the events (the process exits, the group empties, the port frees) and
// finds no process it started alive. Processes are found by PID / group, never by name.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processTable, waitFor } from '../support/process-group.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on right now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True when the port can be listened on again. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

interface Proc {
  pid: number;
  pgid: number;
}

/** Every live process descended from `pid` (itself included), with its group. */
function descendants(pid: number): Proc[] {
  const table = processTable().filter((p) => !p.state.startsWith('Z'));
  const found: Proc[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    for (const p of table) {
      if (p.pid === next) found.push({ pid: p.pid, pgid: p.pgid });
      if (p.ppid === next) queue.push(p.pid);
    }
  }
  return found;
}

/** Those of `procs` (or members of their groups) still alive; this test's own group aside
 * (the stack must never be in it anyway). */
function stillAlive(procs: Proc[]): Proc[] {
  const table = processTable().filter((p) => !p.state.startsWith('Z'));
  const own = table.find((p) => p.pid === process.pid)?.pgid ?? -1;
  const groups = new Set(procs.map((p) => p.pgid));
  const pids = new Set(procs.map((p) => p.pid));
  return table
    .filter((p) => pids.has(p.pid) || groups.has(p.pgid))
    .filter((p) => p.pgid !== own)
    .map((p) => ({ pid: p.pid, pgid: p.pgid }));
}

let started: { child: ChildProcess; procs: Proc[]; state: string } | null = null;

afterEach(() => {
  if (!started) return;
  // A failed case must not leave its stack behind: by PID and group, never by name.
  for (const { pgid } of stillAlive(started.procs)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(started.state, { recursive: true, force: true });
  started = null;
});

/**
 * Starts `command args` (which runs scripts/dev.mjs --no-build) in a process group of its own
 * and resolves once the stack answers, with every process it started.
 */
async function startDev(command: string, args: string[]) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const state = mkdtempSync(path.join(os.tmpdir(), 'uc-dev-stop-'));
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      INSPECTOR_PORT: String(inspectorPort),
      DEV_PERSIST_TO: state,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  });
  started = { child, procs: [], state };
  let output = '';
  const up = new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data;
      if (output.includes('dev stack on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => (output += data));
    child.once('exit', (code) => reject(new Error(`dev exited early (${code}):\n${output}`)));
  });
  await up;
  const procs = descendants(child.pid as number);
  started.procs = procs;
  // wrangler leads a group of its own, holding its workerd processes.
  const stackGroup = procs.find((p) => p.pid === p.pgid && p.pid !== child.pid);
  expect(stackGroup).toBeDefined();
  expect(procs.filter((p) => p.pgid === stackGroup?.pgid).length).toBeGreaterThanOrEqual(3);
  expect(await portIsFree(port)).toBe(false);
  return { child, port, procs, output: () => output };
}

/** Waits until no process the start made is alive and the port is free. */
async function expectAllGone(port: number, procs: Proc[]) {
  let free = false;
  const gone = await waitFor(() => stillAlive(procs).length === 0, 20_000);
  const deadline = Date.now() + 5000;
  while (!free && Date.now() < deadline) free = await portIsFree(port);
  expect({ gone, free, alive: stillAlive(procs) }).toEqual({ gone: true, free: true, alive: [] });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

const devMjs = [path.join(root, 'scripts/dev.mjs'), '--no-build'];

describe('stopping the dev stack stops everything', { timeout: 120_000 }, () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to node scripts/dev.mjs ends wrangler and workerd and frees the port`, async () => {
      const { child, port, procs } = await startDev(process.execPath, devMjs);
      process.kill(child.pid as number, signal);
      await exited(child);
      await expectAllGone(port, procs);
    });
  }

  it('SIGTERM to npm run dev ends the whole stack', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { child, port, procs } = await startDev(npm, ['run', 'dev', '--', '--no-build']);
    process.kill(child.pid as number, 'SIGTERM');
    await exited(child);
    await expectAllGone(port, procs);
  });

  it("SIGKILL of dev.mjs's parent: dev.mjs sees its parent go and ends the stack", async () => {
    // The parent's parent of wrangler: a shell that started dev.mjs and waits for it.
    const script = `"${process.execPath}" ${devMjs.map((a) => `"${a}"`).join(' ')} & wait`;
    const { child, port, procs } = await startDev('/bin/sh', ['-c', script]);
    process.kill(child.pid as number, 'SIGKILL');
    await exited(child);
    await expectAllGone(port, procs);
  });

  it('SIGKILL of dev.mjs itself: the watchdog sees its pipe close and ends the group', async () => {
    const { child, port, procs } = await startDev(process.execPath, devMjs);
    process.kill(child.pid as number, 'SIGKILL');
    await exited(child);
    await expectAllGone(port, procs);
  });
});

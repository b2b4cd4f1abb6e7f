// The dev stack's lifeline (test/support/dev-stack.mjs): `node group-watchdog.mjs <pgid>` runs
// in a process group of its own, its stdin a pipe from the process that started the stack. When
// that pipe closes — the starter exited, normally, by a signal, or by SIGKILL, which no handler
// of its own can catch — the watchdog ends the stack's group (SIGTERM, then SIGKILL) and exits.
// A pipe, not polling: the kernel closes it the moment its writer dies, whatever killed it.
import { endGroup } from './process-group.mjs';

const pgid = Number(process.argv[2]);
if (!Number.isInteger(pgid) || pgid <= 1) {
  console.error('usage: node group-watchdog.mjs <pgid>');
  process.exit(2);
}
let ending = false;
const end = async () => {
  if (ending) return;
  ending = true;
  await endGroup(pgid);
  process.exit(0);
};
process.stdin.on('end', end);
process.stdin.on('close', end);
process.stdin.on('error', end);
process.stdin.resume();

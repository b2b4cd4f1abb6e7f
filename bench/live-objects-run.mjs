// `node bench/live-objects-run.mjs [--sessions 2000]`: what a local stack keeps
// alive (bench/lib/live-objects.mjs). Against a fresh dev stack set up as `npm run bench`'s
// (status queries out of the way): the objects one paid payment creates, per class; then the
// callback storm of `npm run bench` (bench/ingest.mjs) over `--sessions` sessions, sampled
// every second: the peak of live objects, open files and resident memory, and what the storm
// refused.
import { startDevStack } from '../test/support/dev-stack.mjs';
import { measureIngest } from './ingest.mjs';
import {
  createSession,
  getSession,
  nextPayer,
  postCallback,
  startAttempt,
  terminalParams,
  upstreamRefOf,
} from './lib/api.mjs';
import { closeIdle } from './lib/http.mjs';
import { liveObjects, objectsOnDisk, sampleLiveObjects } from './lib/live-objects.mjs';
import { STACK_INSPECTOR_PORT, STACK_PORT, isolateDevRegistry } from './lib/servers.mjs';
import { signed } from './lib/signing.mjs';
import { removeTempDirs, tempDir } from './lib/temp.mjs';
import { cli } from '../scripts/cli.mjs';

const { values } = cli(import.meta.url, {
  sessions: { type: 'string', default: '2000' },
});
const sessions = Number(values.sessions);
isolateDevRegistry();
const persistTo = tempDir('uc-bench-live-');
const stack = await startDevStack({
  port: STACK_PORT,
  inspectorPort: STACK_INSPECTOR_PORT,
  persistTo,
  vars: { RECONCILE_DELAY_SECONDS: '3600' },
});
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  // One payment: the objects it creates (database files on disk before and after).
  const before = objectsOnDisk(persistTo);
  const id = await createSession(stack.base, `live-one-${Date.now()}`);
  await startAttempt(stack.base, id, nextPayer());
  const ref = await upstreamRefOf(stack.base, id);
  await postCallback(
    stack.base,
    JSON.stringify(await signed(terminalParams(`${id}.1`, 'success', ref))),
  );
  await pause(2000);
  const after = objectsOnDisk(persistTo);
  const created = Object.fromEntries(
    Object.entries(after)
      .map(([cls, n]) => [cls, n - (before[cls] ?? 0)])
      .filter(([, n]) => n > 0),
  );
  console.log(`one payment created: ${JSON.stringify(created)}`);
  console.log(`alive right after: ${JSON.stringify(liveObjects(persistTo))}`);
  await pause(12_000);
  console.log(`alive 12 s later: ${JSON.stringify(liveObjects(persistTo))}`);
  await getSession(stack.base, id);

  const sampler = sampleLiveObjects(persistTo);
  const ingest = await measureIngest({ base: stack.base, sessions, concurrency: 32 });
  const peak = sampler.stop();
  const r = ingest.results;
  console.log(
    JSON.stringify(
      {
        sessions,
        callbacks: r.ingest_callbacks,
        refused: r.ingest_refused ?? null,
        refusals: r.ingest_refusals ?? null,
        lost: r.ingest_lost,
        peak,
        alive_after: liveObjects(persistTo),
        alive_15s_later: (await pause(15_000), liveObjects(persistTo)),
        alive_40s_later: (await pause(25_000), liveObjects(persistTo)),
      },
      null,
      2,
    ),
  );
} finally {
  await stack.stop();
  closeIdle();
  removeTempDirs();
}

// `npm run bench` (full counts) and `npm run bench -- --quick` (same measurements, smaller
// counts, under a minute): sizes, signing in workerd, the first step of the hosted page and of
// the demo page in Chromium on an emulated slow phone, proxy overhead, push latency and a
// callback storm, all against the local stack (proxy + sandbox under `wrangler dev`, real HTTP
// on 127.0.0.1). Writes bench/results.json and bench/results.md, and the cost-per-payment table
// (bench/cost.mjs) and the results table (between the bench:results markers) into
// docs/benchmarks.md.
//   --profile   also profile each phase (perf samples, fsync counts, widget size profile) into
//               bench/profile.md and bench/profile.json; results are not written (perturbed)
//   --only <phases>  run only these phases (comma-separated: sign, first-step (with layout
//               shift), overhead, push, ingest, cost; sizes always run); the other figures
//               are kept from bench/results.json, and docs/benchmarks.md says which were re-run
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli } from '../scripts/cli.mjs';

const { values: flags } = cli(import.meta.url, {
  quick: { type: 'boolean' },
  profile: { type: 'boolean' },
  only: { type: 'string' },
});

const PHASES = ['sign', 'first-step', 'overhead', 'push', 'ingest', 'cost'];
/** The phases `--only` names (all without it). */
const only = flags.only === undefined ? null : new Set(flags.only.split(','));
const unknownPhase = [...(only ?? [])].find((phase) => !PHASES.includes(phase));
if (unknownPhase !== undefined) {
  console.error(`bench: unknown phase ${unknownPhase} (phases: ${PHASES.join(', ')})`);
  process.exit(2);
}
const runs = (phase) => only === null || only.has(phase);

// The push phase needs a WebSocket client: global in Node 22, behind a flag in Node 20.
if (typeof WebSocket === 'undefined') {
  const child = spawnSync(
    process.execPath,
    ['--experimental-websocket', '--no-warnings=ExperimentalWarning', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}

const { measureFirstStep } = await import('./first-step.mjs');
const { measureIngest } = await import('./ingest.mjs');
const { measureLayoutShift } = await import('./layout-shift.mjs');
const { merchantPageBefore } = await import('./merchant-page.mjs');
const { measureOverhead } = await import('./overhead.mjs');
const { measurePush } = await import('./push.mjs');
const { profileMarkdown, resultsMarkdown, resultsTable } = await import('./report.mjs');
const { measureSign } = await import('./sign.mjs');
const { measureSizes } = await import('./sizes.mjs');
const { closeIdle } = await import('./lib/http.mjs');
const { phaseProbe } = await import('./lib/probe.mjs');
const servers = await import('./lib/servers.mjs');
const { widgetSizeProfile } = await import('./lib/size-profile.mjs');
const { removeTempDirs } = await import('./lib/temp.mjs');

const quick = flags.quick === true;
const profile = flags.profile === true;
/** The page the results table goes into, between its `bench:results` markers. */
const BENCHMARKS = path.join(servers.root, 'docs/benchmarks.md');

/** How much each phase does; quick keeps every measurement, with smaller counts. */
const COUNTS = quick
  ? {
      sign: { n: 20_000, rounds: 5 },
      firstStep: { runs: 3 },
      overhead: { pairs: 100, warmup: 20 },
      push: { sessions: 100, warmup: 10 },
      ingest: { sessions: 200, concurrency: 32 },
    }
  : {
      sign: { n: 50_000, rounds: 15 },
      firstStep: { runs: 9 },
      overhead: { pairs: 1000, warmup: 50 },
      push: { sessions: 500, warmup: 20 },
      ingest: { sessions: 2000, concurrency: 32 },
    };

const started = performance.now();
const log = (message) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);

/** Servers running now, stopped on exit whatever happens. */
const running = new Set();
async function stopAll() {
  await Promise.all([...running].map((server) => server.stop()));
  running.clear();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers…`);
    stopAll()
      .then(removeTempDirs)
      .finally(() => process.exit(130));
  });
}
/** @template {{ stop(): Promise<void> }} S @param {Promise<S>} starting @returns {Promise<S>} */
async function track(starting) {
  const server = await starting;
  running.add(server);
  return server;
}
async function stop(server) {
  running.delete(server);
  await server.stop();
}

function packageVersion(name) {
  return JSON.parse(
    readFileSync(path.join(servers.root, 'node_modules', name, 'package.json'), 'utf8'),
  ).version;
}

const machine = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
  cores: String(os.cpus().length),
  memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  wrangler: packageVersion('wrangler'),
  workerd: packageVersion('workerd'),
  loadBefore: os.loadavg()[0].toFixed(2),
  loadAfter: '',
};

/** Latency phases also count fsyncs (the disk is on their critical path). */
const probeFor = (name, tools) =>
  phaseProbe({ name, stackPort: servers.STACK_PORT, profile, tools });
const phases = [];
/** @type {Record<string, any>} */
const results = only
  ? JSON.parse(readFileSync(path.join(servers.root, 'bench/results.json'), 'utf8'))
  : {};

try {
  log(
    `${quick ? 'quick' : 'full'} run${only ? ` of ${[...only].join(', ')}` : ''}${profile ? ' with profiling' : ''}; load average ${machine.loadBefore}`,
  );

  log('sizes: widget.js and peers');
  const sizes = await measureSizes();
  Object.assign(results, sizes.results);
  const sizeProfile = profile ? await widgetSizeProfile(sizes.results.widget_gzip_bytes) : null;

  log('starting the sign worker, the stack and the sandbox alone (those the phases need)');
  servers.isolateDevRegistry();
  const none = Promise.resolve(null);
  // Started together; if one fails, the others are stopped once up (never left running).
  const startups = await Promise.allSettled([
    runs('sign')
      ? track(
          servers.startWrangler({
            config: 'bench/sign-worker/wrangler.toml',
            label: 'sign worker',
          }),
        )
      : none,
    PHASES.slice(1, 5).some(runs) ? track(servers.startStack()) : none,
    runs('overhead') ? track(servers.startSandboxAlone()) : none,
  ]);
  const failed = startups.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [signWorker, stack, sandbox] = startups.map((r) => /** @type {any} */ (r).value);

  await servers.settle();
  if (runs('sign')) {
    log(`signing in workerd: ${COUNTS.sign.rounds} rounds of ${COUNTS.sign.n}`);
    Object.assign(results, await measureSign({ base: signWorker.base, ...COUNTS.sign }));
    await stop(signWorker);
  }

  if (runs('first-step')) {
    log(
      `first step on a slow phone: hosted page and demo page, ${COUNTS.firstStep.runs} loads each`,
    );
    Object.assign(results, await measureFirstStep({ base: stack.base, ...COUNTS.firstStep }));
    log(`layout shift at 412 px: hosted page and demo page, ${COUNTS.firstStep.runs} loads each`);
    Object.assign(results, await measureLayoutShift({ base: stack.base, ...COUNTS.firstStep }));
    // Today's figures of the merchant page before its changes, shown beside this run's.
    Object.assign(results, merchantPageBefore());
    await servers.settle();
  }

  if (runs('overhead')) await overheadPhase();
  if (runs('push')) await pushPhase();
  if (runs('ingest')) await ingestPhase();
  if (stack) await stop(stack);

  async function overheadPhase() {
    log(`proxy overhead: ${COUNTS.overhead.pairs} interleaved pairs`);
    const overhead = await measureOverhead({
      stackBase: stack.base,
      sandboxBase: sandbox.base,
      ...COUNTS.overhead,
      probe: probeFor('overhead', ['perf', 'fsync']),
    });
    Object.assign(results, overhead.results);
    phases.push({
      phase: 'Proxy overhead',
      op: 'pair',
      ops: COUNTS.overhead.pairs,
      ...overhead.probe,
    });
    await stop(sandbox);
  }

  async function pushPhase() {
    log(`push latency: ${COUNTS.push.sessions} sessions`);
    const push = await measurePush({
      base: stack.base,
      ...COUNTS.push,
      probe: probeFor('push', ['perf', 'fsync']),
    });
    Object.assign(results, push.results);
    phases.push({
      phase: 'Push latency',
      op: 'callback',
      ops: COUNTS.push.sessions,
      ...push.probe,
    });
  }

  async function ingestPhase() {
    log(`callback storm: ${COUNTS.ingest.sessions} sessions, ${COUNTS.ingest.concurrency} senders`);
    const ingest = await measureIngest({
      base: stack.base,
      ...COUNTS.ingest,
      probe: probeFor('ingest', ['perf']),
    });
    Object.assign(results, ingest.results);
    phases.push({
      phase: 'Callback storm',
      op: 'callback',
      ops: ingest.results.ingest_callbacks,
      ...ingest.probe,
    });
  }

  // Cost per payment (bench/cost.mjs): counts, not timings; its own stack, the table goes into
  // docs/benchmarks.md.
  if (runs('cost')) {
    const { costPhase } = await import('./cost-run.mjs');
    await costPhase({ log, write: !profile });
  }

  machine.loadAfter = os.loadavg()[0].toFixed(2);
  const seconds = (performance.now() - started) / 1000;
  const counts = {
    Sizes: `one build of each bundle; compression: ${sizes.notes.method}`,
    'Signing in workerd': `${COUNTS.sign.rounds} rounds of ${COUNTS.sign.n.toLocaleString('en-US')} signatures (and of an empty request), after 3 warm-up rounds`,
    'First step (slow phone)': `${COUNTS.firstStep.runs} cold loads of each page, alternating, after one warm-up load of each; Chromium, CPU 4× slower, 400 kbit/s and 400 ms RTT`,
    'Layout shift (412 px)': `${COUNTS.firstStep.runs} cold loads of the hosted page and of the demo page, alternating, after one warm-up load of each, same phone; Chromium's layout-shift entries to the first step (on the hosted page, to the widget's takeover), summed in session windows as Lighthouse 12 does`,
    'Proxy overhead': `${COUNTS.overhead.pairs} interleaved pairs after ${COUNTS.overhead.warmup} warm-up pairs`,
    'Push latency': `${COUNTS.push.sessions} sessions after ${COUNTS.push.warmup} warm-up ones; ${results.push_clients_connected} WebSocket clients connected throughout`,
    'Callback storm': `${COUNTS.ingest.sessions} sessions, ${results.ingest_callbacks} callbacks (${Math.round(results.ingest_duplicate_share * 100)}% duplicates), ${COUNTS.ingest.concurrency} concurrent senders`,
  };
  const root = servers.root;
  if (profile) {
    const run = { machine, phases, sizeProfile, results };
    writeFileSync(
      path.join(root, 'bench/profile.json'),
      await formatted(JSON.stringify(run), 'json'),
    );
    writeFileSync(path.join(root, 'bench/profile.md'), await formatted(profileMarkdown(run)));
    log(
      'wrote bench/profile.md and bench/profile.json (results not written: profiling perturbs them)',
    );
  } else {
    const run = { results, sizeNotes: sizes.notes, machine, counts, phases, quick, seconds };
    writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
    writeFileSync(path.join(root, 'bench/results.md'), await formatted(resultsMarkdown(run)));
    log('wrote bench/results.json and bench/results.md');
    await replaceInBenchmarks(resultsTable(results, sizes.notes), machine, counts, quick, only);
    log('updated the results table in docs/benchmarks.md');
  }
  console.log(JSON.stringify(results, null, 2));
  log('done');
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  closeIdle();
  removeTempDirs();
}

/** Formats with the project's Prettier settings (so `npm run format:check` passes). */
async function formatted(text, parser = 'markdown') {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(BENCHMARKS)) ?? {};
  return prettier.format(text, { ...options, parser });
}

/**
 * Replaces the text between `<!-- bench:results:start -->` and `<!-- bench:results:end -->`
 * in docs/benchmarks.md (re-read right before writing; nothing else is touched).
 */
async function replaceInBenchmarks(tableText, m, counts, isQuick, phases) {
  const file = BENCHMARKS;
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:results:start -->';
  const end = '<!-- bench:results:end -->';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error('docs/benchmarks.md has no bench:results markers');
  const block = [
    start,
    '',
    `Measured ${m.date} on ${m.cpu} (${m.cores} cores, ${m.memory}), Node ${m.node}, wrangler ${m.wrangler}; load average ${m.loadBefore} before the run; ${isQuick ? 'quick' : 'full'} counts: ${Object.values(counts).slice(1).join('; ')}.` +
      (phases
        ? ` Only the sizes and ${[...phases].join(', ')} were measured in this run (\`--only\`); the other figures are from the run before.`
        : ''),
    '',
    tableText,
    '',
    end,
  ].join('\n');
  const next = text.slice(0, i) + block + text.slice(j + end.length);
  writeFileSync(file, await formatted(next));
}

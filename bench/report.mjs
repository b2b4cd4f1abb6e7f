/**
 * Turns a run into bench/results.md (the table docs/benchmarks.md quotes, with machine, date and
 * counts, plus where the CPU went) and, with `--profile`, bench/profile.md.
 * @module
 */

/** Targets of the Benchmarks issue (not asserted anywhere; the tables show where we stand). */
export const TARGETS = {
  widget_gzip_bytes: 12 * 1024,
  widget_first_load_gzip_bytes_worst: 15_447,
  proxy_overhead_ms_p50: 2,
  push_latency_ms_p99: 50,
  ingest_callbacks_per_s: 1000,
  hosted_first_step_ms_p50: 700,
  demo_first_step_ms_p50: 1700,
  hosted_cls_412_p50: 0.02,
  demo_cls_412_p50: 0.02,
  hosted_nojs_first_step_ms_p50: 1000,
};

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => `${n.toFixed(2)} ms`;

/**
 * "met" or "missed by …" for a figure with a ceiling or a floor.
 *
 * @param {number} value
 * @param {number} target
 * @param {'max' | 'min'} kind
 * @param {(n: number) => string} format
 */
function standing(value, target, kind, format) {
  const ok = kind === 'max' ? value <= target : value >= target;
  if (ok) return `met (${format(Math.abs(target - value))} to spare)`;
  const gap = Math.abs(value - target);
  return `missed by ${format(gap)} (${Math.round((gap / target) * 100)}%)`;
}

/**
 * What the proxy answered to the callbacks it refused, e.g. `: 3 callbacks refused (2× 503
 * UPSTREAM_UNAVAILABLE, 1× 0 …), which a real upstream sends again`; empty when none was.
 * @param {Record<string, any>} r
 */
function refusalNote(r) {
  const refusals = Object.entries(r.ingest_refusals ?? {});
  if (refusals.length === 0) return '';
  const list = refusals.map(([what, count]) => `${count}× ${what}`).join(', ');
  return `: ${r.ingest_refused} callbacks refused (${list}), which a real upstream sends again`;
}

/**
 * `; before: …` with the figure of the code before a change, measured the same way
 * (`<figure>_before`, from a record such as bench/merchant-page-before.json); empty without.
 *
 * @param {Record<string, any>} r
 * @param {string} key
 * @param {(n: number) => string} format
 */
function before(r, key, format) {
  const old = r[`${key}_before`];
  return typeof old === 'number' ? `; before: ${format(old)} (${r.before_commit ?? 'main'})` : '';
}

/**
 * The layout-shift row of a page (none when the run has no figure for it).
 *
 * @param {Record<string, any>} r
 * @param {'hosted' | 'demo'} kind
 * @param {string} what
 */
function clsRow(r, kind, what) {
  const key = `${kind}_cls_412_p50`;
  if (r[key] === undefined) return [];
  const target = TARGETS[/** @type {keyof typeof TARGETS} */ (key)];
  return [
    [
      `\`${key}\`: ${what}, cumulative layout shift at 412 px, slow 3G + CPU 4×`,
      r[key].toFixed(3),
      `≤ ${target}`,
      standing(r[key], target, 'max', (n) => n.toFixed(3)) +
        ` (worst ${r[`${kind}_cls_412_max`].toFixed(3)})` +
        before(r, key, (n) => n.toFixed(3)),
    ],
  ];
}

/**
 * The results table (Markdown).
 *
 * @param {Record<string, any>} r results.json
 * @param {{ method: string, versions: Record<string, string> }} sizeNotes
 */
export function resultsTable(r, sizeNotes) {
  const peers = Object.entries(r.peer_gzip_bytes);
  const paystack = r.peer_gzip_bytes['@paystack/inline-js dist/inline.js'];
  const lostOk =
    r.ingest_lost === 0 && r.ingest_duplicate_transitions === 0 && r.ingest_webhooks_extra === 0;
  const rows = [
    ['Figure', 'Result', 'Target', 'Where we stand'],
    [
      `\`widget_gzip_bytes\`: first load (widget.js + widget.es.js + the English chunk), ${sizeNotes.method}`,
      `${int(r.widget_gzip_bytes)} B`,
      `≤ 12 KiB (${int(TARGETS.widget_gzip_bytes)} B)`,
      standing(r.widget_gzip_bytes, TARGETS.widget_gzip_bytes, 'max', (n) => `${int(n)} B`),
    ],
    ...(r.widget_first_load_gzip_bytes_worst === undefined
      ? []
      : [
          [
            `\`widget_first_load_gzip_bytes_worst\`: the same first load in the language that makes it largest (${Object.keys(r.widget_first_load_gzip_bytes_by_language).length} languages)`,
            `${int(r.widget_first_load_gzip_bytes_worst)} B`,
            `≤ ${int(TARGETS.widget_first_load_gzip_bytes_worst)} B`,
            standing(
              r.widget_first_load_gzip_bytes_worst,
              TARGETS.widget_first_load_gzip_bytes_worst,
              'max',
              (n) => `${int(n)} B`,
            ) +
              ` (${Object.entries(r.widget_first_load_gzip_bytes_by_language)
                .sort((a, b) => b[1] - a[1])
                .slice(0, 3)
                .map(([code, bytes]) => `${code} ${int(bytes)} B`)
                .join(', ')})`,
          ],
        ]),
    ...peers.map(([name, bytes]) => {
      const pkg = name.split(' ')[0];
      return [
        `\`peer_gzip_bytes\`: ${name} ${sizeNotes.versions[pkg] ?? ''}`.trim(),
        `${int(bytes)} B`,
        '',
        name === '@paystack/inline-js dist/inline.js'
          ? `our first load is ${Math.round((1 - r.widget_gzip_bytes / paystack) * 100)}% smaller`
          : `our first load is ${(bytes / r.widget_gzip_bytes).toFixed(1)}× smaller`,
      ];
    }),
    ...(r.hosted_first_step_ms_p50 === undefined
      ? []
      : [
          [
            '`hosted_first_step_ms_p50`: hosted page (`checkout_url`), navigation → first step that takes input, whoever rendered it (the server, or the widget), slow 3G + CPU 4×',
            `${int(r.hosted_first_step_ms_p50)} ms`,
            `≤ ${int(TARGETS.hosted_first_step_ms_p50)} ms`,
            standing(
              r.hosted_first_step_ms_p50,
              TARGETS.hosted_first_step_ms_p50,
              'max',
              (n) => `${int(n)} ms`,
            ) +
              ` (range ${int(r.hosted_first_step_ms_min)}–${int(r.hosted_first_step_ms_max)} ms; rendered by ${(r.hosted_first_step_by ?? ['widget']).join(' and ')}` +
              (r.hosted_widget_step_ms_p50 === undefined
                ? ')'
                : `; the widget took over at ${int(r.hosted_widget_step_ms_p50)} ms)`),
          ],
          ...(r.hosted_nojs_first_step_ms_p50 === undefined
            ? []
            : [
                [
                  '`hosted_nojs_first_step_ms_p50`: hosted page with JavaScript disabled, navigation → its form parsed and painted, same run, same conditions',
                  `${int(r.hosted_nojs_first_step_ms_p50)} ms`,
                  '≤ 1,000 ms',
                  standing(
                    r.hosted_nojs_first_step_ms_p50,
                    TARGETS.hosted_nojs_first_step_ms_p50,
                    'max',
                    (n) => `${int(n)} ms`,
                  ) +
                    ` (range ${int(r.hosted_nojs_first_step_ms_min)}–${int(r.hosted_nojs_first_step_ms_max)} ms; ${int(r.hosted_nojs_page_bytes_first_paint)} B in ${r.hosted_nojs_requests_first_paint} responses)`,
                ],
              ]),
          [
            '`demo_first_step_ms_p50`: demo shop page with a session (a merchant page), same run, same conditions',
            `${int(r.demo_first_step_ms_p50)} ms`,
            `≤ ${int(TARGETS.demo_first_step_ms_p50)} ms`,
            standing(
              r.demo_first_step_ms_p50,
              TARGETS.demo_first_step_ms_p50,
              'max',
              (n) => `${int(n)} ms`,
            ) +
              ` (range ${int(r.demo_first_step_ms_min)}–${int(r.demo_first_step_ms_max)} ms; the hosted page is ${int(r.demo_first_step_ms_p50 - r.hosted_first_step_ms_p50)} ms faster)` +
              before(r, 'demo_first_step_ms_p50', (n) => `${int(n)} ms`),
          ],
          [
            '`hosted_widget_bytes_first_paint`: widget bytes transferred before the first step (hosted page)',
            `${int(r.hosted_widget_bytes_first_paint)} B`,
            '',
            `all bytes before it: ${int(r.hosted_page_bytes_first_paint)} B in ${r.hosted_requests_first_paint} responses (demo: ${int(r.demo_widget_bytes_first_paint)} B of widget, ${int(r.demo_page_bytes_first_paint)} B in ${r.demo_requests_first_paint})`,
          ],
        ]),
    ...clsRow(r, 'hosted', 'hosted page, to the widget’s takeover'),
    ...clsRow(r, 'demo', 'demo shop page'),
    [
      '`sign_per_s`: envelope signatures per second in workerd',
      int(r.sign_per_s),
      '',
      `${r.sign_us_per_envelope} µs each`,
    ],
    [
      '`proxy_overhead_ms_p50`: attempt via proxy − direct sandbox call',
      ms(r.proxy_overhead_ms_p50),
      '≤ 2 ms',
      standing(r.proxy_overhead_ms_p50, TARGETS.proxy_overhead_ms_p50, 'max', ms),
    ],
    ['`proxy_overhead_ms_p99`', ms(r.proxy_overhead_ms_p99), '', ''],
    [
      '`proxy_overhead_ratio_p50`: median via proxy ÷ median direct',
      `${r.proxy_overhead_ratio_p50.toFixed(2)}×`,
      '',
      `${ms(r.proxy_attempt_ms_p50)} vs ${ms(r.direct_collection_ms_p50)}`,
    ],
    ['`push_latency_ms_p50`: callback POST → WebSocket message', ms(r.push_latency_ms_p50), '', ''],
    [
      '`push_latency_ms_p99`',
      ms(r.push_latency_ms_p99),
      '≤ 50 ms',
      standing(r.push_latency_ms_p99, TARGETS.push_latency_ms_p99, 'max', ms),
    ],
    [
      '`ingest_callbacks_per_s`: callback storm',
      int(r.ingest_callbacks_per_s),
      '≥ 1,000/s, nothing lost',
      standing(
        r.ingest_callbacks_per_s,
        TARGETS.ingest_callbacks_per_s,
        'min',
        (n) => `${int(n)}/s`,
      ) + (lostOk ? '; nothing lost' : '; SOMETHING LOST'),
    ],
    [
      '(baseline) `GET /health`, same senders, same stack',
      `${int(r.ingest_baseline_health_per_s)}/s`,
      '',
      'what the stack answers before any of our work',
    ],
    [
      '`ingest_lost`: sessions whose final state is not the outcome sent',
      String(r.ingest_lost),
      '0',
      r.ingest_lost === 0 ? 'met' : `MISSED${refusalNote(r)}`,
    ],
    [
      '`ingest_duplicate_transitions`: terminal transitions beyond one per attempt',
      String(r.ingest_duplicate_transitions),
      '0',
      r.ingest_duplicate_transitions === 0 ? 'met' : 'MISSED',
    ],
    [
      '`ingest_webhooks_extra`: merchant webhooks beyond one per outcome',
      String(r.ingest_webhooks_extra),
      '0',
      r.ingest_webhooks_extra === 0 ? 'met' : 'MISSED',
    ],
  ];
  return table(rows);
}

/** @param {string[][]} rows */
function table(rows) {
  const [head, ...body] = rows;
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/**
 * CPU per operation by process, one row per phase.
 *
 * @param {{ phase: string, op: string, ops: number, cpu: { wall: number, byRole: Record<string, number> } }[]} phases
 */
export function cpuTable(phases) {
  const rows = [['Phase (per operation)', 'Process', 'CPU ms per op', 'Share of one core']];
  for (const { phase, op, ops, cpu } of phases) {
    const roles = Object.entries(cpu.byRole).sort((a, b) => b[1] - a[1]);
    roles.forEach(([role, seconds], i) => {
      rows.push([
        i === 0 ? `${phase} (per ${op}, ${int(ops)} ops, ${cpu.wall.toFixed(1)} s)` : '',
        role,
        ((seconds * 1000) / ops).toFixed(2),
        `${Math.round((seconds / cpu.wall) * 100)}%`,
      ]);
    });
    const total = roles.reduce((a, [, s]) => a + s, 0);
    rows.push([
      '',
      '**all processes**',
      `**${((total * 1000) / ops).toFixed(2)}**`,
      `${Math.round((total / cpu.wall) * 100)}%`,
    ]);
  }
  return table(rows);
}

/**
 * bench/results.md.
 *
 * @param {{ results: Record<string, any>, sizeNotes: any, machine: Record<string, string>, counts: Record<string, string>, phases: any[], quick: boolean, seconds: number }} run
 */
export function resultsMarkdown(run) {
  const { machine } = run;
  return `# Benchmark results

Generated by \`npm run bench${run.quick ? ' -- --quick' : ''}\` (${run.quick ? 'quick' : 'full'} counts, ${Math.round(run.seconds)} s); do not edit by hand. How each figure is measured: docs/benchmarks.md, "What each figure is and how it is measured".

- Date: ${machine.date}
- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, ${machine.os}
- Runtime: Node ${machine.node}, wrangler ${machine.wrangler} (workerd ${machine.workerd}), proxy + sandbox under \`wrangler dev\` on 127.0.0.1
- Load average (1 min) before / after the run: ${machine.loadBefore} / ${machine.loadAfter} (other processes on the machine share its cores)

${resultsTable(run.results, run.sizeNotes)}

## Counts

${table([['Phase', 'Counts'], ...Object.entries(run.counts)])}

## Where the CPU went

CPU seconds of each process during the measured part of each phase (from /proc), per operation. "Share of one core" is CPU time ÷ wall time: a single-threaded process cannot pass 100%, and the machine has ${machine.cores} cores for all processes together.

${cpuTable(run.phases)}
`;
}

/**
 * bench/profile.md (with `--profile`): perf categories, fsync counts and the widget's size profile.
 *
 * @param {{ machine: Record<string, string>, phases: any[], sizeProfile: any[] | null, results: Record<string, any> }} run
 */
export function profileMarkdown(run) {
  const parts = [
    `# Benchmark profile

Generated by \`npm run bench -- --profile\` on ${run.machine.date} (${run.machine.cpu}, ${run.machine.cores} cores; load average ${run.machine.loadBefore} before). Profiling slows the phases down, so the figures of this run are not results; see results.md for those.
`,
  ];
  for (const phase of run.phases) {
    parts.push(`## ${phase.phase}\n`);
    if (phase.perf) {
      parts.push(
        `Samples of \`perf record -F 999\` by process and by kind of code (share of all samples of the phase's processes):\n`,
      );
      const rows = [['Process', 'Share', 'Kind of code (share of all samples)']];
      for (const [role, share] of Object.entries(phase.perf.byRole).sort((a, b) => b[1] - a[1])) {
        if (share < 1) continue;
        const kinds = Object.entries(phase.perf.byCategory[role] ?? {})
          .sort((a, b) => b[1] - a[1])
          .filter(([, s]) => s >= 0.5)
          .map(([k, s]) => `${k} ${s.toFixed(1)}%`)
          .join('; ');
        rows.push([role, `${share.toFixed(1)}%`, kinds]);
      }
      parts.push(table(rows) + '\n');
    }
    if (phase.fsync) {
      const rows = [['Process', 'fsync calls per op', 'wall ms in fsync per op', 'mean fsync']];
      for (const [role, { calls, seconds }] of Object.entries(phase.fsync)) {
        rows.push([
          role,
          (calls / phase.ops).toFixed(2),
          ((seconds * 1000) / phase.ops).toFixed(2),
          calls ? `${((seconds * 1e6) / calls).toFixed(0)} µs` : '–',
        ]);
      }
      parts.push(`fsync/fdatasync (\`perf trace -s\`), per ${phase.op}:\n\n${table(rows)}\n`);
    }
    if (phase.cpu) parts.push(`CPU per ${phase.op}:\n\n${cpuTable([phase])}\n`);
  }
  if (run.sizeProfile) {
    const rows = [['Source', 'Minified bytes', 'Share', 'gzip bytes (in proportion)']];
    for (const row of run.sizeProfile) {
      rows.push([row.source, int(row.minified_bytes), `${row.share}%`, int(row.gzip_bytes_est)]);
    }
    parts.push(
      `## widget.js size profile\n\nEvery byte of a source-mapped rebuild of widget.js (same config and minifier) attributed to its source; the gzip size (${int(run.results.widget_gzip_bytes)} B) split in proportion:\n\n${table(rows)}\n`,
    );
  }
  return parts.join('\n');
}

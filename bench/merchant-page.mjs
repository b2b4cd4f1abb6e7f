/**
 * The merchant page's figures alone: the demo shop's first step (beside the hosted page's, as
 * first-step.mjs measures them) and its layout shift at 412 px (layout-shift.mjs), against a
 * stack on free ports, printed beside the figures of the code before the merchant page's
 * changes (bench/merchant-page-before.json, taken once from main with `--before`, as
 * link-ingest-before.json was). `npm run bench` shows the same record beside its own run.
 *
 *   node bench/merchant-page.mjs [runs] [--before]
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureFirstStep } from './first-step.mjs';
import { measureLayoutShift } from './layout-shift.mjs';
import { root } from './lib/servers.mjs';

const BEFORE = path.join(root, 'bench/merchant-page-before.json');

/**
 * The recorded figures of the code before the merchant page's changes, as `<figure>_before`
 * (and `before_commit`), for the report; `{}` without a record.
 *
 * @example
 * Object.assign(results, merchantPageBefore()); // { demo_cls_412_p50_before: 0.632, … }
 * @returns {Record<string, number | string>}
 */
export function merchantPageBefore() {
  if (!existsSync(BEFORE)) return {};
  const record = JSON.parse(readFileSync(BEFORE, 'utf8'));
  const keys = ['demo_first_step_ms_p50', 'hosted_first_step_ms_p50', 'demo_cls_412_p50'];
  return {
    ...Object.fromEntries(keys.map((key) => [`${key}_before`, record.results[key]])),
    before_commit: record.commit,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { standaloneStack } = await import('./lib/standalone.mjs');
  const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
  const recordBefore = process.argv.includes('--before');
  await standaloneStack(async (base) => {
    const figures = {
      ...(await measureFirstStep({ base, runs })),
      ...(await measureLayoutShift({ base, runs })),
    };
    if (recordBefore) {
      const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
      const record = {
        date: new Date().toISOString(),
        commit: commit.stdout.trim(),
        results: figures,
      };
      writeFileSync(BEFORE, `${JSON.stringify(record, null, 2)}\n`);
      return figures;
    }
    return { ...figures, ...merchantPageBefore() };
  });
}

/**
 * The merchant page's figures alone: the demo shop's first step (beside the hosted page's, as
 * first-step.mjs measures them) and its layout shift at 412 px (layout-shift.mjs), against a
 * stack on free ports. With `--before`, writes them to bench/merchant-page-before.json: the
 * figures of the code before the merchant page's changes, which the report shows side by side
 * with each run's (taken once from main, as link-ingest-before.json was).
 *
 *   node bench/merchant-page.mjs [runs] [--before]
 * @module
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureFirstStep } from './first-step.mjs';
import { measureLayoutShift } from './layout-shift.mjs';
import { root } from './lib/servers.mjs';
import { standaloneStack } from './lib/standalone.mjs';

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const before = process.argv.includes('--before');

await standaloneStack(async (base) => {
  const { spawnSync } = await import('node:child_process');
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const figures = {
    ...(await measureFirstStep({ base, runs })),
    ...(await measureLayoutShift({ base, runs })),
  };
  if (before) {
    const file = path.join(root, 'bench/merchant-page-before.json');
    const record = {
      date: new Date().toISOString(),
      commit: commit.stdout.trim(),
      results: figures,
    };
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  }
  return figures;
});

// `npm run bench:cost`: only the cost-per-payment phase of `npm run bench` (bench/cost.mjs);
// prints the counts and writes the table into docs/benchmarks.md. `--no-write`: print only.
import os from 'node:os';
import { closeIdle } from './lib/http.mjs';
import { isolateDevRegistry } from './lib/servers.mjs';
import { removeTempDirs } from './lib/temp.mjs';
import { costTable, measureCost, writeCostTable } from './cost.mjs';
import { cli } from '../scripts/cli.mjs';

/**
 * Measures, prints and (unless told not to) writes the cost table.
 * @param {{ write?: boolean, log?: (message: string) => void }} [options]
 */
export async function costPhase({ write = true, log = console.log } = {}) {
  log('cost per payment: one paid M-PESA session, then status queries of a pending one');
  const cost = await measureCost();
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const table = costTable(cost);
  const block = [
    `Measured ${date} by \`npm run bench\` (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), counted by the dev-only counting build (see Method); ${cost.checks} status queries of the pending attempt, averaged.`,
    '',
    table,
  ].join('\n');
  console.log(`\n${table}\n`);
  console.log(JSON.stringify(cost, null, 2));
  if (write) {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig('docs/benchmarks.md')) ?? {};
    writeCostTable(await prettier.format(block, { ...options, parser: 'markdown' }));
    log('wrote the cost table into docs/benchmarks.md');
  }
  return cost;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = cli(import.meta.url, { 'no-write': { type: 'boolean' } });
  isolateDevRegistry();
  try {
    await costPhase({ write: !values['no-write'] });
  } catch (error) {
    console.error(`bench:cost failed: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 1;
  } finally {
    closeIdle();
    removeTempDirs();
  }
}

// `npm run build:worker`: bundles both Workers with `wrangler deploy --dry-run`, so a config or
// bundling error fails the build before any real deploy.
import path from 'node:path';
import { run } from './run.mjs';
import { cli } from './cli.mjs';

cli(import.meta.url);

run(
  'wrangler',
  ['deploy', '--dry-run', '--env=', '--outdir', path.resolve('dist/proxy'), '-c', 'wrangler.toml'],
  'proxy dry-run deploy',
);
run(
  'wrangler',
  ['deploy', '--dry-run', '--outdir', path.resolve('dist/sandbox'), '-c', 'sandbox/wrangler.toml'],
  'sandbox dry-run deploy',
);

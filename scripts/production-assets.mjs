// The production Worker's static assets: public/ without the development demo page (public/demo,
// served by `npm run dev` only). `npm run deploy` and `npm run build` fill public-production/
// (the top-level [assets] directory of wrangler.toml) after the widget build.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cli } from './cli.mjs';

/** Folders of public/ that only local development serves. */
export const DEV_ONLY_ASSETS = ['demo'];

/**
 * Copies `from` into `to`, leaving out {@link DEV_ONLY_ASSETS} and replacing what `to` held
 * (its dotfiles, the .gitignore and .assetsignore, stay).
 * @param {string} from
 * @param {string} to
 */
export function copyProductionAssets(from = 'public', to = 'public-production') {
  for (const name of readdirSync(to)) {
    if (!name.startsWith('.')) rmSync(path.join(to, name), { recursive: true, force: true });
  }
  for (const name of readdirSync(from)) {
    if (DEV_ONLY_ASSETS.includes(name)) continue;
    cpSync(path.join(from, name), path.join(to, name), { recursive: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cli(import.meta.url);
  copyProductionAssets();
}

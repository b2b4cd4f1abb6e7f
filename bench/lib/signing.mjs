/**
 * The project's envelope signing (shared/signing.ts) for Node, compiled once with esbuild from
 * node_modules, so the benchmarks sign callbacks and direct upstream calls exactly as the
 * proxy and the sandbox do.
 * @module
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { serviceCredentials } from './credentials.mjs';
import { pool, shuffle } from './stats.mjs';
import { root } from './servers.mjs';
import { tempDir } from './temp.mjs';

let loaded;

/**
 * shared/signing.ts as an ES module.
 *
 * @example
 * const { signEnvelope } = await loadSigning();
 * @returns {Promise<{ signEnvelope: (params: object, credentials: object) => Promise<object> }>}
 */
export async function loadSigning() {
  if (!loaded) {
    const outfile = path.join(tempDir('uc-bench-signing-'), 'signing.mjs');
    buildSync({
      entryPoints: [path.join(root, 'shared/signing.ts')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      outfile,
      logLevel: 'warning',
    });
    loaded = import(pathToFileURL(outfile).href);
  }
  return loaded;
}

/**
 * Signs `params` into an envelope with the integration's credentials (as the upstream does).
 *
 * @example
 * const body = await signed({ payment_step: 2, status: 'success', … });
 * @param {Record<string, unknown>} params
 */
export async function signed(params) {
  const { signEnvelope } = await loadSigning();
  return signEnvelope(params, serviceCredentials());
}

/**
 * The bodies of a callback storm: for each params object its signed original and 0–2
 * duplicates (each an exact replay or the same params signed again, half and half), signed 8
 * at a time, then shuffled with `random`.
 *
 * @example
 * const { bodies, duplicates } = await stormBodies(params, mulberry32(seed));
 * @param {object[]} paramsList
 * @param {() => number} random
 */
export async function stormBodies(paramsList, random) {
  /** @type {string[]} */
  const bodies = [];
  let duplicates = 0;
  await pool(paramsList.length, 8, async (i) => {
    const original = JSON.stringify(await signed(paramsList[i]));
    bodies.push(original);
    const r = random();
    const extra = r < 0.3 ? 0 : r < 0.7 ? 1 : 2;
    for (let k = 0; k < extra; k++) {
      bodies.push(random() < 0.5 ? original : JSON.stringify(await signed(paramsList[i])));
      duplicates += 1;
    }
  });
  return { bodies: shuffle(bodies, random), duplicates };
}

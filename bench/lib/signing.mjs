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

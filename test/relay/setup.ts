// Vitest globalSetup of the `relay` project: the sandbox standalone (Miniflare, real HTTP on
// 127.0.0.1) with a whitelist that admits only the relay's address, and relay/relay.mjs in
// front of it, its calls leaving from that address.
import path from 'node:path';
import type { Server } from 'node:http';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { relaySettings, startRelay } from '../../relay/relay.mjs';
import { RELAY_TEST } from './ports';

export default async function setup(): Promise<() => Promise<void>> {
  const sandbox = unstable_getMiniflareWorkerOptions('./sandbox/wrangler.toml').workerOptions;
  const mf = new Miniflare({
    ...sandbox,
    name: 'unified-checkout-sandbox',
    modules: true,
    scriptPath: path.resolve('sandbox/dist/index.js'),
    bindings: {
      ...sandbox.bindings,
      SANDBOX_IP_WHITELIST: RELAY_TEST.relayAddress,
      // A payment settles as soon as it is made (no callback for …003 anyway).
      SANDBOX_CALLBACK_DELAY_MS: '0',
    },
    host: '127.0.0.1',
    port: RELAY_TEST.sandboxPort,
  } as never);
  await mf.ready;
  const relay: Server = await startRelay(
    relaySettings({
      RELAY_UPSTREAM: RELAY_TEST.sandbox,
      RELAY_TOKEN: RELAY_TEST.token,
      RELAY_LISTEN: `127.0.0.1:${RELAY_TEST.relayPort}`,
      RELAY_SOURCE_ADDRESS: RELAY_TEST.relayAddress,
    }),
    () => {},
  );
  return async () => {
    await new Promise((resolve) => relay.close(resolve));
    await mf.dispose();
  };
}

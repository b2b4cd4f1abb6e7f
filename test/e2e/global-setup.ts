/**
 * Global setup of the end-to-end suite: the merchant's webhook endpoint and shop (two Node
 * servers), then a fresh dev stack (proxy + sandbox under one `wrangler dev`, new state
 * directory) wired to them. The sandbox clock runs {@link TIME_SCALE} times faster.
 * @module
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevStack, type DevStack } from '../support/dev-stack.mjs';
import { enginesToRun } from '../support/engines.mjs';
import { E2E, e2ePorts, TIME_SCALE } from './support/config';
import { startShopServer } from './support/shop-server';
import { startWebhookReceiver } from './support/webhook-receiver';

/** Files `npm test` builds before vitest; the suite needs them. */
const BUILT = [
  'public/widget.js',
  'public/widget.es.js',
  'public/console/assets/console.js',
  'dist/lib/webhook-signature.js',
  'public/openapi.json',
  'public/docs.html',
];

export default async function setup(project: TestProject) {
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The end-to-end suite needs ${missing.join(' and ')}: run ` +
        '`npm run build:widget && npm run build:openapi && npm run build:lib` first (npm test does).',
    );
  }
  // The project's own folder (its UC_E2E_ARTIFACTS, as its test files see it) and ports.
  const env = project.config.env ?? {};
  const artifacts =
    typeof env.UC_E2E_ARTIFACTS === 'string' ? path.resolve(env.UC_E2E_ARTIFACTS) : E2E.artifacts;
  const ports = e2ePorts(env);
  // The payment smoke runs engine by engine (scripts/per-engine.mjs): a run clears and logs
  // into its own engines' folders, leaving the other engines' screenshots.
  const folders =
    env.UC_E2E_ENGINE_FOLDERS === '1'
      ? enginesToRun().map((engine) => path.join(artifacts, engine))
      : [artifacts];
  for (const folder of folders) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
  }
  const log = path.join(folders.length === 1 ? folders[0]! : artifacts, 'wrangler-dev.log');

  let stack: DevStack | null = null;
  const receiver = await startWebhookReceiver({
    port: ports.receiverPort,
    output: () => stack?.output() ?? '',
  });
  const base = `http://127.0.0.1:${ports.stackPort}`;
  const shop = await startShopServer({ port: ports.shopPort, proxy: base });
  // Request lines and the Workers' own console output go to the log the secret sweep reads.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = 'info';
  try {
    stack = await startDevStack({
      port: ports.stackPort,
      vars: {
        ALLOWED_ORIGINS: [base, shop.base].join(','),
        MERCHANT_WEBHOOK_URL: `${receiver.base}/hooks`,
        SANDBOX_TIME_SCALE: String(TIME_SCALE),
        // The proxy's own input windows follow the sandbox's clock: an OTP lives 2 sandbox
        // minutes, an account 30 (6 s and 90 s here).
        INPUT_WINDOWS: JSON.stringify({
          otp_operator: 2 / TIME_SCALE,
          virtual_account: 30 / TIME_SCALE,
        }),
        // A scripted callback comes one real second after the create: the live step is seen.
        SANDBOX_CALLBACK_DELAY_MS: String(1000 * TIME_SCALE),
      },
    });
  } catch (error) {
    await Promise.all([receiver.close(), shop.close()]);
    throw error;
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
  project.provide('baseUrl', stack.base);
  project.provide('receiverUrl', receiver.base);
  project.provide('shopUrl', shop.checkoutUrl);

  return async () => {
    const output = stack?.output() ?? '';
    await stack?.stop();
    await Promise.all([receiver.close(), shop.close()]);
    writeFileSync(log, output);
    // The run's Durable Object state (a temp dir startDevStack made): the next run starts fresh.
    if (stack) rmSync(stack.persistTo, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The proxy (and, under /sandbox, the sandbox). */
    baseUrl: string;
    /** The merchant's webhook endpoint (see support/webhook-receiver.ts). */
    receiverUrl: string;
    /** The shop's checkout page (strict CSP, another origin). */
    shopUrl: string;
  }
}

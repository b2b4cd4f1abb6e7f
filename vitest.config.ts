import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { defineConfig } from 'vitest/config';
import { devVars } from './test/support/dev-vars.ts';
import { figuresRecorder } from './test/support/figures-recorder.ts';
import { contractService } from './test/support/openapi-contract.ts';
import { createCallbackReceiver } from './test/sandbox/callback-receiver.ts';
import { RELAY_TEST } from './test/relay/ports.ts';

const sandbox = unstable_getMiniflareWorkerOptions('./sandbox/wrangler.toml').workerOptions;
/** The Node tests that start `npm run dev`'s stack (the `dev-stack` project). */
const DEV_STACK_TESTS = [
  'test/scripts/dev-stop.test.ts',
  'test/scripts/dev-forward.test.ts',
  'test/scripts/payout-batch-kill.test.ts',
];

/**
 * The files the `proxy-hmac` project runs again with both sides signing with HMAC-SHA256: one a
 * callback route (collections, payouts, payment links, refunds' payouts) and the scheme's own
 * suite. The signature is the only difference, so the other money files (run by `proxy`) would
 * repeat what these show.
 */
const HMAC_TESTS = [
  'test/proxy/payments/signing-scheme.test.ts',
  'test/proxy/sessions/money-rules.test.ts',
  'test/proxy/payouts/payout-money-rules.test.ts',
  'test/proxy/links/link-callbacks.test.ts',
  'test/proxy/refunds/refund-lifecycle.test.ts',
];

/** The query index's migrations, applied to the test D1 by test/support/apply-migrations.ts. */
const indexMigrations = await readD1Migrations('./migrations');

/**
 * workerd runtimes a workerd project runs side by side, each on its own test file with its own
 * storage and its own copy of the sandbox. Vitest's default on two cores is one: the files then
 * ran one after another, each mostly waiting on the sandbox's clock, and the proxy suite alone
 * took over five minutes. `UC_WORKERD_WORKERS=1` runs them one at a time again.
 */
const workerdWorkers = Number(process.env.UC_WORKERD_WORKERS ?? 3);

/**
 * A vitest project of the proxy (main worker) with the real sandbox beside it as an auxiliary
 * worker; the sandbox's callbacks (plain fetch) are routed back into the proxy.
 */
function proxyProject(
  name: string,
  files: { include: string[]; exclude?: string[] },
  bindings: Record<string, string> = {},
  scheme: 'sha256' | 'hmac-sha256' = 'sha256',
) {
  const runner = `vitest-pool-workers-runner-${name}`;
  return {
    plugins: [
      cloudflareTest({
        // [env.dev]: the top level of wrangler.toml is the production Worker.
        wrangler: { configPath: './wrangler.toml', environment: 'dev' },
        miniflare: {
          bindings: {
            ...devVars(),
            RECONCILE_DELAY_SECONDS: '0.3',
            UPSTREAM_TIMEOUT_MS: '1500',
            // Runs of the interleavings property (`UC_INTERLEAVING_RUNS=500 npm run
            // test:interleavings` explores more).
            INTERLEAVING_RUNS: process.env.UC_INTERLEAVING_RUNS ?? '60',
            SERVICE_SIGNING_SCHEME: scheme,
            TEST_MIGRATIONS: indexMigrations,
            ...bindings,
          },
          // The proxy's own outbound fetches (merchant webhooks to /dev/webhooks) loop back in.
          outboundService: runner,
          // Node-side: the hostile-conditions suites write their figures through it.
          serviceBindings: {
            HOSTILE_FIGURES: figuresRecorder(),
            // The OpenAPI contract (test/support/openapi-contract.ts): every response the
            // helpers receive and every webhook delivered is validated against the document.
            OPENAPI_CONTRACT: contractService(),
            DOCTOR_SANDBOX_WALLED: 'unified-checkout-sandbox-walled',
            DOCTOR_SANDBOX_OTHER_SCHEME: 'unified-checkout-sandbox-other-scheme',
          },
          workers: [
            {
              ...sandbox,
              name: 'unified-checkout-sandbox',
              modules: true,
              scriptPath: './sandbox/dist/index.js',
              bindings: {
                ...sandbox.bindings,
                SANDBOX_IP_WHITELIST: '*',
                SANDBOX_TIME_SCALE: '20',
                SANDBOX_SIGNING_SCHEME: scheme,
              },
              outboundService: runner,
            },
            // The doctor's faults (test/proxy/deployment/doctor-faults.test.ts): a sandbox whose
            // whitelist refuses the proxy, and one that verifies the other signature scheme.
            ...(
              [
                ['walled', { SANDBOX_IP_WHITELIST: '203.0.113.7', SANDBOX_SIGNING_SCHEME: scheme }],
                [
                  'other-scheme',
                  {
                    SANDBOX_IP_WHITELIST: '*',
                    SANDBOX_SIGNING_SCHEME: scheme === 'sha256' ? 'hmac-sha256' : 'sha256',
                  },
                ],
              ] as const
            ).map(([fault, vars]) => ({
              ...sandbox,
              name: `unified-checkout-sandbox-${fault}`,
              modules: true,
              scriptPath: './sandbox/dist/index.js',
              bindings: { ...sandbox.bindings, ...vars },
              outboundService: runner,
            })),
          ],
        },
      }),
    ],
    test: {
      name,
      ...files,
      testTimeout: 20_000,
      maxWorkers: workerdWorkers,
      globalSetup: ['./test/support/sandbox-build.ts'],
      setupFiles: [
        './test/proxy/setup/apply-migrations.ts',
        './test/proxy/setup/openapi-contract.ts',
      ],
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests of shared/ (isomorphic code) in Node.
        test: {
          name: 'shared',
          include: ['test/shared/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          exclude: [...DEV_STACK_TESTS],
          environment: 'node',
        },
      },
      {
        // `npm run dev`'s own stack under wrangler (stopping it, forwarding its webhooks): the
        // slow Node tests, in their own project so npm test runs them beside the builds' lane
        // (in the e2e lane, where they wait on wrangler as e2e does).
        test: {
          name: 'dev-stack',
          include: [...DEV_STACK_TESTS],
          environment: 'node',
        },
      },
      {
        // The sandbox alone, as the main worker (its alarms can be run on demand). Its clock runs
        // 150x (10 sandbox minutes = 4 s, 30 = 12 s); its callbacks go to a Node-side recording
        // receiver. Test files share a workerd (isolate: false; two side by side, each with its
        // own files): tests use unique references.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './sandbox/wrangler.toml' },
            miniflare: {
              bindings: {
                SANDBOX_IP_WHITELIST: '127.0.0.1,unknown,203.0.113.7',
                SANDBOX_TIME_SCALE: '150',
                // 10 sandbox minutes (4 s): 2 (0.8 s) was missed by concurrent OTP tests on a
                // loaded 2-core machine. timers.test.ts checks the expiry against this figure.
                SANDBOX_OTP_MINUTES: '10',
                SANDBOX_CALLBACK_DELAY_MS: '1500',
                SANDBOX_PUBLIC_URL: 'http://127.0.0.1:8787/sandbox',
              },
              outboundService: createCallbackReceiver(),
            },
          }),
        ],
        test: {
          name: 'sandbox',
          include: ['test/sandbox/**/*.test.ts'],
          testTimeout: 20_000,
          isolate: false,
          maxWorkers: Math.min(2, workerdWorkers),
        },
      },
      proxyProject('proxy', {
        // Every file, the interleavings property included (it evicts only the session's own
        // object: abortAllDurableObjects also hit the pool and could stall the run).
        // `npm run test:interleavings` (UC_INTERLEAVINGS=1) runs that property alone.
        include: [
          process.env.UC_INTERLEAVINGS === '1'
            ? 'test/proxy/payments/interleavings.test.ts'
            : 'test/proxy/**/*.test.ts',
        ],
        exclude: ['test/proxy/model/**', 'test/proxy/limits/**'],
      }),
      // The prompt limits with their production defaults (docs/design.md, "Prompt limits"):
      // [env.dev] turns them off, as the other suites send many prompts to the sandbox's few
      // scripted numbers.
      proxyProject(
        'proxy-limits',
        { include: ['test/proxy/limits/**/*.test.ts'] },
        { PHONE_PROMPT_LIMITS: '', SESSION_PROMPT_LIMITS: '' },
      ),
      // The money paths again with both sides signing with HMAC-SHA256 (SERVICE_SIGNING_SCHEME).
      proxyProject('proxy-hmac', { include: HMAC_TESTS }, {}, 'hmac-sha256'),
      // The money model (docs/design.md, "Money rules"): status queries run only when the test
      // asks (a reconcile delay of an hour), so every schedule is replayed in a known order.
      proxyProject(
        'proxy-model',
        { include: ['test/proxy/model/**/*.test.ts'] },
        {
          RECONCILE_DELAY_SECONDS: '3600',
          MODEL_RUNS: process.env.UC_MODEL_RUNS ?? '200',
          // The refund model alone (`UC_REFUND_MODEL_RUNS=500`); empty: MODEL_RUNS / 16.
          REFUND_MODEL_RUNS: process.env.UC_REFUND_MODEL_RUNS ?? '',
        },
      ),
      {
        // The fixed-IP relay (relay/relay.mjs, docs/deploy.md): the proxy's upstream calls leave
        // through the network, not a binding to the sandbox (UPSTREAM is the network itself),
        // to SERVICE_BASE_URL = the relay, which forwards them to the standalone sandbox from
        // the one address its whitelist admits (test/relay/setup.ts).
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml', environment: 'dev' },
            miniflare: {
              bindings: {
                ...devVars(),
                SERVICE_BASE_URL: RELAY_TEST.relay,
                RELAY_TOKEN: RELAY_TEST.token,
                // Status queries only when the test asks (POST /v1/sessions/:id/reconcile).
                RECONCILE_DELAY_SECONDS: '3600',
                TEST_MIGRATIONS: indexMigrations,
              },
              serviceBindings: { UPSTREAM: { network: { allow: ['local'], deny: [] } } },
              // Everything else the proxy fetches (merchant webhooks) is answered here.
              outboundService: () => new Response(null, { status: 204 }),
            },
          }),
        ],
        test: {
          name: 'relay',
          include: ['test/relay/**/*.test.ts'],
          testTimeout: 20_000,
          maxWorkers: 1,
          globalSetup: ['./test/support/sandbox-build.ts', './test/relay/setup.ts'],
          setupFiles: ['./test/proxy/setup/apply-migrations.ts'],
        },
      },
      {
        // The production entry (wrangler.toml's top level: worker/index.ts, its empty vars, no
        // sandbox) deployed by mistake with dev.vars.example's secrets: one workerd, one file.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: devVars() },
          }),
        ],
        test: {
          name: 'proxy-production',
          include: ['test/production/**/*.test.ts'],
          testTimeout: 20_000,
          maxWorkers: 1,
        },
      },
      {
        // End to end: the dev stack under wrangler, driven by Chromium through playwright-core.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/engines.test.ts'],
          environment: 'node',
          globalSetup: ['./test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // The payment smoke in Chromium, Firefox ESR and WebKitGTK (UC_ENGINES picks), on its own
        // dev stack and ports (8803 + inspector 9803, 8791, 8792), so it runs beside e2e (npm
        // test does) and its attempts do not share e2e's per-IP rate limit window. npm test and
        // `npm run test:engines` run it once per engine, each with a fresh stack
        // (scripts/per-engine.mjs), screenshots and log in test-results/e2e-engines/<engine>/.
        test: {
          name: 'e2e-engines',
          include: ['test/e2e/engines.test.ts'],
          environment: 'node',
          globalSetup: ['./test/e2e/global-setup.ts'],
          env: {
            UC_E2E_ARTIFACTS: 'test-results/e2e-engines',
            UC_E2E_ENGINE_FOLDERS: '1',
            UC_E2E_PORTS: '8803,8791,8792',
          },
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

// Types of `env` and `exports` from 'cloudflare:workers' inside the workerd test projects.
// The proxy is the main module of the `proxy` project; the `sandbox` project's tests reach the
// sandbox through test/sandbox/worker.ts.
type ProxyEnvForTests = import('../worker/env').ProxyEnv;
declare namespace Cloudflare {
  interface Env extends ProxyEnvForTests {
    /** Runs of the interleavings property (vitest.config.ts). */
    INTERLEAVING_RUNS?: string;
    /** The query index's migrations (vitest.config.ts), applied before each file. */
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import('../worker/index');
    durableNamespaces: 'CheckoutSession';
  }
}

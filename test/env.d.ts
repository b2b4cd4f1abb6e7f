// Types of `env` and `exports` from 'cloudflare:workers' inside the workerd test projects.
// The proxy is the main module of the `proxy` project; the `sandbox` project's tests reach the
// sandbox through test/sandbox/worker.ts.
type ProxyEnvForTests = import('../worker/env').ProxyEnv;
declare namespace Cloudflare {
  interface Env extends ProxyEnvForTests {
    /** Runs of the interleavings property (vitest.config.ts). */
    INTERLEAVING_RUNS?: string;
  }
  interface GlobalProps {
    mainModule: typeof import('../worker/index');
    durableNamespaces: 'CheckoutSession';
  }
}

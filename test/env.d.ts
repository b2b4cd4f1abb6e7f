// Types of `env` and `exports` from 'cloudflare:workers' inside the workerd test projects.
// The proxy is the main module of the `proxy` project (worker/worker-configuration.d.ts, made by
// `wrangler types`, declares its bindings); the `sandbox` project's tests reach the sandbox
// through test/sandbox/worker.ts.
type ProxySettingsForTests = import('../worker/env').ProxySettings;
declare namespace Cloudflare {
  interface Env extends ProxySettingsForTests {
    /** Runs of the interleavings property (vitest.config.ts). */
    INTERLEAVING_RUNS?: string;
    /** The query index's migrations (vitest.config.ts), applied before each file. */
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}

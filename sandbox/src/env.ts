/**
 * The sandbox's bindings: its settings (vars.ts) and the ledger's Durable Object namespace.
 * Only the Worker's side (routes, middleware, ledger-stub.ts) reads this file; the ledger itself
 * reads vars.ts, so the type import of its class here closes no loop.
 * @module
 */
import type { SandboxLedger } from './ledger';
import type { SandboxVars } from './vars';

/** Everything the sandbox Worker is bound to. */
export interface SandboxEnv extends SandboxVars {
  LEDGER: DurableObjectNamespace<SandboxLedger>;
}

/**
 * The one ledger every route talks to, reached through the `LEDGER` binding (typed by `env.ts`,
 * so routes never import the Durable Object class file).
 * @module
 */
import type { SandboxEnv } from './env';

/**
 * The ledger instance (named "ledger") as an RPC stub.
 *
 * @example
 * const tx = await ledger(c.env).transaction(ref);
 */
export function ledger(env: Pick<SandboxEnv, 'LEDGER'>) {
  return env.LEDGER.get(env.LEDGER.idFromName('ledger'));
}

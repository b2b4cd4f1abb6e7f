/**
 * The one context shape of the record-keeping objects (session, payout, ledger, payout batch;
 * docs/layout.md): the kind's store (all of its SQL but the status writes of its
 * transitions module), the env (the upstream, other objects) and the settings. Each object
 * builds one; a module takes the store alone when records are all it touches.
 * @module
 */
import { loadConfig, type Config } from './config';
import type { ProxyEnv } from './env';

/** A record-keeping object's working handles, over its store `S`. */
export interface ObjectContext<S> {
  readonly store: S;
  /** Read from the object on every use (tests swap it between calls). */
  readonly env: ProxyEnv;
  /** Loaded on every use, so a deployment whose settings stop loading fails that use only. */
  readonly config: Config;
}

/**
 * The context of an object over `store`; `envOf` is read on every use.
 *
 * @example
 * this.cx = objectContext(this.store, () => this.env);
 */
export function objectContext<S>(store: S, envOf: () => ProxyEnv): ObjectContext<S> {
  return {
    store,
    get env() {
      return envOf();
    },
    get config() {
      return loadConfig(envOf());
    },
  };
}

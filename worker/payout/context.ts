/**
 * What a payout's modules work with, the shape every record-keeping kind shares
 * (docs/layout.md, "worker/"): its store (every read and write of its tables but the status
 * writes of worker/payout/transitions.ts), the env (the upstream, other objects) and the
 * settings. A module that only reads or writes records takes the store alone.
 * @module
 */
import { loadConfig, type Config } from '../config';
import type { ProxyEnv } from '../env';
import type { PayoutStore } from './store';

/** One payout object's working handles (see the module comment). */
export interface PayoutContext {
  readonly store: PayoutStore;
  readonly env: ProxyEnv;
  /** Read on every use: the env may change between calls (tests swap it). */
  readonly config: Config;
}

/**
 * The object's context; `envOf` is read on every use.
 *
 * @example
 * this.cx = payoutContext(this.store, () => this.env);
 */
export function payoutContext(store: PayoutStore, envOf: () => ProxyEnv): PayoutContext {
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

/**
 * Reaching the dev webhook inbox (the `DevInbox` object, exported by worker/dev-worker.ts and
 * bound as `DEV_INBOX` in [env.dev] only) and what it answers.
 * @module
 */
import type { ProxyEnv } from '../env';
import type { DevInbox } from './dev-inbox';

export type { ForwardResult, ReceivedWebhook } from './types';

/** The name of the one inbox object. */
export const DEV_INBOX_NAME = 'inbox';

/**
 * The dev webhook inbox, or null where none is bound (production).
 *
 * @example
 * const inbox = devInbox(c.env);
 * if (inbox) await inbox.storeWebhook(id, true, null, body, null);
 */
export function devInbox(env: ProxyEnv) {
  // `wrangler types` reads the production entry (worker/index.ts), which no longer exports the
  // class, so the generated binding is untyped: the class is named here.
  const namespace = env.DEV_INBOX as DurableObjectNamespace<DevInbox> | undefined;
  return namespace?.get(namespace.idFromName(DEV_INBOX_NAME)) ?? null;
}

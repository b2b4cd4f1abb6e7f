/**
 * The Hono environment of the proxy's apps: the bindings (worker/env.ts) and what the
 * middleware of worker/middleware/ sets on `c.var`. Its own file so that worker/env.ts imports
 * nothing of worker/config.ts (which reads the env).
 * @module
 */
import type { Config } from './config';
import type { ProxyEnv } from './env';
import type { ConsoleUser } from './console/user';
import type { KeyScope } from './keys/merchant-keys';

/** What the routes find on `c.var` (set by the middleware of worker/middleware/). */
export interface ProxyVariables {
  /** The validated configuration (worker/middleware/config.ts). */
  config: Config;
  /** The id of the merchant API key that authenticated the request
   * (worker/middleware/merchant-auth.ts). */
  keyId: string;
  /** The scope of that key (a `checkout` key sees `customer` masked). */
  keyScope: KeyScope;
  /** Set once a merchantAuth middleware has checked the key's scope for this request. */
  keyScopeChecked: boolean;
  /** The console's user, on `/console*` requests only (worker/console/identity.ts). */
  consoleUser?: ConsoleUser;
}

/**
 * The Hono environment of the proxy's apps.
 *
 * @example
 * const app = new Hono<ProxyApp>();
 */
export type ProxyApp = { Bindings: ProxyEnv; Variables: ProxyVariables };

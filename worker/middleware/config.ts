/**
 * The validated configuration as a request variable: `c.var.config`.
 * @module
 */
import { createMiddleware } from 'hono/factory';
import { loadConfig } from '../config';
import type { ProxyApp } from '../app-env';

/**
 * Validates the configuration (cached per isolate, worker/config.ts) and sets `c.var.config`;
 * a missing or malformed setting answers 500 CONFIG_INVALID naming every problem.
 *
 * @example
 * app.use('*', config());
 * app.get('/', (c) => c.text(c.var.config.publicBaseUrl));
 */
export function config() {
  return createMiddleware<ProxyApp>(async (c, next) => {
    c.set('config', loadConfig(c.env));
    await next();
  });
}

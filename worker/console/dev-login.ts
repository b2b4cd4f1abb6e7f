/**
 * `GET /console/dev-login?role=finance`: development only (the dev Worker mounts it behind the
 * loopback Host check). Sets the identity `dev-<role>@localhost`, which the console honours in
 * development mode on a loopback Host only (./identity.ts), and redirects to `/console/`. The
 * end-to-end tests and `npm run dev` use it in place of Cloudflare Access.
 * @module
 */
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';
import { CONSOLE_ROLES, type ConsoleRole } from '../keys/route-scopes';
import { DEV_ROLE_COOKIE } from './identity';

/**
 * The dev-login route. Mount under `/console/dev-login`.
 *
 * @example
 * app.route('/console/dev-login', devLogin());
 */
export function devLogin() {
  const app = new Hono<ProxyApp>();
  app.get('/', (c) => {
    const role = c.req.query('role') ?? 'viewer';
    if (!CONSOLE_ROLES.includes(role as ConsoleRole)) {
      throw new CheckoutError(
        'VALIDATION_FAILED',
        `role must be one of ${CONSOLE_ROLES.join(', ')}.`,
        {
          issues: [{ path: 'role', message: 'unknown role' }],
        },
      );
    }
    setCookie(c, DEV_ROLE_COOKIE, role, { path: '/console', httpOnly: true, sameSite: 'Strict' });
    return c.redirect('/console/');
  });
  return app;
}

/**
 * Who is using the console: a Cloudflare Access token verified on every request
 * (worker/console/access-token.ts) and the role `CONSOLE_USERS` gives its email; in development
 * mode on a loopback Host, the identity `/console/dev-login` set (worker/console/dev-login.ts).
 * No settings: 503 naming them. No valid token: 401. An email without a role: 403.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ProxyApp } from '../app-env';
import { isLoopbackDevRequest } from '../middleware/loopback-host';
import { CONSOLE_ROLES, type ConsoleRole } from '../keys/route-scopes';
import { ACCESS_TOKEN_HEADER, accessEmail } from './access-token';
import { refusal } from './refusal';
import type { ConsoleUser } from './user';
import { CONSOLE_SETTINGS, consoleSettings, roleOf } from './settings';

/** The development identity's cookie (its value is the role). */
export const DEV_ROLE_COOKIE = 'uc_console_dev';

/** The development identity, only in development mode on a loopback Host. */
function devUser(c: Context<ProxyApp>): ConsoleUser | null {
  if (!c.var.config.devMode || !isLoopbackDevRequest(c.req.raw, c.env.PUBLIC_BASE_URL)) {
    return null;
  }
  const role = getCookie(c, DEV_ROLE_COOKIE) as ConsoleRole | undefined;
  return role && CONSOLE_ROLES.includes(role) ? { email: `dev-${role}@localhost`, role } : null;
}

/**
 * Sets `c.var.consoleUser`, or answers 503, 401 or 403. Needs `config()` first.
 *
 * @example
 * app.use('*', config(), consoleIdentity());
 */
export function consoleIdentity(): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    const dev = devUser(c);
    if (dev) {
      c.set('consoleUser', dev);
      return next();
    }
    const read = consoleSettings(c.env);
    if (!read.ok) {
      return refusal(c, 503, 'CONFIG_INVALID', [
        'The console is not configured',
        `It needs ${CONSOLE_SETTINGS.join(', ')} (a Cloudflare Access application in front of /console*).`,
        ...read.problems,
      ]);
    }
    const email = await accessEmail(c.req.header(ACCESS_TOKEN_HEADER), read.settings);
    if (email === null) {
      return refusal(c, 401, 'UNAUTHORIZED', [
        'Sign in',
        'The console needs a valid Cloudflare Access token; open it through your Access application.',
      ]);
    }
    const role = roleOf(read.settings.users, email);
    if (role === null) {
      return refusal(c, 403, 'FORBIDDEN', [
        'No console role',
        'This account is not in CONSOLE_USERS; ask an administrator for a role.',
      ]);
    }
    c.set('consoleUser', { email, role });
    await next();
  };
}

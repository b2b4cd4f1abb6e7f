/**
 * A console user: the email Cloudflare Access vouched for and the role `CONSOLE_USERS` gives it.
 * @module
 */
import type { ConsoleRole } from '../keys/route-scopes';

/** A console user (`c.var.consoleUser` on `/console*` requests). */
export interface ConsoleUser {
  email: string;
  role: ConsoleRole;
}

/**
 * What the signed-in role may do, from the server's own table (ROLE_GRANTS in
 * worker/keys/route-scopes.ts): the app shows only the actions the API would allow. The API
 * decides anyway; this only spares a button that would answer 403.
 * @module
 */
import {
  CONSOLE_ROLES,
  leastRoleFor,
  roleAtLeast,
  type ConsoleRole,
} from '../worker/keys/route-scopes';

/** The role the shell was served for. */
export function currentRole(): ConsoleRole {
  const role = document
    .querySelector('uc-console')
    ?.getAttribute('user-role') as ConsoleRole | null;
  return role && CONSOLE_ROLES.includes(role) ? role : 'viewer';
}

/**
 * True when the current role may call `method path` (Hono form, under /v1).
 *
 * @example
 * can('POST', '/sessions/:id/refunds');
 */
export function can(method: string, path: string): boolean {
  const least = leastRoleFor(method, path);
  return least !== null && roleAtLeast(currentRole(), least);
}

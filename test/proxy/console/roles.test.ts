// Each console role against each action (docs/console.md, "Roles"): the console's API runs the
// merchant API's handlers, and the role decides before them. The expected least role of each
// action is written here from the roles' definitions, not read from ROLE_GRANTS, so a wrong
// grant fails. Refused: 403 ROLE_FORBIDDEN; allowed: the handler's own answer (ids that name
// nothing, bodies that do not validate: nothing changes either way).
import { afterAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../../../worker/keys/route-scopes';
import { expectNoSecrets } from '../helpers';
import { asRole, codeOf } from './support';

const SESSION = 'cs_00000000000000000000000000000000';
const ENDPOINT = 'we_00000000000000000000000000000000';

/** [method, path, body, least role or null (no role)]. */
const ACTIONS: [string, string, unknown, ConsoleRole | null][] = [
  ['GET', '/sessions?limit=1', undefined, 'viewer'],
  ['GET', `/sessions/${SESSION}`, undefined, 'viewer'],
  ['GET', '/refunds?limit=1', undefined, 'viewer'],
  ['GET', '/payouts?limit=1', undefined, 'viewer'],
  ['GET', '/events?limit=1', undefined, 'viewer'],
  ['GET', '/webhook-endpoints', undefined, 'viewer'],
  ['GET', '/diagnostics', undefined, 'viewer'],
  ['POST', `/sessions/${SESSION}/webhooks/evt_x/resend`, undefined, 'support'],
  ['POST', '/refunds/rf_x/webhooks/evt_x/resend', undefined, 'support'],
  ['POST', '/payouts/po-x/webhooks/evt_x/resend', undefined, 'support'],
  ['POST', `/sessions/${SESSION}/expire`, undefined, 'support'],
  ['POST', `/sessions/${SESSION}/reconcile`, undefined, 'support'],
  ['POST', '/refunds/rf_x/reconcile', undefined, 'support'],
  ['POST', `/sessions/${SESSION}/refunds`, { amount: -1 }, 'finance'],
  ['POST', '/refunds/rf_x/cancel', undefined, 'finance'],
  ['POST', '/payouts', {}, 'finance'],
  ['GET', '/payout-batches/pb_x', undefined, 'viewer'],
  ['POST', '/payout-batches', {}, 'finance'],
  ['POST', '/payout-batches/pb_x/approve', { partial: 1 }, 'finance'],
  ['POST', '/payout-batches/pb_x/cancel', undefined, 'finance'],
  ['POST', '/payout-batches/pb_x/resume', undefined, 'finance'],
  ['POST', '/webhook-endpoints', {}, 'admin'],
  ['PATCH', `/webhook-endpoints/${ENDPOINT}`, {}, 'admin'],
  ['DELETE', `/webhook-endpoints/${ENDPOINT}`, undefined, 'admin'],
  ['POST', `/webhook-endpoints/${ENDPOINT}/roll-secret`, {}, 'admin'],
  ['POST', `/webhook-endpoints/${ENDPOINT}/replay`, {}, 'admin'],
  ['POST', `/sessions/${SESSION}/redact`, undefined, 'admin'],
  ['POST', '/payouts/po-x/redact', undefined, 'admin'],
  // Left to merchant API keys: no console role creates sessions or reindexes.
  ['POST', '/sessions', {}, null],
  ['POST', '/admin/reindex', {}, null],
];

const rank = (role: ConsoleRole) => CONSOLE_ROLES.indexOf(role);

afterAll(() => expectNoSecrets());

describe('console roles × actions', () => {
  it.each(CONSOLE_ROLES.map((role) => [role]))('%s', async (role) => {
    const seen: string[] = [];
    for (const [method, path, body, least] of ACTIONS) {
      const answer = await asRole(role, path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const refused = answer.status === 403 && (await codeOf(answer)) === 'ROLE_FORBIDDEN';
      const allowed = least !== null && rank(role) >= rank(least);
      seen.push(`${method} ${path}: ${refused ? 'refused' : `allowed (${answer.status})`}`);
      expect(refused, `${role} ${method} ${path} (${answer.status})`).toBe(!allowed);
    }
    expect(seen.length).toBe(ACTIONS.length);
  });

  it('refuses a write without X-Console or from another origin (CSRF)', async () => {
    const path = `/sessions/${SESSION}/refunds`;
    const body = JSON.stringify({ amount: 1 });
    const bare = await asRole('admin', path, { method: 'POST', body, csrf: false });
    expect([bare.status, await codeOf(bare)]).toEqual([403, 'FORBIDDEN']);
    const foreign = await asRole('admin', path, {
      method: 'POST',
      body,
      csrf: false,
      headers: { origin: 'https://evil.example', 'x-console': '1' },
    });
    expect([foreign.status, await codeOf(foreign)]).toEqual([403, 'FORBIDDEN']);
  });

  it('honours the development identity only on a loopback Host', async () => {
    const { exports } = await import('cloudflare:workers');
    const answer = await exports.default.fetch(
      new Request('http://console.trycloudflare.com/console/api/v1/sessions', {
        headers: { cookie: 'uc_console_dev=admin' },
      }),
    );
    // Not the dev identity: the Access check, which has no settings here.
    expect([answer.status, await codeOf(answer)]).toEqual([503, 'CONFIG_INVALID']);
  });
});

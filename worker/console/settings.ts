/**
 * The console's settings (docs/console.md): the Cloudflare Access team and application audience
 * whose tokens it accepts, and `CONSOLE_USERS`, which gives each email (or every email of a
 * domain) one role. Read apart from worker/config.ts: a deployment without the console still
 * serves its API; only `/console*` answers 503 naming what is missing.
 * @module
 */
import { CONSOLE_ROLES, type ConsoleRole } from '../keys/route-scopes';
import * as z from 'zod';
import { setting, text } from '../env-vars';
import type { ProxyEnv } from '../env';

/** The console's validated settings. */
export interface ConsoleSettings {
  /** The Access team name (`<team>.cloudflareaccess.com`). */
  team: string;
  /** The Access application's audience tag. */
  aud: string;
  /** Lowercase email or `*@domain` → role. */
  users: ReadonlyMap<string, ConsoleRole>;
}

/** The settings, or what is wrong with them (each problem one sentence naming the setting). */
export type ConsoleSettingsResult =
  { ok: true; settings: ConsoleSettings } | { ok: false; problems: string[] };

/** The settings the console needs, in the order the 503 page names them. */
export const CONSOLE_SETTINGS = [
  'CONSOLE_ACCESS_TEAM',
  'CONSOLE_ACCESS_AUD',
  'CONSOLE_USERS',
] as const;

const TEAM = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const USER = /^(?:[^\s@*]+|\*)@[^\s@]+\.[^\s@]+$/;

/** `CONSOLE_USERS`: a JSON object of email (or `*@domain`) → role. */
const usersSetting = setting((raw, report): ReadonlyMap<string, ConsoleRole> => {
  const users = new Map<string, ConsoleRole>();
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') {
    report('CONSOLE_USERS is not set.');
    return users;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    report('CONSOLE_USERS is not JSON: give an object of email (or *@domain) → role.');
    return users;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    report('CONSOLE_USERS must be a JSON object of email (or *@domain) → role.');
    return users;
  }
  // Problems name an entry by its position, never its email (the 503 page is public).
  Object.entries(value).forEach(([who, role], index) => {
    const entry = `CONSOLE_USERS entry ${index + 1}`;
    if (!USER.test(who)) report(`${entry}: the key is not an email or *@domain.`);
    else if (!CONSOLE_ROLES.includes(role as ConsoleRole)) {
      report(`${entry}: the role must be one of ${CONSOLE_ROLES.join(', ')}.`);
    } else users.set(who.toLowerCase(), role as ConsoleRole);
  });
  return users;
});

/** The console's part of the Worker's env, apart from worker/config.ts's schema (see above). */
const consoleSchema = z
  .object({
    CONSOLE_ACCESS_TEAM: setting((raw, report) => {
      const team = text(raw).toLowerCase();
      if (team === '') report('CONSOLE_ACCESS_TEAM is not set.');
      else if (!TEAM.test(team)) {
        report('CONSOLE_ACCESS_TEAM must be the team name alone (<team>.cloudflareaccess.com).');
      }
      return team;
    }),
    CONSOLE_ACCESS_AUD: setting((raw, report) => {
      const aud = text(raw);
      if (aud === '') report('CONSOLE_ACCESS_AUD is not set.');
      return aud;
    }),
    CONSOLE_USERS: usersSetting,
  })
  .transform((env): ConsoleSettings => ({
    team: env.CONSOLE_ACCESS_TEAM,
    aud: env.CONSOLE_ACCESS_AUD,
    users: env.CONSOLE_USERS,
  }));

/**
 * The console's settings from the env.
 *
 * @example
 * const read = consoleSettings(c.env);
 * if (!read.ok) return notConfigured(c, read.problems);
 */
export function consoleSettings(env: ProxyEnv): ConsoleSettingsResult {
  const parsed = consoleSchema.safeParse(env);
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
}

/**
 * The role `CONSOLE_USERS` gives `email`: its own entry first, then its domain's `*@domain`;
 * null when neither is there.
 *
 * @example
 * roleOf(settings.users, 'ama@shop.example'); // 'finance'
 */
export function roleOf(users: ReadonlyMap<string, ConsoleRole>, email: string): ConsoleRole | null {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  return users.get(address) ?? users.get(`*${address.slice(at)}`) ?? null;
}

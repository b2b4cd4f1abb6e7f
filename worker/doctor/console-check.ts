/**
 * The console check (docs/console.md): are the Cloudflare Access settings of `/console*` there
 * and sound? The console is optional, so its absence is a warning (`/console*` answers 503); a
 * malformed setting fails. Never names an email of `CONSOLE_USERS`, only how many entries.
 * @module
 */
import { consoleSettings } from '../console/settings';
import type { ProxyEnv } from '../env';
import { check, type DoctorCheck } from './report';

/** What the doctor reports about the console's settings. */
export function consoleCheck(env: ProxyEnv): DoctorCheck {
  const unset = !env.CONSOLE_ACCESS_TEAM && !env.CONSOLE_ACCESS_AUD && !env.CONSOLE_USERS;
  if (unset) {
    return check(
      'console',
      'warn',
      'The console is off: /console answers 503 (CONSOLE_ACCESS_TEAM, CONSOLE_ACCESS_AUD and CONSOLE_USERS are unset).',
      'No Cloudflare Access application is configured for the console.',
      'Protect /console* with an Access application, then set the three settings (docs/console.md).',
    );
  }
  const read = consoleSettings(env);
  if (!read.ok) {
    return check(
      'console',
      'fail',
      read.problems.join(' '),
      'A console setting is missing or malformed: /console answers 503.',
      'Set what the message names (docs/console.md, "Settings").',
    );
  }
  return check(
    'console',
    'pass',
    `Console behind Access team ${read.settings.team}, ${read.settings.users.size} CONSOLE_USERS entr${read.settings.users.size === 1 ? 'y' : 'ies'}.`,
  );
}

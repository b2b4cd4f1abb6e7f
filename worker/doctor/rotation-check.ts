/**
 * The rotation check (docs/rotation.md): is an overlap open, and when does it
 * end? An open overlap is a warning (an old secret is still accepted); one that has ended while
 * the previous value is still set is a warning too (delete it). Never names a secret's value.
 * @module
 */
import type { Config } from '../config';
import { ROTATING_SECRETS } from '../secret-rotation';
import { check, type DoctorCheck } from './report';

const DAY_MS = 86_400_000;

/** What the doctor reports about the rotation of `SERVICE_SECRET_KEY` and `MERCHANT_WEBHOOK_SECRET`. */
export function rotationCheck(config: Config, now = Date.now()): DoctorCheck {
  const open: string[] = [];
  const ended: string[] = [];
  for (const name of ROTATING_SECRETS) {
    const previous = config.rotation[name];
    if (previous === null) continue;
    const until = new Date(previous.untilMs).toISOString();
    if (now < previous.untilMs) {
      const days = Math.ceil((previous.untilMs - now) / DAY_MS);
      const what =
        name === 'SERVICE_SECRET_KEY'
          ? 'callbacks verify under the current or the previous upstream secret'
          : 'webhooks carry a signature by the current and one by the previous secret';
      open.push(`${name} overlap open until ${until} (in ${days} day(s)): ${what}.`);
    } else {
      ended.push(`${name} overlap ended at ${until}; ${name}_PREVIOUS is ignored.`);
    }
  }
  if (open.length === 0 && ended.length === 0) {
    return check('secret_rotation', 'pass', 'No rotation in progress: one secret of each kind.');
  }
  if (open.length > 0) {
    return check(
      'secret_rotation',
      'warn',
      [...open, ...ended].join(' '),
      'A rotation is in progress: the previous secret is still accepted until the date shown.',
      'Finish the switch before then (docs/rotation.md), then `npx wrangler secret delete` the *_PREVIOUS and *_PREVIOUS_UNTIL settings.',
    );
  }
  return check(
    'secret_rotation',
    'warn',
    ended.join(' '),
    'The overlap is over but the previous secret is still stored.',
    'Delete it: `npx wrangler secret delete <NAME>_PREVIOUS` and `<NAME>_PREVIOUS_UNTIL`.',
  );
}

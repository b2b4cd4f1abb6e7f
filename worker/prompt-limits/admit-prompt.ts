/**
 * The prompt limits of a new attempt (docs/design.md, "Prompt limits"): per session, from the
 * session's own attempts; per phone, from the phone's `PhoneLimiter` object. A refusal is
 * `RATE_LIMITED` (429) with `details.retry_after` in seconds (the Worker sends it as
 * `Retry-After`) and `details.limit` (`phone` or `session`), which the widget explains.
 * @module
 */
import { isPromptKind, PROMPT_KINDS } from '../../shared/method-kinds';
import type { Config } from '../config';
import { fail, type Outcome } from '../durable/outcome';
import type { ProxyEnv } from '../env';
import type { PurposeKeySource } from '../keys/purpose-keys';
import { e164, phoneMacs, phoneShard } from './phone-key';
import { longestWindow, promptRoom } from './rules';

/** Which limit refused a prompt. */
export type PromptLimit = 'phone' | 'session';

const MESSAGES: Readonly<Record<PromptLimit, string>> = {
  phone: 'Too many payment requests were sent to this phone number; try again later.',
  session: 'Too many payment requests for this checkout; wait a few minutes and retry.',
};

/**
 * The refusal of a prompt by `limit`, due to end in `retryAfterMs`.
 *
 * @example
 * promptRefused('phone', 90_000); // RATE_LIMITED, details { limit: 'phone', retry_after: 90 }
 */
export function promptRefused<T>(limit: PromptLimit, retryAfterMs: number): Outcome<T> {
  return fail('RATE_LIMITED', MESSAGES[limit], {
    limit,
    retry_after: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/**
 * Whether the session may send one more prompt at `now`: its prompt attempts (the kinds of
 * `PROMPT_KINDS`) within the session rules' windows. A read of the attempts table only.
 *
 * @example
 * const refused = sessionPromptRefusal(cx.store.sql, config, 'phone_prompt', Date.now());
 * if (refused) return refused;
 */
export function sessionPromptRefusal<T>(
  sql: SqlStorage,
  config: Pick<Config, 'promptLimits'>,
  kind: string,
  now: number,
): Outcome<T> | null {
  const rules = config.promptLimits.session;
  if (!isPromptKind(kind) || rules.length === 0) return null;
  const times = sql
    .exec<{ created_at: number }>(
      `SELECT created_at FROM attempts WHERE created_at > ? AND kind IN (${PROMPT_KINDS.map(() => '?').join(', ')})`,
      now - longestWindow(rules),
      ...PROMPT_KINDS,
    )
    .toArray()
    .map((row) => row.created_at);
  const room = promptRoom(times, rules, now);
  return room.ok ? null : promptRefused('session', room.retryAfterMs);
}

/**
 * Takes one prompt from the allowance of `mobile` (international digits, already valid for
 * its country) at `now`: counted in the phone's limiter object when every rule has room,
 * refused otherwise. No limit for a kind that sends nothing to the phone.
 *
 * @example
 * const refused = await takePhonePrompt(env, config, 'phone_prompt', '23276123456', Date.now());
 */
export async function takePhonePrompt<T>(
  env: ProxyEnv,
  config: Pick<Config, 'promptLimits'> & PurposeKeySource,
  kind: string,
  mobile: string,
  now: number,
): Promise<Outcome<T> | null> {
  const rules = config.promptLimits.phone;
  if (!isPromptKind(kind) || rules.length === 0) return null;
  const phone = e164(mobile);
  const limiter = env.PHONE_LIMITER.get(env.PHONE_LIMITER.idFromName(await phoneShard(phone)));
  const grant = await limiter.take(await phoneMacs(config, phone), rules, now);
  return grant.ok ? null : promptRefused('phone', grant.retryAfterMs);
}

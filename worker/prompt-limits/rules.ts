/**
 * Prompt limits (docs/design.md, "Prompt limits"): rules of the form "at most N prompts per
 * window", their settings' text form, and the sliding-window check every limiter applies.
 * Pure: the phone limiter object and the session object both use it.
 * @module
 */

/** At most `prompts` prompts within any `windowMs` milliseconds. */
export interface PromptRule {
  readonly prompts: number;
  readonly windowMs: number;
}

/** The default of `PHONE_PROMPT_LIMITS`: 3 prompts per 10 minutes and 10 per day, per phone. */
export const DEFAULT_PHONE_PROMPT_LIMITS = '3/10m,10/1d';

/** The default of `SESSION_PROMPT_LIMITS`: 3 prompts per 10 minutes, per session. */
export const DEFAULT_SESSION_PROMPT_LIMITS = '3/10m';

/** The longest window a rule may have (one day: the phone limiter keeps nothing longer). */
export const MAX_WINDOW_MS = 86_400_000;

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * Parses a limits setting: comma-separated `<prompts>/<window>` rules, the window a whole
 * number with `s`, `m`, `h` or `d` (at most one day); empty or unset gives `fallback`; `off`
 * gives no rule. Throws an Error naming `name` for anything else.
 *
 * @example
 * parsePromptRules('PHONE_PROMPT_LIMITS', '3/10m,10/1d', '');
 * // [{ prompts: 3, windowMs: 600000 }, { prompts: 10, windowMs: 86400000 }]
 */
export function parsePromptRules(name: string, raw: unknown, fallback: string): PromptRule[] {
  const text = raw === undefined || raw === null || raw === '' ? fallback : String(raw).trim();
  if (text.toLowerCase() === 'off') return [];
  return text.split(',').map((part) => {
    const match = /^(\d{1,4})\/(\d{1,5})([smhd])$/.exec(part.trim());
    const prompts = match ? Number(match[1]) : 0;
    const windowMs = match ? Number(match[2]) * UNIT_MS[match[3]!]! : 0;
    if (!match || prompts < 1 || windowMs < 1000 || windowMs > MAX_WINDOW_MS) {
      throw new Error(
        `${name} must be "off" or comma-separated rules like "3/10m,10/1d" ` +
          '(prompts per window in s, m, h or d; windows up to 1d)',
      );
    }
    return { prompts, windowMs };
  });
}

/**
 * Whether one more prompt at `now` keeps every rule, given the times of the earlier prompts;
 * when it does not, how long until it would (the earliest time every rule has room again).
 *
 * @example
 * const rules = [{ prompts: 3, windowMs: 600_000 }];
 * promptRoom([0, 1000, 2000], rules, 3000); // { ok: false, retryAfterMs: 597000 }
 * promptRoom([0, 1000], rules, 3000); // { ok: true }
 */
export function promptRoom(
  times: readonly number[],
  rules: readonly PromptRule[],
  now: number,
): { ok: true } | { ok: false; retryAfterMs: number } {
  let wait = 0;
  const newestFirst = [...times].sort((a, b) => b - a);
  for (const rule of rules) {
    const inWindow = newestFirst.filter((t) => t > now - rule.windowMs);
    if (inWindow.length < rule.prompts) continue;
    // Room returns when the prompt that makes the window full leaves it.
    const blocking = inWindow[rule.prompts - 1]!;
    wait = Math.max(wait, blocking + rule.windowMs - now);
  }
  return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
}

/** The longest window of the rules, in milliseconds (0 for none). */
export function longestWindow(rules: readonly PromptRule[]): number {
  return Math.max(0, ...rules.map((rule) => rule.windowMs));
}

/**
 * The prompt-limit settings (`PHONE_PROMPT_LIMITS`, `SESSION_PROMPT_LIMITS`; docs/design.md,
 * "Configuration"), read by worker/config.ts.
 * @module
 */
import {
  DEFAULT_PHONE_PROMPT_LIMITS,
  DEFAULT_SESSION_PROMPT_LIMITS,
  parsePromptRules,
  type PromptRule,
} from './rules';

/** The prompt limits in force; an empty list means no limit of that kind. */
export interface PromptLimits {
  /** Per payer phone (E.164), across every session and shop of this proxy. */
  readonly phone: readonly PromptRule[];
  /** Per checkout session. */
  readonly session: readonly PromptRule[];
}

/**
 * The prompt limits from the environment; each malformed setting adds one problem (and its
 * default stands).
 *
 * @example
 * promptLimits({}, problems).phone; // [{ prompts: 3, windowMs: 600000 }, { prompts: 10, windowMs: 86400000 }]
 */
export function promptLimits(
  env: { PHONE_PROMPT_LIMITS?: unknown; SESSION_PROMPT_LIMITS?: unknown },
  problems: string[],
): PromptLimits {
  const read = (name: string, raw: unknown, fallback: string): PromptRule[] => {
    try {
      return parsePromptRules(name, raw, fallback);
    } catch (error) {
      problems.push((error as Error).message);
      return parsePromptRules(name, fallback, fallback);
    }
  };
  return {
    phone: read('PHONE_PROMPT_LIMITS', env.PHONE_PROMPT_LIMITS, DEFAULT_PHONE_PROMPT_LIMITS),
    session: read(
      'SESSION_PROMPT_LIMITS',
      env.SESSION_PROMPT_LIMITS,
      DEFAULT_SESSION_PROMPT_LIMITS,
    ),
  };
}

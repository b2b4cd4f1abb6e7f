/**
 * The prompt-limit settings (`PHONE_PROMPT_LIMITS`, `SESSION_PROMPT_LIMITS`;
 * docs/configuration.md), read by worker/config.ts.
 * @module
 */
import {
  DEFAULT_PHONE_PROMPT_LIMITS,
  DEFAULT_SESSION_PROMPT_LIMITS,
  parsePromptRules,
  type PromptRule,
} from './rules';
import { thrownSetting } from '../env-vars';

/** The prompt limits in force; an empty list means no limit of that kind. */
export interface PromptLimits {
  /** Per payer phone (E.164), across every session and shop of this proxy. */
  readonly phone: readonly PromptRule[];
  /** Per checkout session. */
  readonly session: readonly PromptRule[];
}

/** `PHONE_PROMPT_LIMITS`: per payer phone; a malformed value keeps the default. */
export const phonePromptLimitsSetting = rulesSetting(
  'PHONE_PROMPT_LIMITS',
  DEFAULT_PHONE_PROMPT_LIMITS,
);

/** `SESSION_PROMPT_LIMITS`: per checkout session; a malformed value keeps the default. */
export const sessionPromptLimitsSetting = rulesSetting(
  'SESSION_PROMPT_LIMITS',
  DEFAULT_SESSION_PROMPT_LIMITS,
);

function rulesSetting(name: string, fallback: string) {
  return thrownSetting(
    (raw) => parsePromptRules(name, raw, fallback),
    () => parsePromptRules(name, fallback, fallback),
  );
}

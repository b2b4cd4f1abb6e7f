/**
 * Lifetimes of what a payer is given (an OTP, a virtual account) and the proxy's input windows:
 * how long each method kind waits for the payer before a new attempt may start.
 * @module
 */
import type { MethodKind } from './method-kinds';

/** Minutes an NGN virtual account stays open (docs/upstream-api.md, "Limits"). */
export const VIRTUAL_ACCOUNT_TTL_MINUTES = 30;
/** Minutes an OTP stays valid (docs/upstream-api.md, "Limits"). */
export const OTP_TTL_MINUTES = 2;
/** Minutes a payer has to approve a phone prompt before a new attempt may start (the prompt's
 * outcome is still reconciled after that). */
export const PROMPT_INPUT_MINUTES = 3;
/** Minutes a payer has to finish a redirect (wallet or bank page) before a new attempt may start. */
export const REDIRECT_INPUT_MINUTES = 15;

/**
 * How long each method kind waits for the payer's input. The window stops new input only;
 * it never settles money (docs/design.md, "Money rules").
 *
 * @example
 * INPUT_WINDOW_MINUTES.otp_operator; // 2
 */
export const INPUT_WINDOW_MINUTES: Readonly<Record<MethodKind, number>> = {
  phone_prompt: PROMPT_INPUT_MINUTES,
  operator_prompt: PROMPT_INPUT_MINUTES,
  otp_operator: OTP_TTL_MINUTES,
  redirect_wallet: REDIRECT_INPUT_MINUTES,
  bank_eft: REDIRECT_INPUT_MINUTES,
  bank_id: REDIRECT_INPUT_MINUTES,
  virtual_account: VIRTUAL_ACCOUNT_TTL_MINUTES,
};

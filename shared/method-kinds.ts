/**
 * Method kinds: how a payment method collects money, which decides the payer's form and the
 * live step. Zod-free and tiny: the widget imports it.
 * @module
 */

/** How a method collects money, which decides the form and the live step. */
export type MethodKind =
  | 'phone_prompt'
  | 'operator_prompt'
  | 'otp_operator'
  | 'redirect_wallet'
  | 'bank_eft'
  | 'bank_id'
  | 'virtual_account';

/** Every method kind, in the order a payer is shown them. */
export const METHOD_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
  'redirect_wallet',
  'bank_eft',
  'bank_id',
  'virtual_account',
];

/** Method kinds that send the payer to an `authorization_url`. */
export const REDIRECT_KINDS: readonly MethodKind[] = ['redirect_wallet', 'bank_eft', 'bank_id'];

/**
 * True for a method kind (or any stored kind text) that sends the payer to an `authorization_url`.
 *
 * @example
 * isRedirectKind('bank_eft'); // true
 * isRedirectKind('payout'); // false
 */
export function isRedirectKind(kind: string): boolean {
  return REDIRECT_KINDS.some((redirect) => redirect === kind);
}

/** Method kinds that need the payer's phone number. */
export const PHONE_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
  'redirect_wallet',
];

/**
 * Method kinds whose create makes the upstream push something to the payer's phone: a
 * mobile-money approval prompt (`phone_prompt`, `operator_prompt`) or an OTP text message
 * (`otp_operator`). Each such create counts against the prompt limits (docs/design.md, "Prompt
 * limits"). Not counted: `redirect_wallet` (the payer opens the wallet's page themselves),
 * `virtual_account` (its phone is only a detail of the account; nothing is sent to it) and the
 * bank kinds (no phone).
 */
export const PROMPT_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
];

/**
 * True for a method kind whose create pushes a prompt or a code to the payer's phone.
 *
 * @example
 * isPromptKind('otp_operator'); // true
 * isPromptKind('redirect_wallet'); // false
 */
export function isPromptKind(kind: string): boolean {
  return PROMPT_KINDS.some((prompt) => prompt === kind);
}

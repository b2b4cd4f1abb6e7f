/**
 * The NGN issuing banks of sandbox virtual accounts (docs/upstream-api.md, "NGN bank codes":
 * the upstream names the codes only; the bank names are the sandbox's).
 * @module
 */

/** bank_code → bank_name. */
export const SANDBOX_BANKS: Readonly<Record<string, string>> = {
  '17001': 'Sandbox Bank One',
  '17002': 'Sandbox Bank Two',
  '17003': 'Sandbox Bank Three',
};

/**
 * The bank name of a code, if the code is one of the three.
 *
 * @example
 * bankName('17002'); // 'Sandbox Bank Two'
 */
export function bankName(code: string): string | undefined {
  return Object.hasOwn(SANDBOX_BANKS, code) ? SANDBOX_BANKS[code] : undefined;
}

/**
 * The sandbox's settings: its plain vars (all `SANDBOX_*` vars are documented in
 * sandbox/README.md). The ledger and its machine read these; env.ts adds the ledger's own
 * binding, kept apart so that nothing the ledger imports names the ledger class (no circle).
 * @module
 */

/** Every plain setting the sandbox Worker is given. */
export interface SandboxVars {
  /** The integration's public client id callers must send. */
  SANDBOX_CLIENT_ID: string;
  /** The integration's exact, case-sensitive title callers must send as `sender`. */
  SANDBOX_SENDER: string;
  /** The integration's secret key: verifies request signatures and signs callbacks. */
  SANDBOX_SECRET_KEY: string;
  /** Comma-separated caller IPs allowed to make signed calls; `*` allows any. */
  SANDBOX_IP_WHITELIST: string;
  /** How many times faster than real time the sandbox clock runs. */
  SANDBOX_TIME_SCALE: string;
  /** Delay before scripted callbacks, in sandbox milliseconds. */
  SANDBOX_CALLBACK_DELAY_MS: string;
  /** Sandbox minutes test numbers 006–009 wait before settling (default 3). */
  SANDBOX_LATE_SETTLE_MINUTES?: string;
  /** Sandbox minutes an OTP payment token stays valid (default 2, as upstream). */
  SANDBOX_OTP_MINUTES?: string;
  /** Public base URL of the sandbox's browser pages. */
  SANDBOX_PUBLIC_URL: string;
  /** Comma-separated sub-merchant UUIDs the sandbox knows; any other `sub_merchant_id` is "User not found!". */
  SANDBOX_SUB_MERCHANT_IDS?: string;
  /** `sha256` (default) or `hmac-sha256`: the signature scheme (docs/design.md, "Schemes"). */
  SANDBOX_SIGNING_SCHEME?: string;
  /** Catalogue slot overrides (JSON text or a table) enabling every method slot. */
  CATALOGUE?: string | Record<string, unknown>;
}

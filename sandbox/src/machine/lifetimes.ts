/**
 * How long things live in the sandbox, in sandbox minutes, and the one OTP it accepts. The
 * proxy keeps its own input windows (shared/catalogue.ts) on purpose: the sandbox emulates the
 * upstream's clocks, the proxy decides when to stop asking the payer.
 * @module
 */

/** Sandbox minutes an OTP payment token stays valid unless `SANDBOX_OTP_MINUTES` says otherwise. */
export const OTP_VALID_MINUTES = 2;
/** Sandbox minutes a virtual account stays open. */
export const ACCOUNT_VALID_MINUTES = 30;
/** Sandbox minutes a bearer token stays valid. */
export const TOKEN_VALID_MINUTES = 60;
/** The only OTP the sandbox accepts. */
export const SANDBOX_OTP = '000000';

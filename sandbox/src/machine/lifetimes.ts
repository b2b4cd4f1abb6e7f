/**
 * What the sandbox alone decides about time and codes: its bearer-token lifetime (the upstream
 * documents none) and the one OTP it accepts. The upstream's documented lifetimes (OTP 2
 * minutes, virtual account 30 minutes) come from `shared/lifetimes.ts`, the same facts the proxy
 * reads (docs/upstream-api.md, "Limits").
 * @module
 */

/** Sandbox minutes a bearer token stays valid. */
export const TOKEN_VALID_MINUTES = 60;
/** The only OTP the sandbox accepts (docs/upstream-api.md, "Limits"). */
export const SANDBOX_OTP = '000000';

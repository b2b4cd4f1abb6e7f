/**
 * The proxy's bindings, vars and secrets (docs/design.md, "Configuration").
 * @module
 */
import type { CheckoutSession } from './session/checkout-session';
import type { Ledger } from './ledger';
import type { Payout } from './payout';

/** Everything the proxy Worker is bound to. */
export interface ProxyEnv {
  /** Upstream base URL, e.g. `https://api.example.com` (no trailing slash). */
  SERVICE_BASE_URL: string;
  SERVICE_CLIENT_ID: string;
  SERVICE_SENDER: string;
  /** This proxy's public origin; hosted callback and return URLs are built from it. */
  PUBLIC_BASE_URL: string;
  /** Comma-separated origins allowed to call the public checkout API. */
  ALLOWED_ORIGINS: string;
  MERCHANT_WEBHOOK_URL: string;
  SERVICE_PAYOUT_PATH: string;
  /** Optional JSON of catalogue slot overrides: slot id → type, `null`, or `{type, label, badge,
   * color}`. */
  CATALOGUE?: string | Record<string, unknown>;
  /** Optional JSON naming the NGN virtual-account banks: bank code → name. */
  VIRTUAL_ACCOUNT_BANKS?: string | Record<string, unknown>;
  /** `1` enables dev-only routes (demo session creation, webhook receiver, /sandbox forward). */
  DEV_MODE?: string;
  SERVICE_SECRET_KEY: string;
  MERCHANT_API_KEY: string;
  MERCHANT_WEBHOOK_SECRET: string;
  SESSIONS: DurableObjectNamespace<CheckoutSession>;
  /** Callbacks without a session (payouts, payment links, unknown references). */
  LEDGER: DurableObjectNamespace<Ledger>;
  /** One object per payout reference. */
  PAYOUTS: DurableObjectNamespace<Payout>;
  /** Scheme of the balance call's Authorization header (default `Bearer`). */
  SERVICE_AUTH_SCHEME?: string;
  /** Seconds before the first status query of an attempt without a callback (default 30). */
  RECONCILE_DELAY_SECONDS?: string;
  /** Upstream call timeout in ms (default 10000). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Accepted callback timestamp age in seconds; 0 or unset disables the check. */
  CALLBACK_MAX_AGE_SECONDS?: string;
  /** Comma-separated addresses hosted callbacks may come from; empty or unset disables the check. */
  CALLBACK_SOURCE_IPS?: string;
  /** `sha256` (default) or `hmac-sha256`: how requests are signed and callbacks verified. */
  SERVICE_SIGNING_SCHEME?: string;
  /** Hours an unknown outcome is asked about before it becomes needs_review (default 24). */
  RECONCILE_HORIZON_HOURS?: string;
  /** JSON of minutes per method kind the payer has to act (default: OTP 2, prompt 3, redirect
   * 15, virtual account 30). Closes input only; never settles money. */
  INPUT_WINDOWS?: string;
  /** UUID: the `sub_merchant_id` of sessions created without one (marketplaces); unset: none. */
  SERVICE_SUB_MERCHANT_ID?: string;
  /** The shop's name on the hosted page (`/pay/:id`); default `SERVICE_SENDER`. */
  BRAND_NAME?: string;
  /** The shop's logo on the hosted page: an https URL, or a path served by this Worker. */
  BRAND_LOGO_URL?: string;
  /** The hosted page's accent colour, `#rgb` or `#rrggbb` (default `#1d5bd0`). */
  BRAND_COLOR?: string;
  ATTEMPT_LIMITER?: RateLimit;
  ASSETS?: Fetcher;
  /** The query index (D1, migrations/): summary rows and the events feed. */
  INDEX?: D1Database;
  /** Dev and tests: the sandbox Worker. Production: absent, `fetch(SERVICE_BASE_URL)` is used. */
  UPSTREAM?: Fetcher;
}

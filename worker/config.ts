/**
 * The proxy's configuration, validated once per isolate (docs/design.md, "Configuration"). A missing or malformed
 * var or secret yields a CONFIG_INVALID error whose message names every problem.
 * @module
 */
import { applyCatalogueOverrides, type Catalogue } from '../shared/catalogue';
import { parseCatalogueOverrides, parseVirtualAccountBanks } from '../shared/catalogue-settings';
import { NGN_BANKS } from '../shared/countries';
import type { MethodKind } from '../shared/method-kinds';
import * as z from 'zod/mini';
import { CheckoutError } from '../shared/errors';
import type { SigningCredentials, SigningScheme } from '../shared/signing';
import { parseBrand, type Brand } from './brand';
import { promptLimits, type PromptLimits } from './prompt-limits/settings';
import {
  availabilitySettings,
  type AvailabilitySettings,
} from './payment-methods/availability-settings';
import { methodLimits, type MethodLimits } from './payment-methods/limits';
import { devCredentialProblems, isDevMode } from './dev-mode';
import type { ProxyEnv } from './env';
import { envVar, isUrl, numberVar } from './env-vars';
import { inputWindows } from './input-windows';
import { parseMerchantKeys, type MerchantKey } from './keys/merchant-keys';
import required from './required-config.json';
// --- issue #24, parts 3 and 8 (rotation, https, signature alert) ---
import { parseSignatureAlert, type SignatureAlert } from './callback-alert';
import { plainHttpProblems } from './plain-http';
import { parseRotation, type SecretRotation } from './secret-rotation';
// --- end issue #24, parts 3 and 8 ---
import { webhookSecretProblem } from './webhook-secret';
import { endpointSettings, type EndpointSettings } from './webhook-endpoints/endpoint-settings';

export { isDevMode, isLoopbackUrl } from './dev-mode';
export { WEBHOOK_SECRET_MIN_BYTES, webhookSecretProblem } from './webhook-secret';

/** The validated configuration the proxy runs with. */
export interface Config extends EndpointSettings {
  credentials: SigningCredentials;
  /** How long each method kind waits for the payer's input, in ms (`INPUT_WINDOWS` overrides
   * the defaults of shared/catalogue.ts). Input windows never settle money. */
  inputWindowsMs: Readonly<Record<MethodKind, number>>;
  serviceBaseUrl: string;
  /** RELAY_TOKEN: sent as `x-relay-token` on every upstream call when SERVICE_BASE_URL is a
   * fixed-IP relay (relay/relay.mjs); null without one. */
  relayToken: string | null;
  publicBaseUrl: string;
  allowedOrigins: ReadonlySet<string>;
  merchantWebhookUrl: string;
  payoutPath: string;
  catalogue: Catalogue;
  devMode: boolean;
  /** Seconds after a create before the first status query when no callback came. */
  reconcileDelaySeconds: number;
  /** Milliseconds the upstream may take before a call counts as timed out. */
  upstreamTimeoutMs: number;
  /** Accepted age of an inbound callback's timestamp in seconds; 0 disables the check. */
  callbackMaxAgeSeconds: number;
  /** Addresses hosted callbacks may come from (lowercase); empty = any address. */
  callbackSourceIps: ReadonlySet<string>;
  /**
   * How long an unknown outcome (no answer, pending, `000006`) is reconciled before it becomes
   * `needs_review`, in milliseconds (`RECONCILE_HORIZON_HOURS`, default 24 h).
   */
  reconcileHorizonMs: number;
  /**
   * The sub-merchant (UUID, lowercase) of sessions created without a `sub_merchant_id`
   * (`SERVICE_SUB_MERCHANT_ID`); null: such sessions collect for the account itself.
   */
  subMerchantId: string | null;
  /** The shop's name, logo and accent colour on the hosted page (`BRAND_*`, worker/brand.ts). */
  brand: Brand;
  // --- issue #24, parts 3 and 8 ---
  /** The previous upstream and webhook secrets and the end of their overlap
   * (`*_PREVIOUS`, `*_PREVIOUS_UNTIL`; worker/secret-rotation.ts). */
  rotation: SecretRotation;
  /** How many refused callback signatures in how long log a warning and degrade /health
   * (`SIGNATURE_ALERT_*`; worker/callback-alert.ts). */
  signatureAlert: SignatureAlert;
  // --- end issue #24, parts 3 and 8 ---
  /** How long a settled record keeps its personal data, in ms (`RETENTION_DAYS`, default 90;
   * docs/data-retention.md). */
  retentionMs: number;
  /** The merchant API keys (`MERCHANT_API_KEYS`, `MERCHANT_API_KEY`; worker/keys/). */
  merchantKeys: readonly MerchantKey[];
  // --- prompt limits (issue #24, part 5; worker/prompt-limits/) ---
  /** Prompts per payer phone and per session (`PHONE_PROMPT_LIMITS`, `SESSION_PROMPT_LIMITS`). */
  promptLimits: PromptLimits;
  // --- end prompt limits ---
  // --- payment methods (issue 27; worker/payment-methods/) ---
  /** Amount range per method slot (`METHOD_LIMITS` over the documented defaults). */
  methodLimits: MethodLimits;
  /** How availability is computed, and the manual overrides (`METHOD_AVAILABILITY`,
   * `METHOD_STATUS`). */
  availability: AvailabilitySettings;
  // --- end payment methods ---
  /** Rows of one payout batch sent side by side (`PAYOUT_BATCH_CONCURRENCY`, default 10). */
  payoutBatchConcurrency: number;
}

/** The signature schemes `SERVICE_SIGNING_SCHEME` accepts (the first is the default). */
export const SIGNING_SCHEMES: readonly SigningScheme[] = ['sha256', 'hmac-sha256'];

/** Default of `RETENTION_DAYS` (docs/data-retention.md). */
export const DEFAULT_RETENTION_DAYS = 90;

/** Default of `PAYOUT_BATCH_CONCURRENCY`. */
export const DEFAULT_PAYOUT_BATCH_CONCURRENCY = 10;

/** Default of `RECONCILE_HORIZON_HOURS`. */
export const DEFAULT_RECONCILE_HORIZON_HOURS = 24;

/** The secrets that must be set (`wrangler secret put …`); shared with `npm run deploy`. */
export const REQUIRED_SECRETS: readonly string[] = required.secrets;

/** The vars that must be set; shared with `npm run deploy`. */
export const REQUIRED_VARS: readonly string[] = required.vars;

const cache = new WeakMap<object, Config>();

// --- hardening: development mode, https, webhook secret (issue #14) ---------------------------

/** The hardening checks of {@link loadConfig}: each problem is one sentence. */
function hardeningProblems(env: ProxyEnv, devMode: boolean): string[] {
  const problems: string[] = [];
  const webhook = webhookSecretProblem(env.MERCHANT_WEBHOOK_SECRET);
  if (webhook) problems.push(webhook);
  const publicBase = env.PUBLIC_BASE_URL;
  if (!devMode && typeof publicBase === 'string' && isUrl(publicBase)) {
    if (new URL(publicBase).protocol !== 'https:') {
      problems.push(
        'PUBLIC_BASE_URL must be an https:// URL (the payment service calls back to it); ' +
          'http is allowed only in development mode',
      );
    }
  }
  return problems;
}

// --- end hardening -----------------------------------------------------------------------------

// --- keys: merchant API keys, development credentials (issue #24) ------------------------------

/**
 * The problems of the keys checks of {@link loadConfig}: outside development mode, no secret may
 * hold a development credential (worker/dev-mode.ts); the merchant API keys must parse, and
 * carry 128 bits each outside development mode.
 */
function keysProblems(
  env: ProxyEnv,
  devMode: boolean,
): { keys: MerchantKey[]; problems: string[] } {
  const problems = devMode ? [] : devCredentialProblems(env);
  const parsed = parseMerchantKeys(env, devMode);
  return { keys: parsed.keys, problems: [...problems, ...parsed.problems] };
}

// --- end keys ----------------------------------------------------------------------------------

/**
 * Validates the environment and returns the configuration, cached per env object.
 * Throws a CheckoutError('CONFIG_INVALID') naming every missing or malformed setting.
 *
 * @example
 * const config = loadConfig(c.env);
 * config.catalogue.method(1, 'send money');
 */
export function loadConfig(env: ProxyEnv): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const problems: string[] = [];
  const read = (name: string): unknown => envVar(env, name);
  for (const name of [...REQUIRED_VARS, ...REQUIRED_SECRETS]) {
    const value = read(name);
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} is not set`);
  }
  for (const name of ['SERVICE_BASE_URL', 'PUBLIC_BASE_URL', 'MERCHANT_WEBHOOK_URL'] as const) {
    const value = read(name);
    if (typeof value === 'string' && value !== '' && !isUrl(value)) {
      problems.push(`${name} must be an absolute http(s) URL`);
    }
  }
  const payoutPath = String(read('SERVICE_PAYOUT_PATH') ?? '');
  if (payoutPath !== '' && !payoutPath.startsWith('/')) {
    problems.push('SERVICE_PAYOUT_PATH must start with /');
  }
  let banks = NGN_BANKS;
  try {
    banks = parseVirtualAccountBanks(env.VIRTUAL_ACCOUNT_BANKS);
  } catch (error) {
    problems.push((error as Error).message);
  }
  let catalogue = applyCatalogueOverrides({}, banks);
  try {
    catalogue = applyCatalogueOverrides(parseCatalogueOverrides(env.CATALOGUE), banks);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const origins = String(read('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!isUrl(origin) || new URL(origin).origin !== origin) {
      problems.push(
        `ALLOWED_ORIGINS entry "${origin}" must be an origin like https://shop.example`,
      );
    }
  }
  const reconcileDelaySeconds = numberVar(env, 'RECONCILE_DELAY_SECONDS', 30, problems);
  const upstreamTimeoutMs = numberVar(env, 'UPSTREAM_TIMEOUT_MS', 10_000, problems);
  const callbackMaxAgeSeconds = numberVar(env, 'CALLBACK_MAX_AGE_SECONDS', 0, problems);
  const devMode = isDevMode(env); // hardening (issue #14)
  problems.push(...hardeningProblems(env, devMode)); // hardening (issue #14)
  const { keys: merchantKeys, problems: keyProblems } = keysProblems(env, devMode); // keys (#24)
  problems.push(...keyProblems); // keys (issue #24)
  const callbackSourceIps = String(read('CALLBACK_SOURCE_IPS') ?? '')
    .split(',')
    .map((ip) => ip.trim().toLowerCase())
    .filter(Boolean);
  for (const ip of callbackSourceIps) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)$/.test(ip)) {
      problems.push(`CALLBACK_SOURCE_IPS entry "${ip}" must be an IPv4 or IPv6 address`);
    }
  }
  const rawScheme = read('SERVICE_SIGNING_SCHEME');
  let scheme: SigningScheme = 'sha256';
  if (rawScheme !== undefined && rawScheme !== '') {
    if (typeof rawScheme === 'string' && (SIGNING_SCHEMES as string[]).includes(rawScheme)) {
      scheme = rawScheme as SigningScheme;
    } else {
      problems.push(`SERVICE_SIGNING_SCHEME must be one of ${SIGNING_SCHEMES.join(', ')}`);
    }
  }
  const horizonHours = numberVar(
    env,
    'RECONCILE_HORIZON_HOURS',
    DEFAULT_RECONCILE_HORIZON_HOURS,
    problems,
  );
  if (horizonHours === 0) problems.push('RECONCILE_HORIZON_HOURS must be greater than 0');
  const inputWindowsMs = inputWindows(read('INPUT_WINDOWS'), problems);
  const retentionDays = numberVar(env, 'RETENTION_DAYS', DEFAULT_RETENTION_DAYS, problems);
  if (retentionDays === 0) problems.push('RETENTION_DAYS must be greater than 0');
  const rawSubMerchant = read('SERVICE_SUB_MERCHANT_ID');
  let subMerchantId: string | null = null;
  if (rawSubMerchant !== undefined && rawSubMerchant !== '') {
    const uuid = z.safeParse(z.uuid(), rawSubMerchant);
    if (uuid.success) {
      subMerchantId = uuid.data.toLowerCase();
    } else {
      problems.push(
        'SERVICE_SUB_MERCHANT_ID must be a UUID (the default sub_merchant_id of collections)',
      );
    }
  }
  const { brand, problems: brandProblems } = parseBrand(
    env,
    String(read('PUBLIC_BASE_URL') ?? '').replace(/\/+$/, ''),
  );
  problems.push(...brandProblems);
  // --- issue #24, parts 3 and 8 ---
  problems.push(...plainHttpProblems(env, devMode));
  const { rotation, problems: rotationProblems } = parseRotation(env, webhookSecretProblem);
  problems.push(...rotationProblems);
  const { alert: signatureAlert, problems: alertProblems } = parseSignatureAlert(env);
  problems.push(...alertProblems);
  // --- end issue #24, parts 3 and 8 ---
  const limits = promptLimits(env, problems); // prompt limits (issue #24, part 5)
  const methodRanges = methodLimits(read('METHOD_LIMITS'), problems); // payment methods (issue 27)
  const availability = availabilitySettings(env, problems); // payment methods (issue 27)
  const endpoints = endpointSettings(env, devMode, problems); // webhook endpoints' addresses, replays
  const payoutBatchConcurrency = numberVar(
    env,
    'PAYOUT_BATCH_CONCURRENCY',
    DEFAULT_PAYOUT_BATCH_CONCURRENCY,
    problems,
    { positive: true, whole: true },
  );
  if (problems.length > 0) {
    throw new CheckoutError(
      'CONFIG_INVALID',
      `The proxy is not configured: ${problems.join('; ')}.`,
    );
  }
  const config: Config = {
    credentials: {
      clientId: env.SERVICE_CLIENT_ID,
      sender: env.SERVICE_SENDER,
      secretKey: env.SERVICE_SECRET_KEY,
      scheme,
    },
    serviceBaseUrl: env.SERVICE_BASE_URL.replace(/\/+$/, ''),
    relayToken: env.RELAY_TOKEN || null,
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    allowedOrigins: new Set(origins),
    merchantWebhookUrl: env.MERCHANT_WEBHOOK_URL,
    payoutPath,
    catalogue,
    devMode, // hardening (issue #14): DEV_MODE=1 and the development secrets
    reconcileDelaySeconds,
    upstreamTimeoutMs,
    callbackMaxAgeSeconds,
    callbackSourceIps: new Set(callbackSourceIps),
    reconcileHorizonMs: horizonHours * 3_600_000,
    inputWindowsMs,
    subMerchantId,
    brand,
    rotation, // issue #24, part 3
    signatureAlert, // issue #24, part 8
    retentionMs: retentionDays * 86_400_000,
    merchantKeys, // keys (issue #24)
    promptLimits: limits, // prompt limits (issue #24, part 5)
    methodLimits: methodRanges, // payment methods (issue 27)
    availability, // payment methods (issue 27)
    payoutBatchConcurrency,
    ...endpoints,
  };
  cache.set(env, config);
  return config;
}

/**
 * The proxy's configuration: one zod schema of the Worker's env, every var and secret it reads
 * (docs/configuration.md), validated once per isolate. Each setting's schema lives with the
 * module that uses it; the rules that tie settings together (development mode, https, the
 * keys, the rotation, the brand's logo) are the schema's last check. A missing or malformed
 * setting yields a CONFIG_INVALID error whose message names every problem.
 * @module
 */
import * as z from 'zod';
import { applyCatalogueOverrides, type Catalogue } from '../shared/catalogue';
import { parseCatalogueOverrides, parseVirtualAccountBanks } from '../shared/catalogue-settings';
import { NGN_BANKS } from '../shared/countries';
import type { MethodKind } from '../shared/method-kinds';
import { CheckoutError } from '../shared/errors';
import type { SigningCredentials, SigningScheme } from '../shared/signing';
import { readBrand, type Brand } from './brand';
import { alertFailuresSetting, alertMinutesSetting, type SignatureAlert } from './callback-alert';
import { devCredentialCheck, isDevMode } from './dev-mode';
import type { ProxyEnv } from './env';
import {
  isUrl,
  numberSetting,
  requiredSetting,
  setting,
  thrownSetting,
  urlSetting,
  type Report,
} from './env-vars';
import { inputWindowsSetting } from './input-windows';
import { parseMerchantKeys, type MerchantKey } from './keys/merchant-keys';
import {
  availabilityRuleSetting,
  methodStatusSetting,
  type AvailabilitySettings,
} from './payment-methods/availability-settings';
import { methodLimitsSetting, type MethodLimits } from './payment-methods/limits';
import { plainHttpCheck } from './plain-http';
import {
  phonePromptLimitsSetting,
  sessionPromptLimitsSetting,
  type PromptLimits,
} from './prompt-limits/settings';
import required from './required-config.json';
import { readRotation, type SecretRotation } from './secret-rotation';
import {
  allowedPortsSetting,
  endpointZeroCheck,
  replayDailyLimitSetting,
  type EndpointSettings,
} from './webhook-endpoints/endpoint-settings';
import { webhookSecretProblem } from './webhook-secret';

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
  /** The previous upstream and webhook secrets and the end of their overlap
   * (`*_PREVIOUS`, `*_PREVIOUS_UNTIL`; worker/secret-rotation.ts). */
  rotation: SecretRotation;
  /** How many refused callback signatures in how long log a warning and degrade /health
   * (`SIGNATURE_ALERT_*`; worker/callback-alert.ts). */
  signatureAlert: SignatureAlert;
  /** How long a settled record keeps its personal data, in ms (`RETENTION_DAYS`, default 90;
   * docs/data-retention.md). */
  retentionMs: number;
  /** The merchant API keys (`MERCHANT_API_KEYS`, `MERCHANT_API_KEY`; worker/keys/). */
  merchantKeys: readonly MerchantKey[];
  /** Prompts per payer phone and per session (`PHONE_PROMPT_LIMITS`, `SESSION_PROMPT_LIMITS`;
   * worker/prompt-limits/). */
  promptLimits: PromptLimits;
  /** Amount range per method slot (`METHOD_LIMITS` over the documented defaults;
   * worker/payment-methods/). */
  methodLimits: MethodLimits;
  /** How availability is computed, and the manual overrides (`METHOD_AVAILABILITY`,
   * `METHOD_STATUS`). */
  availability: AvailabilitySettings;
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

/** A comma-separated list, each entry trimmed, blanks dropped. */
const list = (raw: unknown): string[] =>
  String(raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** `ALLOWED_ORIGINS`: the origins the widget may be embedded on. */
const originsSetting = setting((raw, report): ReadonlySet<string> => {
  if (typeof raw !== 'string' || raw.trim() === '') report('ALLOWED_ORIGINS is not set');
  const origins = list(raw);
  for (const origin of origins) {
    if (!isUrl(origin) || new URL(origin).origin !== origin) {
      report(`ALLOWED_ORIGINS entry "${origin}" must be an origin like https://shop.example`);
    }
  }
  return new Set(origins);
});

/** `CALLBACK_SOURCE_IPS`: the addresses hosted callbacks may come from, lowercase. */
const sourceIpsSetting = setting((raw, report): ReadonlySet<string> => {
  const ips = list(raw).map((ip) => ip.toLowerCase());
  for (const ip of ips) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)$/.test(ip)) {
      report(`CALLBACK_SOURCE_IPS entry "${ip}" must be an IPv4 or IPv6 address`);
    }
  }
  return new Set(ips);
});

/** `SERVICE_SIGNING_SCHEME`: one of {@link SIGNING_SCHEMES}, the first by default. */
const schemeSetting = setting((raw, report): SigningScheme => {
  if (raw === undefined || raw === '') return SIGNING_SCHEMES[0]!;
  if (typeof raw === 'string' && (SIGNING_SCHEMES as string[]).includes(raw)) {
    return raw as SigningScheme;
  }
  report(`SERVICE_SIGNING_SCHEME must be one of ${SIGNING_SCHEMES.join(', ')}`);
  return SIGNING_SCHEMES[0]!;
});

/** `SERVICE_SUB_MERCHANT_ID`: a UUID, lowercase; null when unset. */
const subMerchantSetting = setting((raw, report): string | null => {
  if (raw === undefined || raw === '') return null;
  const uuid = z.uuid().safeParse(raw);
  if (uuid.success) return uuid.data.toLowerCase();
  report('SERVICE_SUB_MERCHANT_ID must be a UUID (the default sub_merchant_id of collections)');
  return null;
});

/** A number setting that must also be greater than 0. */
const aboveZero = (name: string, fallback: number) =>
  numberSetting(name, fallback).refine((value) => value > 0, `${name} must be greater than 0`);

/** Read as they are: the rules of {@link crossChecks} judge them against other settings. */
const raw = z.optional(z.unknown());

/**
 * The one schema of the Worker's env: every var and secret the proxy's configuration reads.
 * The required ones are worker/required-config.json's (shared with `npm run deploy`).
 */
const settingsSchema = z.object({
  SERVICE_BASE_URL: urlSetting('SERVICE_BASE_URL'),
  SERVICE_CLIENT_ID: requiredSetting('SERVICE_CLIENT_ID'),
  SERVICE_SENDER: requiredSetting('SERVICE_SENDER'),
  SERVICE_SECRET_KEY: requiredSetting('SERVICE_SECRET_KEY'),
  SERVICE_PAYOUT_PATH: requiredSetting('SERVICE_PAYOUT_PATH', (path, report) => {
    if (!path.startsWith('/')) report('SERVICE_PAYOUT_PATH must start with /');
  }),
  SERVICE_SIGNING_SCHEME: schemeSetting,
  SERVICE_SUB_MERCHANT_ID: subMerchantSetting,
  PUBLIC_BASE_URL: urlSetting('PUBLIC_BASE_URL'),
  ALLOWED_ORIGINS: originsSetting,
  MERCHANT_WEBHOOK_URL: urlSetting('MERCHANT_WEBHOOK_URL'),
  MERCHANT_WEBHOOK_SECRET: requiredSetting('MERCHANT_WEBHOOK_SECRET', (secret, report) => {
    const problem = webhookSecretProblem(secret);
    if (problem) report(problem);
  }),
  MERCHANT_API_KEYS: raw,
  MERCHANT_API_KEY: raw,
  SERVICE_SECRET_KEY_PREVIOUS: raw,
  SERVICE_SECRET_KEY_PREVIOUS_UNTIL: raw,
  MERCHANT_WEBHOOK_SECRET_PREVIOUS: raw,
  MERCHANT_WEBHOOK_SECRET_PREVIOUS_UNTIL: raw,
  DEV_MODE: raw,
  RELAY_TOKEN: setting((value) => (typeof value === 'string' && value !== '' ? value : null)),
  VIRTUAL_ACCOUNT_BANKS: thrownSetting(parseVirtualAccountBanks, () => NGN_BANKS),
  CATALOGUE: thrownSetting(parseCatalogueOverrides, () => ({})),
  RECONCILE_DELAY_SECONDS: numberSetting('RECONCILE_DELAY_SECONDS', 30),
  RECONCILE_HORIZON_HOURS: aboveZero('RECONCILE_HORIZON_HOURS', DEFAULT_RECONCILE_HORIZON_HOURS),
  UPSTREAM_TIMEOUT_MS: numberSetting('UPSTREAM_TIMEOUT_MS', 10_000),
  CALLBACK_MAX_AGE_SECONDS: numberSetting('CALLBACK_MAX_AGE_SECONDS', 0),
  CALLBACK_SOURCE_IPS: sourceIpsSetting,
  INPUT_WINDOWS: inputWindowsSetting,
  RETENTION_DAYS: aboveZero('RETENTION_DAYS', DEFAULT_RETENTION_DAYS),
  BRAND_NAME: raw,
  BRAND_LOGO_URL: raw,
  BRAND_COLOR: raw,
  SIGNATURE_ALERT_FAILURES: alertFailuresSetting,
  SIGNATURE_ALERT_MINUTES: alertMinutesSetting,
  PHONE_PROMPT_LIMITS: phonePromptLimitsSetting,
  SESSION_PROMPT_LIMITS: sessionPromptLimitsSetting,
  METHOD_LIMITS: methodLimitsSetting,
  METHOD_AVAILABILITY: availabilityRuleSetting,
  METHOD_STATUS: methodStatusSetting,
  WEBHOOK_ALLOWED_PORTS: allowedPortsSetting,
  WEBHOOK_REPLAY_DAILY_LIMIT: replayDailyLimitSetting,
  PAYOUT_BATCH_CONCURRENCY: numberSetting(
    'PAYOUT_BATCH_CONCURRENCY',
    DEFAULT_PAYOUT_BATCH_CONCURRENCY,
    { positive: true, whole: true },
  ),
});

/** Every setting as its own schema reads it. */
type Settings = z.output<typeof settingsSchema>;

/**
 * The rules that tie settings together, each problem reported: outside development mode no
 * secret holds a development credential and every URL is https; the merchant keys (whose
 * strength depends on the mode), the rotation's previous secrets (set against the current
 * ones), the brand (its logo may be a path under PUBLIC_BASE_URL) and endpoint zero (under
 * WEBHOOK_ALLOWED_PORTS).
 */
function crossChecks(settings: Settings, report: Report) {
  const devMode = isDevMode(settings);
  if (!devMode) devCredentialCheck(settings, report);
  plainHttpCheck(settings, devMode, report);
  const { keys } = parseMerchantKeys(settings, devMode, report);
  const rotation = readRotation(settings, report);
  const publicBaseUrl = settings.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const brand = readBrand(settings, publicBaseUrl, report);
  endpointZeroCheck(settings.MERCHANT_WEBHOOK_URL, devMode, settings.WEBHOOK_ALLOWED_PORTS, report);
  return { devMode, merchantKeys: keys, rotation, brand };
}

/** The configuration of settings that validated. */
function toConfig(s: Settings): Config {
  // Validated by the check before: nothing is left to report.
  const { devMode, merchantKeys, rotation, brand } = crossChecks(s, () => {});
  return {
    credentials: {
      clientId: s.SERVICE_CLIENT_ID,
      sender: s.SERVICE_SENDER,
      secretKey: s.SERVICE_SECRET_KEY,
      scheme: s.SERVICE_SIGNING_SCHEME,
    },
    serviceBaseUrl: s.SERVICE_BASE_URL.replace(/\/+$/, ''),
    relayToken: s.RELAY_TOKEN,
    publicBaseUrl: s.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    allowedOrigins: s.ALLOWED_ORIGINS,
    merchantWebhookUrl: s.MERCHANT_WEBHOOK_URL,
    payoutPath: s.SERVICE_PAYOUT_PATH,
    catalogue: applyCatalogueOverrides(s.CATALOGUE, s.VIRTUAL_ACCOUNT_BANKS),
    devMode,
    reconcileDelaySeconds: s.RECONCILE_DELAY_SECONDS,
    upstreamTimeoutMs: s.UPSTREAM_TIMEOUT_MS,
    callbackMaxAgeSeconds: s.CALLBACK_MAX_AGE_SECONDS,
    callbackSourceIps: s.CALLBACK_SOURCE_IPS,
    reconcileHorizonMs: s.RECONCILE_HORIZON_HOURS * 3_600_000,
    inputWindowsMs: s.INPUT_WINDOWS,
    subMerchantId: s.SERVICE_SUB_MERCHANT_ID,
    brand,
    rotation,
    signatureAlert: {
      failures: s.SIGNATURE_ALERT_FAILURES,
      windowMs: Math.round(s.SIGNATURE_ALERT_MINUTES * 60_000),
    },
    retentionMs: s.RETENTION_DAYS * 86_400_000,
    merchantKeys,
    promptLimits: { phone: s.PHONE_PROMPT_LIMITS, session: s.SESSION_PROMPT_LIMITS },
    methodLimits: s.METHOD_LIMITS,
    availability: { rule: s.METHOD_AVAILABILITY, overrides: s.METHOD_STATUS },
    payoutBatchConcurrency: s.PAYOUT_BATCH_CONCURRENCY,
    webhookAllowedPorts: s.WEBHOOK_ALLOWED_PORTS,
    replayDailyLimit: s.WEBHOOK_REPLAY_DAILY_LIMIT,
  };
}

/**
 * The schema of the Worker's env: each setting, then the rules across settings (run even when
 * a setting failed, so the message names every problem), then the configuration.
 */
export const envSchema = settingsSchema
  .check(
    z.superRefine(
      (settings, ctx) => {
        crossChecks(settings, (message) => ctx.addIssue({ code: 'custom', message }));
      },
      { when: () => true },
    ),
  )
  .transform(toConfig);

const cache = new WeakMap<object, Config>();

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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message);
    throw new CheckoutError(
      'CONFIG_INVALID',
      `The proxy is not configured: ${problems.join('; ')}.`,
    );
  }
  cache.set(env, parsed.data);
  return parsed.data;
}

/**
 * The doctor: checks a deployment against the payment service it is configured for, before it
 * goes live. Used by `GET /v1/diagnostics` (worker/routes/diagnostics.ts) and, through that
 * route, by `npm run doctor` (scripts/doctor.mjs). Each check says what it found and, when it
 * fails, the most likely cause and the fix. Nothing here logs or returns a secret.
 * @module
 */
import { signEnvelope, type SigningCredentials, type SigningScheme } from '../../shared/signing';
import { loadConfig, type Config } from '../config';
import type { ProxyEnv } from '../env';
import { callUpstream } from '../upstream';

/** The outcome of one check. */
export interface DoctorCheck {
  id: 'config' | 'credentials' | 'signature' | 'callback_url' | 'merchant_webhook';
  title: string;
  status: 'pass' | 'warn' | 'fail' | 'skip';
  /** What the check saw, in one or two sentences. */
  found: string;
  /** When not passed: the most likely cause. */
  cause?: string;
  /** When not passed: what to do. */
  fix?: string;
}

/** The doctor's report. */
export interface DoctorReport {
  ok: boolean;
  mode: 'development' | 'production';
  upstream: string;
  checked_at: string;
  checks: DoctorCheck[];
}

/** Path of the upstream's status query (spec: POST /api/v3/get-unified-transaction-status). */
export const STATUS_PATH = '/api/v3/get-unified-transaction-status';
/** Path of the upstream's token endpoint. */
export const TOKEN_PATH = '/api/integration/get-token';
/** How long one probe may take. */
export const PROBE_TIMEOUT_MS = 8_000;

const README_WHITELIST = 'see README, "IP whitelisting"';

const TITLES: Record<DoctorCheck['id'], string> = {
  config: 'Configuration validates',
  credentials: 'get-token accepts SERVICE_CLIENT_ID and SERVICE_SECRET_KEY',
  signature: 'A signed status query is verified (signature scheme, sender, IP whitelist)',
  callback_url: 'PUBLIC_BASE_URL is https and /hooks/collections answers',
  merchant_webhook: 'MERCHANT_WEBHOOK_URL answers',
};

const check = (
  id: DoctorCheck['id'],
  status: DoctorCheck['status'],
  found: string,
  cause?: string,
  fix?: string,
): DoctorCheck => ({
  id,
  title: TITLES[id],
  status,
  found,
  ...(cause ? { cause } : {}),
  ...(fix ? { fix } : {}),
});

/** One raw answer of a probe: what the doctor reports needs status and headers, which
 * callUpstream (built for the payment flow) folds into its four outcomes. */
interface Probe {
  status: number | null;
  message: string;
  /** The sandbox's precise refusal reason (`X-Sandbox-Reason`); absent upstream. */
  reason: string | null;
  error?: string;
}

async function readProbe(response: Response): Promise<Probe> {
  const text = await response.text();
  let message = '';
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    const raw = body.message ?? body.error?.message;
    if (typeof raw === 'string') message = raw;
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    message: message.slice(0, 200),
    reason: response.headers.get('x-sandbox-reason'),
  };
}

async function signedStatusQuery(
  env: ProxyEnv,
  config: Config,
  credentials: SigningCredentials,
  reference: string,
): Promise<Probe> {
  const body = JSON.stringify(await signEnvelope({ id: reference, type: 'payin' }, credentials));
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  };
  const url = config.serviceBaseUrl + STATUS_PATH;
  try {
    const response = env.UPSTREAM ? await env.UPSTREAM.fetch(url, init) : await fetch(url, init);
    return await readProbe(response);
  } catch (error) {
    return { status: null, message: '', reason: null, error: (error as Error).name };
  }
}

async function probeUrl(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<Probe> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'unified-checkout-doctor',
        ...headers,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return await readProbe(response);
  } catch (error) {
    return { status: null, message: '', reason: null, error: (error as Error).name } as Probe;
  }
}

async function credentialsCheck(env: ProxyEnv, config: Config): Promise<DoctorCheck> {
  const result = await callUpstream(env, config, TOKEN_PATH, {
    json: { client_id: config.credentials.clientId, secret_key: config.credentials.secretKey },
  });
  if (result.kind === 'ok') {
    const token = (result.body.data as { token?: unknown } | undefined)?.token;
    if (typeof token === 'string' && token !== '') {
      return check(
        'credentials',
        'pass',
        `get-token issued a token for client_id "${config.credentials.clientId}".`,
      );
    }
    return check(
      'credentials',
      'fail',
      'get-token answered success without a token.',
      'SERVICE_BASE_URL may point at something other than the payment service.',
      'Check SERVICE_BASE_URL against the base address your account manager gave you.',
    );
  }
  if (result.kind === 'rejected') {
    return check(
      'credentials',
      'fail',
      `get-token refused the credentials (HTTP ${result.status}: "${result.message}").`,
      'SERVICE_CLIENT_ID or SERVICE_SECRET_KEY is wrong, or they belong to the other environment (sandbox keys against the live service, or the reverse).',
      'Copy the client id into SERVICE_CLIENT_ID (wrangler.toml) and the secret with `npx wrangler secret put SERVICE_SECRET_KEY`.',
    );
  }
  return unreachable(
    'credentials',
    config,
    result.kind === 'timeout' ? 'no answer in time' : result.reason,
  );
}

function unreachable(id: DoctorCheck['id'], config: Config, what: string): DoctorCheck {
  return check(
    id,
    'fail',
    `The payment service at ${config.serviceBaseUrl} did not answer usefully (${what}).`,
    'SERVICE_BASE_URL is wrong, or the service is down.',
    'Check SERVICE_BASE_URL (https, no path) and retry; the service status page may help.',
  );
}

async function signatureCheck(
  env: ProxyEnv,
  config: Config,
  credentialsPassed: boolean,
): Promise<DoctorCheck> {
  const reference = `doctor-${crypto.randomUUID()}`;
  const ours: SigningScheme = config.credentials.scheme ?? 'sha256';
  const probe = await signedStatusQuery(env, config, config.credentials, reference);
  const said = `HTTP ${probe.status}${probe.message ? `: "${probe.message}"` : ''}`;
  if (probe.status === 400) {
    return check(
      'signature',
      'pass',
      `A status query for a reference that does not exist answered ${said} ("not created"): the ${ours} signature, the sender "${config.credentials.sender}" and this Worker's address are accepted.`,
    );
  }
  if (probe.status !== null && probe.status >= 200 && probe.status < 300) {
    return check('signature', 'pass', `A signed status query was accepted (${said}).`);
  }
  if (probe.status !== 403) {
    return unreachable(
      'signature',
      config,
      probe.status === null ? (probe.error ?? 'network error') : said,
    );
  }
  const found = `A signed status query answered ${said}${probe.reason ? ` (the sandbox says: ${probe.reason})` : ''}.`;
  if (/whitelist/i.test(`${probe.message} ${probe.reason ?? ''}`)) {
    return check(
      'signature',
      'fail',
      found,
      "403 not verified: this Worker's egress address is not whitelisted by the payment service.",
      `Ask the payment service to whitelist the addresses your Worker calls from (${README_WHITELIST}).`,
    );
  }
  if (!credentialsPassed) {
    return check(
      'signature',
      'fail',
      found,
      'The secret key is wrong (get-token refused it too), so no signature can verify.',
      'Fix SERVICE_SECRET_KEY and SERVICE_CLIENT_ID first (see the check above).',
    );
  }
  // The secret is right (get-token took it): try the other scheme once to pin the cause.
  const other: SigningScheme = ours === 'sha256' ? 'hmac-sha256' : 'sha256';
  const retry = await signedStatusQuery(
    env,
    config,
    { ...config.credentials, scheme: other },
    reference,
  );
  if (retry.status === 400 || (retry.status !== null && retry.status < 300)) {
    return check(
      'signature',
      'fail',
      `${found} The same query signed with ${other} was accepted.`,
      `Signature scheme mismatch: the service verifies ${other}, this proxy signs ${ours}.`,
      `Set SERVICE_SIGNING_SCHEME = "${other}" in wrangler.toml and deploy again.`,
    );
  }
  if (/sender/i.test(probe.reason ?? '')) {
    return check(
      'signature',
      'fail',
      found,
      `SERVICE_SENDER "${config.credentials.sender}" is not the sender registered for this integration.`,
      'Copy the sender name exactly (case and spaces count) into SERVICE_SENDER in wrangler.toml.',
    );
  }
  return check(
    'signature',
    'fail',
    found,
    `403 not verified although get-token accepted the secret: is this Worker's egress address whitelisted (${README_WHITELIST})? Otherwise SERVICE_SENDER "${config.credentials.sender}" differs from the sender registered for this integration.`,
    'Ask the payment service to whitelist your egress addresses, and compare SERVICE_SENDER with the registered sender character by character.',
  );
}

/** Our hooks refuse an unsigned body with 401 (or 403 behind CALLBACK_SOURCE_IPS, 400). */
const isOurError = (probe: Probe) =>
  probe.status === 401 || probe.status === 403 || probe.status === 400;

async function callbackCheck(config: Config): Promise<DoctorCheck> {
  const url = `${config.publicBaseUrl}/hooks/collections`;
  const https = new URL(config.publicBaseUrl).protocol === 'https:';
  if (!https && !config.devMode) {
    return check(
      'callback_url',
      'fail',
      `PUBLIC_BASE_URL is ${config.publicBaseUrl}.`,
      'The payment service calls back only to a public https address.',
      'Set PUBLIC_BASE_URL to the https origin of this Worker (its workers.dev or custom domain).',
    );
  }
  const probe = await probeUrl(url, '{}', {});
  if (probe.status === null) {
    return check(
      'callback_url',
      'fail',
      `POST ${url} got no answer (${probe.error}).`,
      'PUBLIC_BASE_URL is not this Worker, or its host is not reachable.',
      'Set PUBLIC_BASE_URL to the origin this Worker is served from; `npm run doctor` also probes it from outside.',
    );
  }
  if (isOurError(probe)) {
    return check(
      'callback_url',
      https ? 'pass' : 'warn',
      `POST ${url} with an unsigned body answered HTTP ${probe.status} (refused, as it must).${https ? '' : ' It is http: allowed in development only.'}`,
      https ? undefined : 'http callback URL (development mode).',
      https ? undefined : 'Use an https PUBLIC_BASE_URL in production.',
    );
  }
  return check(
    'callback_url',
    'fail',
    `POST ${url} answered HTTP ${probe.status}, not this proxy's refusal of an unsigned callback.`,
    'PUBLIC_BASE_URL points at another site, or a route in front of the Worker does not pass /hooks/* to it.',
    'Point PUBLIC_BASE_URL at this Worker and make sure /hooks/* reaches it (run_worker_first, routes).',
  );
}

async function webhookCheck(config: Config): Promise<DoctorCheck> {
  const url = config.merchantWebhookUrl;
  const https = new URL(url).protocol === 'https:';
  const probe = await probeUrl(url, JSON.stringify({ type: 'doctor.probe' }), {
    'webhook-id': `doctor_${crypto.randomUUID()}`,
  });
  if (probe.status === null) {
    return check(
      'merchant_webhook',
      'fail',
      `POST ${url} got no answer (${probe.error}).`,
      'The webhook endpoint is down, the host is wrong, or it takes longer than 8 s.',
      'Check MERCHANT_WEBHOOK_URL and that your backend is reachable from the internet.',
    );
  }
  if (probe.status === 404 || probe.status === 405 || probe.status >= 500) {
    return check(
      'merchant_webhook',
      'fail',
      `POST ${url} answered HTTP ${probe.status}.`,
      probe.status >= 500
        ? 'Your webhook handler fails.'
        : 'There is no POST handler at that path.',
      'Point MERCHANT_WEBHOOK_URL at the POST route that verifies our webhooks (unified-checkout/webhooks).',
    );
  }
  if (probe.status >= 200 && probe.status < 300) {
    return check(
      'merchant_webhook',
      'warn',
      `POST ${url} accepted an unsigned probe (HTTP ${probe.status}).`,
      'The endpoint does not verify webhook signatures: anyone could forge a payment notice.',
      'Verify every webhook with verifyWebhook from unified-checkout/webhooks and MERCHANT_WEBHOOK_SECRET.',
    );
  }
  const plain = !https && !config.devMode;
  return check(
    'merchant_webhook',
    plain ? 'warn' : 'pass',
    `POST ${url} answered HTTP ${probe.status} to an unsigned probe (refused, as it should).`,
    plain ? 'The webhook URL is http: webhooks would cross the internet unencrypted.' : undefined,
    plain ? 'Use an https MERCHANT_WEBHOOK_URL.' : undefined,
  );
}

/**
 * Runs every check in order; a check that cannot run (its prerequisite failed) is `skip`.
 *
 * @example
 * const report = await runDoctor(c.env);
 * return c.json(report, report.ok ? 200 : 503);
 */
export async function runDoctor(env: ProxyEnv): Promise<DoctorReport> {
  const checked_at = new Date().toISOString();
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    const skipped = (['credentials', 'signature', 'callback_url', 'merchant_webhook'] as const).map(
      (id) => check(id, 'skip', 'Not run: the configuration does not validate.'),
    );
    return {
      ok: false,
      mode: env.DEV_MODE === '1' ? 'development' : 'production',
      upstream: String(env.SERVICE_BASE_URL ?? ''),
      checked_at,
      checks: [
        check(
          'config',
          'fail',
          (error as Error).message,
          'A var or secret is missing or malformed.',
          'Set what the message names (vars in wrangler.toml, secrets with `npx wrangler secret put NAME`).',
        ),
        ...skipped,
      ],
    };
  }
  const mode = config.devMode ? 'development' : 'production';
  const checks: DoctorCheck[] = [
    check(
      'config',
      'pass',
      `Every var and secret validates (${mode} mode, upstream ${config.serviceBaseUrl}${env.UPSTREAM ? ' through the UPSTREAM binding' : ''}).`,
    ),
  ];
  const credentials = await credentialsCheck(env, config);
  checks.push(credentials);
  checks.push(await signatureCheck(env, config, credentials.status === 'pass'));
  checks.push(await callbackCheck(config));
  checks.push(await webhookCheck(config));
  return {
    ok: checks.every((c) => c.status === 'pass' || c.status === 'warn'),
    mode,
    upstream: config.serviceBaseUrl,
    checked_at,
    checks,
  };
}

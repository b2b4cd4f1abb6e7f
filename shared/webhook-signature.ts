/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the proxy signs merchant
 * webhooks with it, and merchants' backends (Node 20+, Workers, Deno, Bun) verify with
 * {@link verifyWebhook}. One file, WebCrypto only, human error messages.
 *
 * Signed content: `${webhook-id}.${webhook-timestamp}.${body}`; signature header:
 * `v1,<base64 HMAC-SHA256>` (several may be space-separated); the secret is `whsec_<base64>`.
 * @module
 */

/** Default tolerance between the webhook's timestamp and now, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function secretBytes(secret: string): Uint8Array {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  try {
    return base64ToBytes(raw);
  } catch {
    throw new WebhookVerificationError('The webhook secret is not valid base64 after "whsec_".');
  }
}

async function hmac(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    secretBytes(secret) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(content));
  return bytesToBase64(new Uint8Array(mac));
}

/** The three headers of a signed webhook. */
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * Signs a webhook body. Given several secrets (a rotation's overlap: the current one first), the
 * header carries one `v1,…` signature per secret, space-separated, and a receiver holding any of
 * them verifies it.
 *
 * @example
 * const headers = await signWebhook(secret, 'evt_1', Math.floor(Date.now() / 1000), body);
 * await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
 * @example
 * await signWebhook([current, previous], id, timestamp, body); // 'v1,<by current> v1,<by previous>'
 */
export async function signWebhook(
  secret: string | readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Promise<WebhookHeaders> {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No webhook secret to sign with.');
  const content = `${id}.${timestampSeconds}.${body}`;
  const signatures = await Promise.all(secrets.map((one) => hmac(one, content)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.map((signature) => `v1,${signature}`).join(' '),
  };
}

/** Why a webhook was refused; `message` is a sentence meant for logs. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  }
  return diff === 0;
}

/**
 * The headers a webhook arrives with, as any server hands them over: a Fetch `Headers`
 * (Workers, Deno, Bun, Hono, Node's `Request`), Node's `IncomingHttpHeaders` (`req.headers` of
 * `node:http` and Express: lower-case names, a repeated header as an array) or a plain record.
 */
export type WebhookRequestHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: WebhookRequestHeaders, name: string): string {
  let value: string | readonly string[] | null | undefined;
  if (typeof headers.get === 'function') value = (headers as Headers).get(name);
  else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    value =
      record[name] ??
      Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1] ??
      undefined;
  }
  // A header sent twice (two webhook-signature lines) arrives from Node as an array: its
  // signatures are space-separated, like several in one line.
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : '';
  if (text === '') throw new WebhookVerificationError(`The ${name} header is missing.`);
  return text;
}

/**
 * Verifies a webhook and returns its parsed JSON body. Throws {@link WebhookVerificationError}
 * with a plain-English reason when a header is missing, the timestamp is too old or too new, or
 * no signature matches. Pass the body exactly as received (the raw text, not re-serialized JSON).
 *
 * @example
 * // Workers / Deno / Bun / Node 20+ (fetch-style Request)
 * const event = await verifyWebhook(secret, request.headers, await request.text());
 * @example
 * // Node's http server and Express: `req.headers` (IncomingHttpHeaders) as it is
 * // app.post('/webhooks', express.text({ type: '*\/*' }), async (req, res) => {
 * //   const event = await verifyWebhook(secret, req.headers, req.body); … })
 */
export async function verifyWebhook<T = unknown>(
  secret: string,
  headers: WebhookRequestHeaders,
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): Promise<T> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) {
    throw new WebhookVerificationError('The webhook-timestamp header is not a number of seconds.');
  }
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const age = now - Number(timestamp);
  if (age > tolerance) {
    throw new WebhookVerificationError(
      `The webhook is too old (${age} s; at most ${tolerance} s).`,
    );
  }
  if (age < -tolerance) {
    throw new WebhookVerificationError('The webhook timestamp is in the future.');
  }
  const expected = await hmac(secret, `${id}.${timestamp}.${body}`);
  const matched = signatures
    .split(' ')
    .map((part) => part.split(','))
    .some(
      ([version, value]) =>
        version === 'v1' && value !== undefined && constantTimeEqual(value, expected),
    );
  if (!matched) {
    throw new WebhookVerificationError(
      'No webhook signature matched: check the secret and that the body is passed unmodified.',
    );
  }
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new WebhookVerificationError('The webhook body is not valid JSON.');
  }
}

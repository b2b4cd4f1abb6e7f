/**
 * The upstream's envelope signature (docs/design.md, "Signing"), in one place.
 *
 * Canonical string: drop `signature`, add `senderKey` = the secret key, sort the keys of every
 * object recursively by UTF-16 code unit order, flatten depth-first to dot paths, join
 * `key=value` with `&` (no URL encoding; numbers as `String(n)`; null/undefined as empty).
 * The signature is the lowercase hex SHA-256 of that string's UTF-8 bytes.
 *
 * A variant (HMAC keyed with the secret) is selected with {@link SigningScheme}; both the
 * worker and the sandbox read it from configuration, so a change of scheme is one value.
 *
 * Works in Workers, browsers and Node 20 (WebCrypto only).
 * @module
 */

/** Which digest turns the canonical string into a signature. */
export type SigningScheme = 'sha256' | 'hmac-sha256';

/** The default scheme: plain SHA-256 over the canonical string (which already holds the key). */
export const DEFAULT_SCHEME: SigningScheme = 'sha256';

/** Anything JSON-like that can be signed. */
export type Signable = object;

const encoder = new TextEncoder();

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  throw new TypeError(`cannot sign a value of type ${typeof value}`);
}

function flatten(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(item, `${path}.${index}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort(byCodeUnit);
    for (const key of keys) {
      flatten((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, out);
    }
    return;
  }
  out.push(`${path}=${scalar(value)}`);
}

/**
 * The canonical string that is hashed to sign `envelope`.
 *
 * @example
 * canonicalString({ client_id: 'c1', salt: 's1', params: { amount: 100 } }, 'SECRET');
 * // 'client_id=c1&params.amount=100&salt=s1&senderKey=SECRET'
 */
export function canonicalString(envelope: Signable, secretKey: string): string {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(envelope)) {
    if (key !== 'signature') root[key] = value;
  }
  root.senderKey = secretKey;
  const parts: string[] = [];
  flatten(root, '', parts);
  return parts.join('&');
}

/**
 * The first path of an envelope that the canonical string cannot see, or null when every field
 * is covered: a root `senderKey` (replaced by the secret when signing) and any empty object or
 * array (it flattens to nothing). Such a field could be added to a signed envelope without
 * changing its signature, so receivers refuse an envelope that has one.
 *
 * @example
 * uncoveredPath({ params: { amount: 1, extra: {} } }); // 'params.extra'
 * uncoveredPath({ senderKey: 'x', params: { amount: 1 } }); // 'senderKey'
 * uncoveredPath({ params: { amount: 1 } }); // null
 */
export function uncoveredPath(value: unknown, path = ''): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (path === '' && Object.hasOwn(value, 'senderKey')) return 'senderKey';
  const entries = Object.entries(value);
  if (entries.length === 0) return path;
  for (const [key, child] of entries) {
    const found = uncoveredPath(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

function toHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

async function digest(text: string, secretKey: string, scheme: SigningScheme): Promise<string> {
  const data = encoder.encode(text);
  if (scheme === 'hmac-sha256') {
    const key = await crypto.subtle.importKey(
      'raw',
      encoder.encode(secretKey),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    return toHex(await crypto.subtle.sign('HMAC', key, data));
  }
  return toHex(await crypto.subtle.digest('SHA-256', data));
}

/**
 * Signs an envelope: lowercase hex of SHA-256 over {@link canonicalString}.
 *
 * @example
 * const signature = await sign({ client_id, sender, salt, timestamp, params }, secretKey);
 */
export async function sign(
  envelope: Signable,
  secretKey: string,
  scheme: SigningScheme = DEFAULT_SCHEME,
): Promise<string> {
  return digest(canonicalString(envelope, secretKey), secretKey, scheme);
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they differ.
 *
 * @example
 * timingSafeEqual(received, expected); // true or false
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  const length = Math.max(left.length, right.length);
  let diff = left.length ^ right.length;
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

/**
 * Checks an envelope's `signature` field against a fresh signature, in constant time.
 * Returns false (never throws) for a missing or non-string signature or an unsignable body.
 *
 * @example
 * if (!(await verify(body, env.SERVICE_SECRET_KEY))) return c.json(error, 401);
 */
export async function verify(
  envelope: Signable,
  secretKey: string,
  scheme: SigningScheme = DEFAULT_SCHEME,
): Promise<boolean> {
  const received = (envelope as { signature?: unknown }).signature;
  if (typeof received !== 'string') return false;
  let expected: string;
  try {
    expected = await sign(envelope, secretKey, scheme);
  } catch {
    return false;
  }
  return timingSafeEqual(received.toLowerCase(), expected);
}

/** Hex digits of a signature: both schemes give a SHA-256 digest (32 bytes, 64 hex digits). */
export const SIGNATURE_HEX_LENGTH = 64;

/**
 * True when `value` looks like a signature of either scheme: {@link SIGNATURE_HEX_LENGTH} hex
 * digits. A refused callback without one is a probe, not a sign that the upstream's key rotated.
 *
 * @example
 * isPlausibleSignature('x'); // false
 * isPlausibleSignature('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'); // true
 */
export function isPlausibleSignature(value: unknown): boolean {
  return (
    typeof value === 'string' && value.length === SIGNATURE_HEX_LENGTH && /^[0-9a-f]+$/i.test(value)
  );
}

/**
 * A random salt for one request (URL-safe base64 of 16 random bytes).
 *
 * @example
 * const envelope = { client_id, sender, salt: newSalt(), timestamp, params };
 */
export function newSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The credentials that sign outbound envelopes. */
export interface SigningCredentials {
  clientId: string;
  sender: string;
  secretKey: string;
  scheme?: SigningScheme;
}

/** A signed request envelope, as sent to and received from the upstream. */
export interface SignedEnvelope<P = Record<string, unknown>> {
  client_id: string;
  sender: string;
  timestamp: number;
  salt: string;
  signature: string;
  params: P;
}

/**
 * Wraps `params` in a freshly salted, timestamped, signed envelope.
 *
 * @example
 * const body = await signEnvelope({ amount: 100, ... }, { clientId, sender, secretKey });
 * await fetch(url, { method: 'POST', body: JSON.stringify(body) });
 */
export async function signEnvelope<P extends Record<string, unknown>>(
  params: P,
  credentials: SigningCredentials,
  now: number = Date.now(),
): Promise<SignedEnvelope<P>> {
  const unsigned = {
    client_id: credentials.clientId,
    sender: credentials.sender,
    timestamp: Math.floor(now / 1000),
    salt: newSalt(),
    params,
  };
  const signature = await sign(unsigned, credentials.secretKey, credentials.scheme);
  return { ...unsigned, signature };
}

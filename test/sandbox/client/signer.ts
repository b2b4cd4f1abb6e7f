// An independent signer written from the spec and DESIGN.md §3 for the conformance tests (it
// shares no code with shared/signing.ts): drop `signature`, add `senderKey`, sort every
// object's keys by UTF-16 code units, flatten to dot paths, join `key=value` with `&`,
// SHA-256, lowercase hex. Checked against test/vectors/signing.json in signer.test.ts.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json } | undefined;

/** Compares two strings by UTF-16 code units, the way the spec sorts keys. */
function compareCodeUnits(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = a.charCodeAt(i) - b.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

function leaf(value: Json): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value as string;
}

/** The canonical string of an envelope under a secret key. */
export function canonicalOf(envelope: Record<string, unknown>, secret: string): string {
  const root: Record<string, Json> = {};
  for (const key of Object.keys(envelope)) {
    if (key !== 'signature') root[key] = envelope[key] as Json;
  }
  root['senderKey'] = secret;
  const pairs: string[] = [];
  const visit = (value: Json, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}.${index}`));
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value).sort(compareCodeUnits)) {
        visit(value[key], path === '' ? key : `${path}.${key}`);
      }
    } else {
      pairs.push(`${path}=${leaf(value)}`);
    }
  };
  visit(root, '');
  return pairs.join('&');
}

/** Lowercase hex SHA-256 of a string's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The signature of an envelope. */
export function signatureOf(envelope: Record<string, unknown>, secret: string): Promise<string> {
  return sha256Hex(canonicalOf(envelope, secret));
}

/**
 * The name of a phone's limiter object: a keyed hash of the number, never the number itself
 * (docs/design.md, "Prompt limits").
 * @module
 */

const encoder = new TextEncoder();

/**
 * A payer's number in E.164 (`+` and digits) from the upstream's international form.
 *
 * @example
 * e164('23276123456'); // '+23276123456'
 */
export function e164(international: string): string {
  return `+${international.replace(/\D/g, '')}`;
}

/**
 * HMAC-SHA-256 of the E.164 number (with a purpose prefix), keyed with `secret`, as lowercase
 * hex: the phone limiter's object name. Without the key a name cannot be turned back into a
 * number by trying every number (a plain hash could: there are only about 10⁹ per country).
 *
 * The key is the upstream secret (`SERVICE_SECRET_KEY`). Rotating it gives every phone a new
 * object: counts start again from zero (at most one more day's allowance per phone, once), and
 * the old objects delete their own rows when their last window ends.
 *
 * @example
 * await phoneKey('+23276123456', secret); // '3f1c…' (64 hex digits)
 */
export async function phoneKey(phone: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`phone-limiter:${phone}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

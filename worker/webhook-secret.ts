/**
 * The merchant webhook key's form (Standard Webhooks): `whsec_` and the base64 of at least 24
 * bytes. Checked by the configuration and by the rotation's previous secret.
 * @module
 */

/** The shortest webhook key accepted, in bytes (Standard Webhooks keys are 24 to 64 bytes). */
export const WEBHOOK_SECRET_MIN_BYTES = 24;

/**
 * Why a `MERCHANT_WEBHOOK_SECRET` cannot sign webhooks, or null when it can: it must be `whsec_`
 * followed by the standard base64 of at least 24 bytes.
 *
 * @example
 * webhookSecretProblem('whsec_abc'); // 'MERCHANT_WEBHOOK_SECRET must be whsec_ followed by …'
 */
export function webhookSecretProblem(secret: unknown): string | null {
  const hint =
    `MERCHANT_WEBHOOK_SECRET must be whsec_ followed by the base64 of at least ` +
    `${WEBHOOK_SECRET_MIN_BYTES} random bytes (e.g. "whsec_" + \`openssl rand -base64 32\`)`;
  if (typeof secret !== 'string' || secret === '') return null; // reported as "not set"
  if (!secret.startsWith('whsec_')) return `${hint}; it does not start with whsec_`;
  const key = secret.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) {
    return `${hint}; the part after whsec_ is not base64`;
  }
  let bytes: number;
  try {
    bytes = atob(key).length;
  } catch {
    return `${hint}; the part after whsec_ is not base64`;
  }
  if (bytes < WEBHOOK_SECRET_MIN_BYTES) return `${hint}; it holds only ${bytes} bytes`;
  return null;
}

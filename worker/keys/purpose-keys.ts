/**
 * HMAC keys of the proxy's own, one per purpose, derived (HKDF-SHA-256, the purpose as `info`)
 * from `SERVICE_SECRET_KEY`, so they rotate with it: during its overlap
 * (`SERVICE_SECRET_KEY_PREVIOUS`, worker/secret-rotation.ts) a purpose has the key of the
 * current secret and the key of the previous one, and a MAC made before the rotation still
 * verifies; after the overlap only the current key is left. A derived key signs only its own
 * purpose's messages and never anything the upstream checks, and nothing derived from it is
 * ever an identifier (a MAC proves, it names nothing).
 * @module
 */
import { callbackSecrets, type SecretRotation } from '../secret-rotation';

/** What a purpose's keys are derived from (the validated configuration has it). */
export interface PurposeKeySource {
  credentials: { secretKey: string };
  rotation: SecretRotation;
}

/** Derived keys by purpose and secret, for the isolate's life (deriving costs a few calls). */
const derived = new Map<string, Promise<CryptoKey>>();

function derive(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    const encoder = new TextEncoder();
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((material) =>
        crypto.subtle.deriveKey(
          {
            name: 'HKDF',
            hash: 'SHA-256',
            salt: new Uint8Array(32),
            info: encoder.encode(`unified-checkout ${purpose}`),
          },
          material,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign', 'verify'],
        ),
      );
    derived.set(id, key);
  }
  return key;
}

/**
 * The HMAC-SHA-256 keys of `purpose`, current first: one per secret `SERVICE_SECRET_KEY` has
 * now (two during a rotation's overlap). Sign with the first; accept a MAC any of them verifies.
 *
 * @example
 * const [current, ...previous] = await purposeKeys(config, 'hosted form token');
 */
export function purposeKeys(
  source: PurposeKeySource,
  purpose: string,
  now = Date.now(),
): Promise<CryptoKey[]> {
  return Promise.all(callbackSecrets(source, now).map((secret) => derive(secret, purpose)));
}

const encoder = new TextEncoder();

/**
 * HMAC-SHA-256 (lowercase hex) of `text` under each key of `purpose`, current first: store or
 * look up the first; a stored MAC equal to any of them was made from the same text (during an
 * overlap, possibly under the previous secret's key).
 *
 * @example
 * const [current, ...previous] = await purposeMacs(config, 'idempotency body', text);
 */
export async function purposeMacs(
  source: PurposeKeySource,
  purpose: string,
  text: string,
  now = Date.now(),
): Promise<string[]> {
  const keys = await purposeKeys(source, purpose, now);
  return Promise.all(
    keys.map(async (key) => {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
      return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
    }),
  );
}

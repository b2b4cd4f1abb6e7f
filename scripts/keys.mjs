// `npm run keys`: makes a merchant API key (uc_live_<id>_<secret>, 256 random bits) and prints
// the MERCHANT_API_KEYS entry and the `wrangler secret put` line that installs it
// (docs/design.md, "Merchant API auth"; docs/api.md, "Merchant API keys").
//
//   npm run keys                                  # a full key
//   npm run keys -- --scope checkout              # full | read | checkout
//   npm run keys -- --id shop2 --expires 2027-01-31T00:00:00Z
//   npm run keys -- --test                        # uc_test_ (development mode only)
//   npm run keys -- --keep '<current MERCHANT_API_KEYS JSON>'   # add to the keys you have
// A secret cannot be read back from Cloudflare: keep the list you install (a password manager).
import { randomBytes } from 'node:crypto';
import { cli } from './cli.mjs';

const SCOPES = ['full', 'read', 'checkout'];

/**
 * A new key and its MERCHANT_API_KEYS entry.
 * @param {{ id?: string, scope?: string, expires?: string, test?: boolean }} options
 * @returns {{ key: string, entry: { key: string, scope: string, expires_at?: string } }}
 */
export function makeKey({ id, scope = 'full', expires, test = false } = {}) {
  if (!SCOPES.includes(scope)) throw new Error(`--scope must be one of ${SCOPES.join(', ')}`);
  const keyId = id ?? randomBytes(4).toString('hex');
  if (!/^[a-z0-9]{1,24}$/.test(keyId)) throw new Error('--id must be 1 to 24 of a-z and 0-9');
  if (expires !== undefined && !Number.isFinite(Date.parse(expires))) {
    throw new Error('--expires must be an ISO 8601 date, e.g. 2027-01-31T00:00:00Z');
  }
  const key = `uc_${test ? 'test' : 'live'}_${keyId}_${randomBytes(32).toString('base64url')}`;
  return { key, entry: { key, scope, ...(expires ? { expires_at: expires } : {}) } };
}

/** @param {string} text the --keep value */
function keptKeys(text) {
  let kept;
  try {
    kept = JSON.parse(text);
  } catch {
    kept = null;
  }
  if (!Array.isArray(kept)) throw new Error('--keep must be the JSON list of MERCHANT_API_KEYS');
  return kept;
}

function main() {
  const { values } = cli(import.meta.url, {
    id: { type: 'string' },
    scope: { type: 'string', default: 'full' },
    expires: { type: 'string' },
    test: { type: 'boolean', default: false },
    keep: { type: 'string' },
  });
  let key, entry, kept;
  try {
    ({ key, entry } = makeKey(values));
    kept = values.keep ? keptKeys(values.keep) : [];
  } catch (error) {
    console.error(`npm run keys: ${error.message}`);
    process.exit(2);
  }
  const list = JSON.stringify([...kept, entry]);
  console.log(`New ${entry.scope} key (id ${key.split('_')[2]}): ${key}`);
  console.log('');
  if (values.test) {
    console.log('Add this line to .dev.vars (development mode takes uc_test_ keys only):');
    console.log(`  MERCHANT_API_KEYS=${list}`);
    return;
  }
  const env = ' --env=""';
  console.log('Install it (the whole list; paste the value when wrangler asks for it):');
  console.log(`  npx wrangler secret put MERCHANT_API_KEYS${env}`);
  console.log(`  value: ${list}`);
  console.log('');
  console.log('Or in one line (it lands in your shell history):');
  console.log(`  printf '%s' '${list}' | npx wrangler secret put MERCHANT_API_KEYS${env}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

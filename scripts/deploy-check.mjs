// Pure checks behind `npm run deploy`: every production var set and not an example value, every
// secret present upstream (by name) and, when given locally, not a development credential.
import dev from '../worker/dev-credentials.json' with { type: 'json' };
import required from '../worker/required-config.json' with { type: 'json' };

/** Vars the top-level [vars] of wrangler.toml (the production Worker) must set, and secrets
 * `wrangler secret put` must set: the same lists the Worker checks at run time
 * (worker/required-config.json). */
export const { vars: REQUIRED_VARS, secrets: REQUIRED_SECRETS } = required;

/** The merchant API key secrets: at least one must be set (`MERCHANT_API_KEYS`, the list of
 * scoped keys, or `MERCHANT_API_KEY`, one full-scope key kept for compatibility). */
export const MERCHANT_KEY_SECRETS = required.merchantKeySecrets;

/** Every secret name the Worker reads (never published as a var). */
export const SECRET_NAMES = [...REQUIRED_SECRETS, ...MERCHANT_KEY_SECRETS];

/** Values that only belong to local development (dev.vars.example, the sandbox): the same
 * list the Worker uses to allow DEV_MODE (worker/dev-credentials.json). */
export const EXAMPLE_VALUES = new Set([...Object.values(dev.vars), ...Object.values(dev.secrets)]);

/** The secrets that rotate with an overlap (worker/secret-rotation.ts): each may have a
 * `<NAME>_PREVIOUS`, which needs `<NAME>_PREVIOUS_UNTIL` (docs/rotation.md). */
export const ROTATING_SECRETS = ['SERVICE_SECRET_KEY', 'MERCHANT_WEBHOOK_SECRET'];

/** The optional secrets of a rotation; checked for development values like the required ones. */
export const ROTATION_SECRETS = ROTATING_SECRETS.map((name) => `${name}_PREVIOUS`);

/** Vars that only local development may set ([env.dev.vars]); a deploy carrying one refuses. */
export const DEV_ONLY_VARS = ['DEV_MODE'];

/** A D1 `database_id` wrangler.toml ships with: all zeros but the last digit (not a real one). */
export const PLACEHOLDER_DATABASE_ID = /^0{8}-0{4}-0{4}-0{4}-0{11}[0-9]$/;

/**
 * @param {{ vars: Record<string, unknown>, secretNames: string[] | null, localSecrets?: Record<string, string>, d1Databases?: { binding: string, database_id?: string }[] }} input
 * @returns {string[]} what stops the deploy, one sentence each (empty = go)
 */
export function deployProblems({ vars, secretNames, localSecrets = {}, d1Databases = [] }) {
  const problems = [];
  for (const { binding, database_id: id } of d1Databases) {
    if (!id || PLACEHOLDER_DATABASE_ID.test(id)) {
      problems.push(
        `The D1 database of ${binding} has no real database_id in wrangler.toml: run \`npx wrangler d1 create unified-checkout-index\`, put the id it prints under [[d1_databases]], then \`npx wrangler d1 migrations apply INDEX --remote\`.`,
      );
    }
  }
  for (const name of DEV_ONLY_VARS) {
    if (vars[name] !== undefined && vars[name] !== '') {
      problems.push(
        `${name} is set in the top-level [vars] of wrangler.toml: it belongs to [env.dev] only (it publishes /dev/* and /sandbox/*).`,
      );
    }
  }
  for (const name of REQUIRED_VARS) {
    const value = vars[name];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${name} is empty in the top-level [vars] of wrangler.toml.`);
    } else if (EXAMPLE_VALUES.has(value)) {
      problems.push(`${name} still holds the development value "${value}".`);
    }
  }
  for (const name of ['SERVICE_BASE_URL', 'PUBLIC_BASE_URL', 'MERCHANT_WEBHOOK_URL']) {
    const value = vars[name];
    if (typeof value !== 'string' || value === '') continue;
    let url;
    try {
      url = new URL(value);
    } catch {
      problems.push(`${name} is not a URL.`);
      continue;
    }
    if (url.protocol !== 'https:') problems.push(`${name} must use https:// in production.`);
    if (
      url.hostname.endsWith('.invalid') ||
      url.hostname === '127.0.0.1' ||
      url.hostname === 'localhost'
    ) {
      problems.push(`${name} points at ${url.hostname}, which is not a production host.`);
    }
  }
  if (secretNames === null) {
    problems.push("Could not list the Worker's secrets (run `npx wrangler login` first).");
  } else {
    for (const name of REQUIRED_SECRETS) {
      if (!secretNames.includes(name)) {
        problems.push(`Secret ${name} is not set: npx wrangler secret put ${name}`);
      }
    }
    if (!MERCHANT_KEY_SECRETS.some((name) => secretNames.includes(name))) {
      problems.push(
        'Secret MERCHANT_API_KEYS is not set: make a key with `npm run keys` and run the ' +
          '`npx wrangler secret put MERCHANT_API_KEYS` line it prints',
      );
    }
  }
  if (secretNames !== null) {
    for (const name of ROTATING_SECRETS) {
      const until = `${name}_PREVIOUS_UNTIL`;
      if (
        secretNames.includes(`${name}_PREVIOUS`) &&
        !secretNames.includes(until) &&
        (typeof vars[until] !== 'string' || vars[until] === '')
      ) {
        problems.push(
          `Secret ${name}_PREVIOUS is set without ${until}: set the end of the overlap (docs/rotation.md) or delete it.`,
        );
      }
    }
  }
  for (const [name, value] of Object.entries(localSecrets)) {
    if (EXAMPLE_VALUES.has(value)) problems.push(`Secret ${name} is a development credential.`);
  }
  return problems;
}

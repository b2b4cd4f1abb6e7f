// Pure checks behind `npm run deploy`: every production var set and not an example value, every
// secret present upstream (by name) and, when given locally, not a development credential.
import required from '../worker/required-config.json' with { type: 'json' };

/** Vars [env.production.vars] must set, and secrets `wrangler secret put --env production`
 * must set: the same lists the Worker checks at run time (worker/required-config.json). */
export const { vars: REQUIRED_VARS, secrets: REQUIRED_SECRETS } = required;

/** Values that only belong to local development (dev.vars.example, the sandbox). */
export const EXAMPLE_VALUES = new Set([
  'test-client',
  'Test Shop',
  'test-secret',
  'dev-merchant-key',
  'whsec_ZGV2LXdlYmhvb2stc2VjcmV0LWZvci1sb2NhbC11c2U=',
]);

/**
 * @param {{ vars: Record<string, unknown>, secretNames: string[] | null, localSecrets?: Record<string, string> }} input
 * @returns {string[]} what stops the deploy, one sentence each (empty = go)
 */
export function deployProblems({ vars, secretNames, localSecrets = {} }) {
  const problems = [];
  for (const name of REQUIRED_VARS) {
    const value = vars[name];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${name} is empty in [env.production.vars] of wrangler.toml.`);
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
        problems.push(
          `Secret ${name} is not set: npx wrangler secret put ${name} --env production`,
        );
      }
    }
  }
  for (const [name, value] of Object.entries(localSecrets)) {
    if (EXAMPLE_VALUES.has(value)) problems.push(`Secret ${name} is a development credential.`);
  }
  return problems;
}

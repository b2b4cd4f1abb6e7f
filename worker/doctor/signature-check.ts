/**
 * The signature check: is a signed status query verified (signature scheme, sender, IP
 * whitelist)?
 * @module
 */
import type { SigningScheme } from '../../shared/signing';
import type { Config } from '../config';
import type { ProxyEnv } from '../env';
import { signedStatusQuery } from './probe';
import { check, unreachable, type DoctorCheck } from './report';

const README_WHITELIST = 'see README, "IP whitelisting"';

/**
 * Sends a signed status query for a reference that does not exist: "not created" (400) proves
 * the signature, the sender and the egress address are accepted. On a 403 it pins the cause:
 * the whitelist, the secret, the signature scheme (by retrying with the other one) or the sender.
 */
export async function signatureCheck(
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

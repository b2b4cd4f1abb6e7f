/**
 * The local credentials the dev stack runs with, read from .dev.vars (created from
 * dev.vars.example by the stack) so the benchmarks never carry their own copy. Never logged.
 * @module
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars } from '../../test/support/dev-stack.mjs';
import { root } from './servers.mjs';

/** @type {Record<string, string> | undefined} */
let cached;

/**
 * KEY=value pairs of .dev.vars.
 *
 * @example
 * devVars().MERCHANT_API_KEY;
 * @returns {Record<string, string>}
 */
export function devVars() {
  if (cached) return cached;
  ensureDevVars();
  const text = readFileSync(path.join(root, '.dev.vars'), 'utf8');
  /** @type {Record<string, string>} */
  const vars = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  cached = vars;
  return vars;
}

/**
 * The integration's signing credentials (client id and sender as in wrangler.toml's dev vars).
 *
 * @example
 * signEnvelope(params, serviceCredentials());
 */
export function serviceCredentials() {
  return { clientId: 'test-client', sender: 'Test Shop', secretKey: devVars().SERVICE_SECRET_KEY };
}

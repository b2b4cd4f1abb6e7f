/**
 * The settings of webhook endpoints (docs/configuration.md): `WEBHOOK_ALLOWED_PORTS`, the ports
 * an endpoint may use besides 443, and `WEBHOOK_REPLAY_DAILY_LIMIT`, the events one endpoint
 * may be sent again by replays in 24 hours. `MERCHANT_WEBHOOK_URL` (endpoint zero) follows the
 * endpoints' address rule too (worker/webhook-endpoints/endpoint-url.ts).
 * @module
 */
import { envVar, isUrl, numberVar } from '../env-vars';
import { endpointUrlProblem } from './endpoint-url';

/** Default of `WEBHOOK_REPLAY_DAILY_LIMIT`. */
export const DEFAULT_REPLAY_DAILY_LIMIT = 10_000;

/** The webhook endpoints' part of the configuration. */
export interface EndpointSettings {
  /** Ports an endpoint may use besides 443 (outside development). */
  webhookAllowedPorts: ReadonlySet<number>;
  /** Events replays may send to one endpoint in 24 hours. */
  replayDailyLimit: number;
}

/**
 * Reads the settings; each malformed one adds a problem (and its default is used).
 *
 * @example
 * const settings = endpointSettings(env, devMode, problems);
 */
export function endpointSettings(
  env: object,
  devMode: boolean,
  problems: string[],
): EndpointSettings {
  const ports = new Set<number>();
  for (const entry of String(envVar(env, 'WEBHOOK_ALLOWED_PORTS') ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    const port = Number(text);
    if (/^\d{1,5}$/.test(text) && port >= 1 && port <= 65_535) ports.add(port);
    else problems.push(`WEBHOOK_ALLOWED_PORTS entry "${text}" must be a port from 1 to 65535`);
  }
  const replayDailyLimit = numberVar(
    env,
    'WEBHOOK_REPLAY_DAILY_LIMIT',
    DEFAULT_REPLAY_DAILY_LIMIT,
    problems,
    { positive: true, whole: true },
  );
  // Endpoint zero: plain http outside development is reported by worker/plain-http.ts.
  const zero = envVar(env, 'MERCHANT_WEBHOOK_URL');
  if (typeof zero === 'string' && isUrl(zero) && (devMode || zero.startsWith('https:'))) {
    const problem = endpointUrlProblem(zero, { devMode, allowedPorts: ports });
    if (problem) problems.push(`MERCHANT_WEBHOOK_URL ${problem}`);
  }
  return { webhookAllowedPorts: ports, replayDailyLimit };
}

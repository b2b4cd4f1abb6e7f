/**
 * The settings of webhook endpoints (docs/configuration.md): `WEBHOOK_ALLOWED_PORTS`, the ports
 * an endpoint may use besides 443, and `WEBHOOK_REPLAY_DAILY_LIMIT`, the events one endpoint
 * may be sent again by replays in 24 hours. `MERCHANT_WEBHOOK_URL` (endpoint zero) follows the
 * endpoints' address rule too (worker/webhook-endpoints/endpoint-url.ts).
 * @module
 */
import { isUrl, numberSetting, setting, type Report } from '../env-vars';
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
 * `WEBHOOK_ALLOWED_PORTS`: comma-separated ports from 1 to 65535.
 *
 * @example
 * allowedPortsSetting.parse('8443, 9443'); // Set { 8443, 9443 }
 */
export const allowedPortsSetting = setting((raw, report): ReadonlySet<number> => {
  const ports = new Set<number>();
  for (const entry of String(raw ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    const port = Number(text);
    if (/^\d{1,5}$/.test(text) && port >= 1 && port <= 65_535) ports.add(port);
    else report(`WEBHOOK_ALLOWED_PORTS entry "${text}" must be a port from 1 to 65535`);
  }
  return ports;
});

/** `WEBHOOK_REPLAY_DAILY_LIMIT`: a whole number greater than 0. */
export const replayDailyLimitSetting = numberSetting(
  'WEBHOOK_REPLAY_DAILY_LIMIT',
  DEFAULT_REPLAY_DAILY_LIMIT,
  { positive: true, whole: true },
);

/**
 * Endpoint zero (`MERCHANT_WEBHOOK_URL`) under the endpoints' address rule. Plain http outside
 * development is worker/plain-http.ts's problem, and a URL that does not parse is the URL
 * setting's, so neither is reported twice.
 *
 * @example
 * endpointZeroCheck(settings.MERCHANT_WEBHOOK_URL, devMode, settings.WEBHOOK_ALLOWED_PORTS, report);
 */
export function endpointZeroCheck(
  url: string,
  devMode: boolean,
  allowedPorts: ReadonlySet<number>,
  report: Report,
): void {
  if (!isUrl(url) || !(devMode || url.startsWith('https:'))) return;
  const problem = endpointUrlProblem(url, { devMode, allowedPorts });
  if (problem) report(`MERCHANT_WEBHOOK_URL ${problem}`);
}

// A fixed egress address for the proxy: a small reverse proxy with no dependencies, run on a VM
// whose static IP the payment service whitelists. The Worker calls it (SERVICE_BASE_URL = this
// relay's https origin) with its RELAY_TOKEN in the `x-relay-token` header; the relay forwards
// only the payment service's own paths to RELAY_UPSTREAM and answers with what came back. It
// never logs a body or a header (the envelopes carry payers' numbers, get-token the secret key):
// one line per request, with method, path, status and duration. docs/deploy.md, "A fixed egress
// address: the relay".
//
//   RELAY_UPSTREAM=https://api.payments.example RELAY_TOKEN=… node relay/relay.mjs
//
// Settings (environment):
//   RELAY_UPSTREAM              the payment service's origin (https)
//   RELAY_TOKEN                 the token the Worker sends (at least 32 characters)
//   RELAY_TOKEN_PREVIOUS        during a rotation: the token being retired, accepted until
//   RELAY_TOKEN_PREVIOUS_UNTIL  this ISO 8601 instant (at most 30 days ahead), then ignored
//   RELAY_PAYOUT_PATH           the payout-creation path (SERVICE_PAYOUT_PATH of the Worker)
//   RELAY_LISTEN                address:port to listen on (default 0.0.0.0:8443)
//   RELAY_TLS_CERT, RELAY_TLS_KEY  PEM files: serve https (else http, for a TLS front or tests)
//   RELAY_SOURCE_ADDRESS        local address outgoing calls leave from (a VM with several IPs)
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

/** The header that carries the Worker's token (worker/upstream-fetch.ts sends it). */
export const RELAY_TOKEN_HEADER = 'x-relay-token';

/** The payment service's paths (shared/upstream-endpoints.ts UPSTREAM_PATHS; a test keeps the
 * two lists equal). Nothing else is forwarded. */
export const UPSTREAM_PATHS = [
  '/api/v4/service-unified-collections',
  '/api/v4/service-unified-process-transaction',
  '/api/v3/get-unified-transaction-status',
  '/api/v3/payment-link-api/create',
  '/api/payment-link-api/list',
  '/api/integration/get-token',
  '/api/wallet/get-balance',
];

/** The longest overlap of a previous token, as for the Worker's own secrets. */
const MAX_OVERLAP_MS = 30 * 24 * 60 * 60_000;

/** Request headers not passed on: hop-by-hop, the client's address claims, and the token. */
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'cf-connecting-ip',
  RELAY_TOKEN_HEADER,
]);

const digest = (text) => createHash('sha256').update(text).digest();

/**
 * The relay's settings from the environment; throws with a sentence naming what is wrong.
 * @param {Record<string, string | undefined>} env
 * @param {number} [now]
 */
export function relaySettings(env, now = Date.now()) {
  let upstream;
  try {
    upstream = new URL(String(env.RELAY_UPSTREAM ?? ''));
  } catch {
    throw new Error(
      "RELAY_UPSTREAM must be the payment service's origin, e.g. https://api.payments.example",
    );
  }
  const token = env.RELAY_TOKEN ?? '';
  if (token.length < 32) throw new Error('RELAY_TOKEN must be set, at least 32 characters.');
  const tokens = [token];
  if (env.RELAY_TOKEN_PREVIOUS) {
    const until = Date.parse(env.RELAY_TOKEN_PREVIOUS_UNTIL ?? '');
    if (!Number.isFinite(until) || until - now > MAX_OVERLAP_MS) {
      throw new Error(
        'RELAY_TOKEN_PREVIOUS needs RELAY_TOKEN_PREVIOUS_UNTIL, an ISO 8601 instant at most 30 days ahead.',
      );
    }
    if (now < until) tokens.push(env.RELAY_TOKEN_PREVIOUS);
  }
  const paths = new Set(UPSTREAM_PATHS);
  if (env.RELAY_PAYOUT_PATH) paths.add(env.RELAY_PAYOUT_PATH);
  const [host, port] = (env.RELAY_LISTEN ?? '0.0.0.0:8443').split(/:(?=\d+$)/);
  return {
    upstream,
    tokens: tokens.map(digest),
    paths,
    listen: { host, port: Number(port) },
    tls:
      env.RELAY_TLS_CERT && env.RELAY_TLS_KEY
        ? { cert: readFileSync(env.RELAY_TLS_CERT), key: readFileSync(env.RELAY_TLS_KEY) }
        : null,
    sourceAddress: env.RELAY_SOURCE_ADDRESS || undefined,
  };
}

/** True when `sent` is one of the accepted tokens (compared as digests, in constant time). */
function tokenAccepted(sent, tokens) {
  if (typeof sent !== 'string' || sent === '') return false;
  const mine = digest(sent);
  let accepted = false;
  for (const token of tokens) accepted = timingSafeEqual(mine, token) || accepted;
  return accepted;
}

/** @param {http.ServerResponse} res */
function refuse(res, status, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: false, message }));
}

/**
 * The relay's request handler.
 * @param {ReturnType<typeof relaySettings>} settings
 * @param {(line: string) => void} [log]
 */
export function relayHandler(settings, log = (line) => console.log(line)) {
  const client = settings.upstream.protocol === 'https:' ? https : http;
  return (/** @type {http.IncomingMessage} */ req, /** @type {http.ServerResponse} */ res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://relay');
    const done = (status) =>
      log(
        `${new Date().toISOString()} ${req.method} ${url.pathname} ${status} ${Date.now() - started}ms`,
      );
    if (!tokenAccepted(req.headers[RELAY_TOKEN_HEADER], settings.tokens)) {
      req.resume();
      refuse(res, 401, 'Relay: missing or wrong x-relay-token.');
      return done(401);
    }
    if (!settings.paths.has(url.pathname)) {
      req.resume();
      refuse(res, 404, 'Relay: not a path of the payment service.');
      return done(404);
    }
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!DROPPED.has(name) && value !== undefined) headers[name] = value;
    }
    headers.host = settings.upstream.host;
    const outgoing = client.request(
      new URL(url.pathname + url.search, settings.upstream),
      { method: req.method, headers, localAddress: settings.sourceAddress },
      (answer) => {
        const back = { ...answer.headers };
        for (const name of ['connection', 'keep-alive', 'transfer-encoding']) delete back[name];
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
        answer.on('end', () => done(answer.statusCode));
      },
    );
    outgoing.on('error', (error) => {
      if (!res.headersSent)
        refuse(
          res,
          502,
          `Relay: the payment service did not answer (${error.code ?? error.name}).`,
        );
      else res.destroy();
      done(502);
    });
    req.pipe(outgoing);
  };
}

/**
 * Starts the relay; answers the listening server.
 * @param {ReturnType<typeof relaySettings>} settings
 * @param {(line: string) => void} [log]
 * @returns {Promise<http.Server>}
 */
export function startRelay(settings, log) {
  const handler = relayHandler(settings, log);
  const server = settings.tls
    ? https.createServer(settings.tls, handler)
    : http.createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.listen.port, settings.listen.host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let settings;
  try {
    settings = relaySettings(process.env);
  } catch (error) {
    console.error(`relay: ${error.message}`);
    process.exit(2);
  }
  const server = await startRelay(settings);
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(
    `relay: ${settings.tls ? 'https' : 'http'} on ${settings.listen.host}:${port} → ${settings.upstream.origin} (${settings.paths.size} paths)`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => server.close(() => process.exit(0)));
}

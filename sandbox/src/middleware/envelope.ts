/**
 * The signed-envelope check of every signed endpoint, in the documented order
 * (docs/upstream-api.md, "Signed envelope"): caller IP on the whitelist, a JSON body with
 * client_id, sender, timestamp (integer), salt, signature and params, the integration's client_id
 * and exact sender, a signature that verifies (docs/design.md, "Signing"), and a signature never
 * seen before. Any failure answers 403 with the endpoint's "not verified" message; a body that is
 * not JSON or has no params object answers 400 with its "not created" message.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { verify, type SigningScheme } from '../../../shared/signing';
import type { SandboxApp } from '../app-env';
import { ledger } from '../ledger-stub';
import { refusal } from '../respond';
import { refuse } from '../rules/refusal';
import { callerIp, isWhitelisted } from '../whitelist';

/** The messages an endpoint answers envelope failures with. */
export interface EnvelopeMessages {
  /** 400: the body is not JSON or has no params object. */
  refused: string;
  /** 403: unknown client, wrong sender, bad or reused signature, IP not whitelisted. */
  notVerified: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Middleware that verifies the envelope and hands `params` to the route.
 *
 * @example
 * app.post(path, signedEnvelope({ refused: FAILURE.collectionRefused, notVerified: FAILURE.notVerified }), handler);
 */
export function signedEnvelope(messages: EnvelopeMessages): MiddlewareHandler<SandboxApp> {
  return async (c, next) => {
    const forbidden = (reason: string) => refusal(c, refuse(403, messages.notVerified, reason));
    const ip = callerIp(c.req.raw.headers);
    if (!isWhitelisted(c.env.SANDBOX_IP_WHITELIST, ip)) {
      return forbidden(`caller IP ${ip} is not whitelisted`);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refusal(c, refuse(400, messages.refused, 'the body is not JSON'));
    }
    if (!isObject(body))
      return refusal(c, refuse(400, messages.refused, 'the body is not an object'));
    for (const field of ['client_id', 'sender', 'salt', 'signature'] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return forbidden(`${field} is missing or not a string`);
      }
    }
    if (typeof body.timestamp !== 'number' || !Number.isInteger(body.timestamp)) {
      return forbidden('timestamp must be an integer (Unix seconds)');
    }
    if (body.client_id !== c.env.SANDBOX_CLIENT_ID) return forbidden('unknown client_id');
    if (body.sender !== c.env.SANDBOX_SENDER)
      return forbidden('sender does not match the integration');
    const scheme: SigningScheme =
      c.env.SANDBOX_SIGNING_SCHEME === 'hmac-sha256' ? 'hmac-sha256' : 'sha256';
    if (!(await verify(body, c.env.SANDBOX_SECRET_KEY, scheme))) {
      return forbidden('signature does not verify');
    }
    if (!(await ledger(c.env).useSignature(body.signature as string))) {
      return forbidden('signature was already used (replayed request)');
    }
    if (!isObject(body.params)) {
      return refusal(c, refuse(400, messages.refused, 'params must be an object'));
    }
    c.set('params', body.params);
    await next();
  };
}

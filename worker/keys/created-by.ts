/**
 * Which merchant API request made a session or a payout: its request id and the id of the key
 * that acted (never the key). Stored with the object at creation and carried by its webhooks as
 * `request`, so a merchant can tell which key (which backend, which integration) made it.
 * @module
 */
import type { Context } from 'hono';
import type { ProxyApp } from '../app-env';
import { requestIdOf } from '../middleware/request-log';

/** The request that created an object. */
export interface CreatedBy {
  /** The request id (`X-Request-Id` of the create's answer). */
  request_id: string;
  /** The merchant API key id that authenticated it (`console` for the console). */
  key_id: string;
  /** Only for the console's requests (docs/console.md): who acted there. */
  type?: 'console';
  /** The console user's email (Cloudflare Access). */
  email?: string;
}

/**
 * The current merchant API request as a {@link CreatedBy}.
 *
 * @example
 * await sessionStub(c.env, id).init({ ...input, id, created_by: createdByOf(c) });
 */
export function createdByOf(c: Context<ProxyApp>): CreatedBy {
  const made = { request_id: requestIdOf(c), key_id: c.var.keyId };
  const user = c.var.consoleUser;
  return user ? { ...made, type: 'console', email: user.email } : made;
}

/**
 * True when `a` and `b` are the same actor: the same console user (by email, in any case) or,
 * outside the console, the same merchant API key id. Every console user shares the key id
 * `console`, so the key id alone would make all of them one actor.
 *
 * @example
 * sameActor(batch.created_by, createdByOf(c)); // the two-person rule
 */
export function sameActor(a: CreatedBy, b: CreatedBy): boolean {
  const actor = (by: CreatedBy) =>
    by.type === 'console' ? `console:${by.email?.toLowerCase() ?? ''}` : `key:${by.key_id}`;
  return actor(a) === actor(b);
}

/**
 * The stored JSON of a CreatedBy back as one, or null (objects created before it was stored).
 */
export function parseCreatedBy(text: string | null | undefined): CreatedBy | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as Partial<CreatedBy> | null;
    if (typeof value?.request_id !== 'string' || typeof value.key_id !== 'string') return null;
    const made = { request_id: value.request_id, key_id: value.key_id };
    return value.type === 'console' && typeof value.email === 'string'
      ? { ...made, type: 'console', email: value.email }
      : made;
  } catch {
    return null;
  }
}

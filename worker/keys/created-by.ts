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
  /** The merchant API key id that authenticated it. */
  key_id: string;
}

/**
 * The current merchant API request as a {@link CreatedBy}.
 *
 * @example
 * await sessionStub(c.env, id).init({ ...input, id, created_by: createdByOf(c) });
 */
export function createdByOf(c: Context<ProxyApp>): CreatedBy {
  return { request_id: requestIdOf(c), key_id: c.var.keyId };
}

/**
 * The stored JSON of a CreatedBy back as one, or null (objects created before it was stored).
 */
export function parseCreatedBy(text: string | null | undefined): CreatedBy | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as Partial<CreatedBy> | null;
    return typeof value?.request_id === 'string' && typeof value.key_id === 'string'
      ? { request_id: value.request_id, key_id: value.key_id }
      : null;
  } catch {
    return null;
  }
}

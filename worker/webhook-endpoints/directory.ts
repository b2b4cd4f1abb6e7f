/**
 * What an object's outbox asks about webhook endpoints when it fans an event out and delivers
 * it: the registry (the `WebhookEndpoints` object named {@link REGISTRY_NAME}) holds the
 * endpoints and their secrets; every other object reaches it over RPC.
 * @module
 */
import { orNull } from '../durable/outcome';
import type { ProxyEnv } from '../env';

/** The name of the one registry object. */
export const REGISTRY_NAME = 'registry';

/** Where and how to send one endpoint's webhooks, read at each delivery (secrets roll). */
export interface SigningTarget {
  url: string;
  /** Current secret first; the previous one too while its overlap lasts. */
  secrets: string[];
  enabled: boolean;
  /** Start of the endpoint's current run of failures (null: its last delivery succeeded). */
  failingSince: number | null;
}

/** The endpoints as the outbox sees them. */
export interface EndpointDirectory {
  /** Ids of the enabled endpoints that take an event of `type` for `subMerchantId`. */
  matching(type: string, subMerchantId: string | null): Promise<string[]>;
  /** The endpoint's address and secrets; null when it was deleted. */
  target(endpointId: string): Promise<SigningTarget | null>;
  /** A delivery failed at `at`; answers whether the endpoint is (now) disabled. */
  failed(endpointId: string, at: number, error: string): Promise<{ disabled: boolean }>;
  /** A delivery succeeded: the run of failures is over. */
  succeeded(endpointId: string): Promise<void>;
  /** The body of a replayed event as the events feed has it now (scrubbed once its record was
   * erased), or null when the feed no longer has it. */
  feedBody(eventId: string): Promise<string | null>;
}

/**
 * The events feed's body of `eventId` (D1 `events`), or null without it or without the index.
 *
 * @example
 * await feedBody(env, 'evt_cs_…_succeeded');
 */
export async function feedBody(
  env: Pick<ProxyEnv, 'INDEX'>,
  eventId: string,
): Promise<string | null> {
  if (!env.INDEX) return null;
  const row = await env.INDEX.prepare('SELECT body FROM events WHERE id = ?')
    .bind(eventId)
    .first<{ body: string }>();
  return row?.body ?? null;
}

/**
 * The registry object's stub.
 *
 * @example
 * await registry(env).list();
 */
export function registry(env: Pick<ProxyEnv, 'WEBHOOK_ENDPOINTS'>) {
  return env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(REGISTRY_NAME));
}

/**
 * The directory every object but the registry uses: RPC calls to the registry.
 *
 * @example
 * await outbox.run(task, zero, remoteDirectory(env));
 */
export function remoteDirectory(
  env: Pick<ProxyEnv, 'WEBHOOK_ENDPOINTS' | 'INDEX'>,
): EndpointDirectory {
  const stub = () => registry(env);
  return {
    matching: (type, subMerchantId) => stub().matching(type, subMerchantId),
    target: async (endpointId) => orNull(await stub().target(endpointId)),
    failed: (endpointId, at, error) => stub().reportFailure(endpointId, at, error),
    succeeded: (endpointId) => stub().reportSuccess(endpointId),
    feedBody: (eventId) => feedBody(env, eventId),
  };
}

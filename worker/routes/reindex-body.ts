/**
 * The body of `POST /v1/admin/reindex` (worker/routes/merchant-admin.ts; the OpenAPI document
 * describes it too).
 * @module
 */
import * as z from 'zod/mini';

/** Objects per request. */
export const REINDEX_BATCH = 100;

/** The reindex body (also described in the OpenAPI document). */
export const reindexBody = z.strictObject({
  namespace: z.enum(['sessions', 'payouts', 'ledgers']),
  /** Names the objects were created under: session ids, payout references, ledger names. */
  names: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(REINDEX_BATCH)),
  ),
  /** Durable Object ids (64 hex), e.g. listed from local state or Cloudflare's API. */
  object_ids: z.optional(
    z
      .array(
        z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a Durable Object id (64 hex digits)')),
      )
      .check(z.maxLength(REINDEX_BATCH)),
  ),
});

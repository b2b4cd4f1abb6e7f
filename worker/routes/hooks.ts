/**
 * Hosted callback URLs (upstream → proxy): `POST /hooks/collections`, `/hooks/payouts`,
 * `/hooks/payment-links` (links created elsewhere) and `/hooks/payment-links/:link` (the callback
 * URL of a link the proxy created, worker/ledger/links.ts). Signature first (constant time, with SERVICE_SIGNING_SCHEME, over
 * every field the envelope carries), then shape, then a durable store, then 200 — well under
 * the upstream's 3-second budget. Duplicates answer 200 and change nothing. A verified callback
 * that says nothing final (payment_step 1, a status other than success/failed, `000006`) also
 * answers 200: it is stored and changes nothing (the session, payout or ledger decides what
 * counts, with shared/status.ts). What the upstream may add is accepted: root and params fields
 * we do not know are kept (signed like the rest) and ignored. An exact retry of a callback
 * already recorded answers 200 even when its timestamp is past CALLBACK_MAX_AGE_SECONDS, so
 * the upstream stops retrying what we hold.
 * @module
 */
import { Hono, type Context } from 'hono';
import type * as z from 'zod/mini';
import { CheckoutError } from '../../shared/errors';
import {
  collectionCallbackParamsSchema,
  paymentLinkCallbackParamsSchema,
  payoutCallbackParamsSchema,
  signedEnvelope,
  type CollectionCallbackParams,
  type PaymentLinkCallbackParams,
  type PayoutCallbackParams,
} from '../../shared/schemas';
import { canonicalString, uncoveredPath, verify, type SigningScheme } from '../../shared/signing';
import { isJsonObject } from '../../shared/json-object';
import { isReference } from '../../shared/references';
import { validate } from '../../shared/validation';
import { noteCallbackSignatureFailure } from '../callback-alert';
import type { ProxyApp } from '../app-env';
import { sessionOfAttempt } from '../ids';
import { findLinkReport, routeLinkReport } from '../ledger/link-routing';
import { LINK_ID } from '../ledger/links';
import { linkShardName, MAIN_LEDGER } from '../ledger/shards';
import { callbackSources } from '../middleware/callback-sources';
import { config } from '../middleware/config';
import { readJson } from '../middleware/json-body';
import { callbackSecrets } from '../secret-rotation';
import { logLine } from '../middleware/request-log';
import { findSessionStub, ledgerStub, payoutStub } from '../stubs';
import { contract } from '../openapi/contract';
import {
  collectionCallbackSchema,
  paymentLinkCallbackSchema,
  payoutCallbackSchema,
} from '../../shared/schemas';
import { callbackReceivedSchema } from '../views/payments';

/** The root fields of a callback envelope (docs/upstream-api.md, "Signed envelope"). */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set([
  'client_id',
  'sender',
  'salt',
  'timestamp',
  'signature',
  'params',
]);

/** Largest callback body accepted, in bytes. */
export const CALLBACK_BODY_LIMIT = 64 * 1024;

/** True when the envelope's signature verifies under one of `secrets` (each in constant time). */
async function verifiesUnderAny(
  envelope: object,
  secrets: readonly string[],
  scheme: SigningScheme | undefined,
): Promise<boolean> {
  for (const secret of secrets) if (await verify(envelope, secret, scheme)) return true;
  return false;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A verified callback: its params as the schema typed them, their digest and their text. */
export interface VerifiedCallback<P> {
  params: P;
  /** SHA-256 of the params' canonical string: what recognises a duplicate. */
  digest: string;
  /** The params as they came (JSON), stored with the callback. */
  body: string;
  /** The timestamp is out of CALLBACK_MAX_AGE_SECONDS (only an exact retry passes). */
  stale: boolean;
}

/** Reads, verifies and shape-checks a callback envelope; answers its params, digest and body. */
async function verified<S extends z.core.$ZodType>(
  c: Context<ProxyApp>,
  schema: S,
): Promise<VerifiedCallback<z.output<S>>> {
  const config = c.var.config;
  const record = await readJson(c, CALLBACK_BODY_LIMIT);
  if (!isJsonObject(record)) {
    throw new CheckoutError('VALIDATION_FAILED', 'A callback must be a JSON object.');
  }
  // The same scheme as our outbound signatures (SERVICE_SIGNING_SCHEME): a callback signed with
  // the other one does not verify. During a rotation's overlap the previous upstream secret
  // verifies too (worker/secret-rotation.ts); a refusal counts towards the signature alert.
  if (!(await verifiesUnderAny(record, callbackSecrets(config), config.credentials.scheme))) {
    // Only what could be the upstream's counts (worker/callback-alert.ts): an envelope for our
    // integration with a signature, from an allowed address, once per address a minute.
    await noteCallbackSignatureFailure(
      c.env,
      {
        alert: config.signatureAlert,
        clientId: config.credentials.clientId,
        sourceIps: config.callbackSourceIps,
      },
      { envelope: record, address: c.req.header('cf-connecting-ip') ?? '' },
    );
    throw new CheckoutError('SIGNATURE_INVALID', 'The callback signature does not verify.');
  }
  if (
    record.client_id !== config.credentials.clientId ||
    record.sender !== config.credentials.sender
  ) {
    throw new CheckoutError('SIGNATURE_INVALID', 'The callback is for another integration.');
  }
  // Root fields the upstream API does not define verified with the rest (the canonical string
  // covers every field present): kept, ignored; their names (never values) are logged once.
  const extra = Object.keys(record).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length > 0) logLine('info', 'callback_extra_fields', { fields: extra.join(',') });
  // A field the signature cannot see (an empty object or list, a senderKey) could have been
  // added by anyone.
  const uncovered = uncoveredPath(record);
  if (uncovered !== null) {
    throw new CheckoutError(
      'VALIDATION_FAILED',
      `The callback has a field its signature cannot cover: ${uncovered}.`,
      { issues: [{ path: uncovered, message: `${uncovered} is not covered by the signature` }] },
    );
  }
  // The signature covers values as text (1500 and "1500" sign alike): the types are checked too.
  const shape = validate(signedEnvelope, record);
  if (!shape.ok) {
    throw new CheckoutError('VALIDATION_FAILED', 'The callback envelope is malformed.', {
      issues: shape.issues,
    });
  }
  // Out of the window: refused unless it is an exact retry of one already recorded (`stale`).
  let stale = false;
  if (config.callbackMaxAgeSeconds > 0) {
    const age = Math.abs(Date.now() / 1000 - shape.value.timestamp);
    stale = !Number.isFinite(age) || age > config.callbackMaxAgeSeconds;
  }
  const { params } = shape.value;
  const parsed = validate(schema, params, { prefix: 'params' });
  if (!parsed.ok) {
    throw new CheckoutError('VALIDATION_FAILED', 'The callback params are malformed.', {
      issues: parsed.issues,
    });
  }
  // Duplicates are recognised by their params, whatever salt, timestamp or signature they carry.
  const digest = await sha256Hex(canonicalString({ params }, ''));
  return { params: parsed.value, digest, body: JSON.stringify(params), stale };
}

/** How a callback route finds a callback it already holds, and applies a new one. */
interface CallbackRoute<P> {
  /** Each place that may hold the callback's digest (a session, payout or ledger shard). */
  recorded: (callback: VerifiedCallback<P>) => (() => Promise<boolean>)[];
  /** Stores and applies a callback inside the window. */
  apply: (callback: VerifiedCallback<P>) => Promise<Response>;
}

/**
 * The one way a callback route answers: verify (signature, integration, shape), then apply it,
 * unless its timestamp is out of CALLBACK_MAX_AGE_SECONDS. Such a callback is answered 200 (a
 * duplicate, nothing changes) when one of `recorded` holds its digest (the upstream retrying
 * what we answered, or never heard us answer), else TIMESTAMP_OUT_OF_RANGE. Every route goes
 * through here, so none can skip the window.
 */
async function receive<S extends z.core.$ZodType>(
  c: Context<ProxyApp>,
  schema: S,
  route: CallbackRoute<z.output<S>>,
): Promise<Response> {
  const callback = await verified(c, schema);
  if (!callback.stale) return route.apply(callback);
  for (const holds of route.recorded(callback)) {
    if (await holds()) return c.json({ received: true, duplicate: true });
  }
  throw new CheckoutError('TIMESTAMP_OUT_OF_RANGE', 'The callback timestamp is too far from now.');
}

/** Keeps a verified callback that no session or payout holds in the ledger, once per digest. */
async function keepInLedger(
  c: Context<ProxyApp>,
  kind: 'collection' | 'payout',
  reference: string | null,
  { params, digest, body }: VerifiedCallback<CollectionCallbackParams | PayoutCallbackParams>,
) {
  const status = typeof params.status === 'string' ? params.status : null;
  const stored = await ledgerStub(c.env, MAIN_LEDGER).storeCallback(
    kind,
    digest,
    reference,
    status,
    body,
  );
  return c.json({ received: true, duplicate: stored.duplicate });
}

/** What every callback's contract shares: the upstream posts it, we answer that we have it. */
const CALLBACK = {
  tag: 'Callbacks (upstream)',
  audience: 'callback' as const,
  responses: { 200: callbackReceivedSchema },
  errors: [],
};

/**
 * The hosted callback routes.
 *
 * @example
 * app.route('/hooks', hooks());
 */
export function hooks() {
  const app = new Hono<ProxyApp>();
  app.use('*', config(), callbackSources());

  app.post(
    '/collections',
    contract({
      ...CALLBACK,
      operationId: 'collectionCallback',
      summary: "The upstream's collection callback (a signed envelope)",
      body: collectionCallbackSchema,
    }),
    (c) => {
      const stubOf = ({ params }: VerifiedCallback<CollectionCallbackParams>) =>
        findSessionStub(c.env, sessionOfAttempt(params.third_party_reference_1) ?? '');
      return receive(c, collectionCallbackParamsSchema, {
        recorded: (callback) => {
          const stub = stubOf(callback);
          return [
            async () => stub !== null && (await stub.hasCallback(callback.digest)),
            () => ledgerStub(c.env, MAIN_LEDGER).hasCallback(callback.digest),
          ];
        },
        apply: async (callback) => {
          const stub = stubOf(callback);
          if (stub !== null) {
            const result = await stub.applyCallback(callback);
            if (result.known) return c.json({ received: true, duplicate: result.duplicate });
          }
          const { params } = callback;
          const reference = String(params.third_party_reference_1 ?? params.reference ?? '');
          return keepInLedger(c, 'collection', reference || null, callback);
        },
      });
    },
  );

  app.post(
    '/payouts',
    contract({
      ...CALLBACK,
      operationId: 'payoutCallback',
      summary: "The upstream's payout callback (a signed envelope)",
      body: payoutCallbackSchema,
    }),
    (c) => {
      const referenceOf = ({ params }: VerifiedCallback<PayoutCallbackParams>) =>
        String(params.payment_reference ?? params.third_party_reference_1 ?? '');
      return receive(c, payoutCallbackParamsSchema, {
        recorded: (callback) => {
          const reference = referenceOf(callback);
          return [
            async () =>
              isReference(reference) &&
              (await payoutStub(c.env, reference).hasCallback(callback.digest)),
            () => ledgerStub(c.env, MAIN_LEDGER).hasCallback(callback.digest),
          ];
        },
        apply: async (callback) => {
          const reference = referenceOf(callback);
          if (isReference(reference)) {
            const result = await payoutStub(c.env, reference).applyCallback(callback);
            if (result.known) return c.json({ received: true, duplicate: result.duplicate });
          }
          return keepInLedger(c, 'payout', reference || null, callback);
        },
      });
    },
  );

  app.post(
    '/payment-links',
    contract({
      ...CALLBACK,
      operationId: 'paymentLinkCallback',
      summary: "The upstream's payment-link callback, for links created before per-link URLs",
      body: paymentLinkCallbackSchema,
    }),
    (c) =>
      // One shard per payment (by its one stable key, whichever of its references a report
      // names): payments no longer queue behind one object.
      receive(c, paymentLinkCallbackParamsSchema, {
        recorded: ({ params, digest }) => [
          async () => {
            const found = await findLinkReport(c.env, params, digest);
            return ledgerStub(c.env, found.shard).hasCallback(digest);
          },
        ],
        apply: async ({ params, digest, body }) => {
          const route = await routeLinkReport(c.env, params, digest);
          const shard = ledgerStub(c.env, route.shard);
          const stored = await shard.storePaymentLinkCallback(
            digest,
            params,
            body,
            null,
            route.key,
          );
          return c.json({ received: true, duplicate: stored.duplicate });
        },
      }),
  );

  // A link the proxy created: its payments live in the shard of the link, judged against it.
  app.post(
    '/payment-links/:link',
    contract({
      ...CALLBACK,
      operationId: 'linkCallback',
      summary: "The upstream's callback for one payment link (the link's own callback_url)",
      body: paymentLinkCallbackSchema,
      errors: ['NOT_FOUND'],
    }),
    (c) => {
      const linkId = c.req.param('link');
      if (!LINK_ID.test(linkId)) {
        throw new CheckoutError('NOT_FOUND', 'No payment link has that callback URL.');
      }
      const shard = ledgerStub(c.env, linkShardName(linkId));
      return receive(c, paymentLinkCallbackParamsSchema, {
        recorded: ({ digest }) => [() => shard.hasCallback(digest)],
        apply: async ({ params, digest, body }) => {
          const stored = await shard.storePaymentLinkCallback(digest, params, body, linkId);
          return c.json({ received: true, duplicate: stored.duplicate });
        },
      });
    },
  );

  return app;
}

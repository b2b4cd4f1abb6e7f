// What an Idempotency-Key's record is named by and keeps (docs/design.md, "State: session
// ids"): its scope group (`full` apart from the lower scopes, so a `checkout` key cannot squat
// the keys a `full` key will use; a retry after a key rotation within a scope still finds its
// record), and a keyed hash of the body (HMAC under the `idempotency body` key derived from the
// upstream secret, compared under the previous secret's during a rotation's overlap), never a
// plain hash of payers' data. Each case calls
// the Worker's fetch handler with the suite's env changed as a deployment would run.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BODY_HASH_PURPOSE, canonicalJson } from '../../../worker/idempotency/body-hash';
import { idempotencyStub } from '../../../worker/idempotency/claim';
import { purposeMacs } from '../../../worker/keys/purpose-keys';
import { loadConfig } from '../../../worker/config';
import type { ProxyEnv } from '../../../worker/env';
import { sessionCreateSchema } from '../../../shared/schemas';
import { ref } from '../helpers';
import { CHECKOUT, FULL, LIVE, NEW, keysEnv, noKeysLeaked, post, send } from './support';

noKeysLeaked();

const session = (extra: Record<string, unknown> = {}) => ({
  amount: 300,
  currency: 'KES',
  reference: ref('idem'),
  customer: { first_name: 'Wanjiru', mobile: '254712345000' },
  ...extra,
});

describe('scope groups', () => {
  it('a checkout key cannot claim the Idempotency-Key a full key uses later', async () => {
    const both = keysEnv([
      { key: FULL, scope: 'full' },
      { key: CHECKOUT, scope: 'checkout' },
    ]);
    const headers = { 'idempotency-key': `order-${ref('squat')}` };
    const squat = await send(both, '/v1/sessions', { ...post(session(), headers), key: CHECKOUT });
    expect(squat.status).toBe(201);
    // The full key's own create under the same Idempotency-Key: its own session.
    const real = await send(both, '/v1/sessions', { ...post(session(), headers), key: FULL });
    expect(real.status).toBe(201);
    expect(real.json.id).not.toBe(squat.json.id);
  });

  it('a retry after a key rotation within the checkout scope finds its record', async () => {
    const body = session();
    const headers = { 'idempotency-key': `order-${ref('rot')}` };
    const old = await send(keysEnv([{ key: CHECKOUT, scope: 'checkout' }]), '/v1/sessions', {
      ...post(body, headers),
      key: CHECKOUT,
    });
    expect(old.status).toBe(201);
    const retried = await send(keysEnv([{ key: NEW, scope: 'checkout' }]), '/v1/sessions', {
      ...post(body, headers),
      key: NEW,
    });
    expect(retried.status).toBe(200);
    expect(retried.json.id).toBe(old.json.id);
  });
});

/** The body hash the record of a `full` key's sessions Idempotency-Key keeps. */
const storedHash = (key: string) =>
  runInDurableObject(idempotencyStub(env, 'sessions', key), (_instance, state) =>
    state.storage.sql.exec<{ body_hash: string }>('SELECT body_hash FROM claim').one(),
  );

describe('the body hash', () => {
  const live = { DEV_MODE: undefined, ...LIVE };

  it('is keyed with the upstream secret: the same body hashes apart under another secret', async () => {
    const body = session();
    const create = async (overrides: Record<string, string>) => {
      const key = `order-${ref('hash')}`;
      const created = await send({ ...live, ...overrides }, '/v1/sessions', {
        ...post(body, { 'idempotency-key': key }),
        key: LIVE.MERCHANT_API_KEY,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      return (await storedHash(key)).body_hash;
    };
    const one = await create({});
    expect(await create({})).toBe(one);
    // A plain hash of the body would be the same whatever the secret.
    expect(await create({ SERVICE_SECRET_KEY: 'live-secret-other-5555555555' })).not.toBe(one);
    const plain = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(body))),
    );
    expect(one).not.toBe([...plain].map((b) => b.toString(16).padStart(2, '0')).join(''));
  });

  it("is made with the proxy's derived key for its purpose, never the upstream secret itself", async () => {
    const body = session();
    const key = `order-${ref('purpose')}`;
    const created = await send(live, '/v1/sessions', {
      ...post(body, { 'idempotency-key': key }),
      key: LIVE.MERCHANT_API_KEY,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // The body as the route claims it: parsed by the session schema of this configuration.
    const config = loadConfig({ ...env, ...live } as ProxyEnv);
    const input = sessionCreateSchema(config.catalogue, { devMode: false }).parse(body);
    const [derived] = await purposeMacs(config, BODY_HASH_PURPOSE, canonicalJson(input));
    expect((await storedHash(key)).body_hash).toBe(derived);
  });

  it('matches a retry during the rotation overlap of SERVICE_SECRET_KEY, not after it', async () => {
    const body = session();
    const headers = { 'idempotency-key': `order-${ref('overlap')}` };
    const create = (overrides: Record<string, string | undefined>) =>
      send({ ...live, ...overrides }, '/v1/sessions', {
        ...post(body, headers),
        key: LIVE.MERCHANT_API_KEY,
      });
    const first = await create({});
    expect(first.status).toBe(201);
    const rotated = {
      SERVICE_SECRET_KEY: 'live-secret-rotated-9876543210',
      SERVICE_SECRET_KEY_PREVIOUS: LIVE.SERVICE_SECRET_KEY,
      SERVICE_SECRET_KEY_PREVIOUS_UNTIL: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const during = await create(rotated);
    expect(during.status).toBe(200);
    expect(during.json.id).toBe(first.json.id);
    // Another body under the same key is still told apart during the overlap.
    const other = await send({ ...live, ...rotated }, '/v1/sessions', {
      ...post({ ...body, amount: 301 }, headers),
      key: LIVE.MERCHANT_API_KEY,
    });
    expect(other.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
    // The overlap is over (the previous secret deleted): the old record no longer matches.
    const after = await create({
      SERVICE_SECRET_KEY: rotated.SERVICE_SECRET_KEY,
      SERVICE_SECRET_KEY_PREVIOUS: undefined,
      SERVICE_SECRET_KEY_PREVIOUS_UNTIL: undefined,
    });
    expect(after.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

// Which key scope may call which merchant route, from the one table (worker/keys/route-scopes.ts,
// whose docs and OpenAPI copies test/scripts/route-scopes.test.ts checks): every merchant
// operation of the OpenAPI document, called with a `read` and a `checkout` key, answers 403
// FORBIDDEN exactly where the table says the scope may not call it. And a `checkout` key (a
// storefront's) sees a session's `customer` masked as the public view masks it.
import { afterEach, describe, expect, it } from 'vitest';
import { SCOPE_GRANTS, scopesFor, type ScopeGrant } from '../../../worker/keys/route-scopes';
import { appOperations } from '../../../worker/openapi/document';
import { ref } from '../helpers';
import { CHECKOUT, FULL, READ, keysEnv, noKeysLeaked, post, send } from './support';

noKeysLeaked();

const scoped = keysEnv([
  { key: FULL, scope: 'full' },
  { key: READ, scope: 'read' },
  { key: CHECKOUT, scope: 'checkout' },
]);

/** An operation's path with its parameters filled with values no record has. */
const concrete = (path: string) =>
  path
    .replace('{id}', 'cs_aaaaaaaaaaaaaaaaaaaaaaaaaa')
    .replace('{ref}', 'none-such')
    .replace('{event}', 'checkout.succeeded');

describe('key scopes, route by route', () => {
  for (const [scope, key] of [
    ['read', READ],
    ['checkout', CHECKOUT],
  ] as const) {
    it(`a ${scope} key: 403 exactly where the table says no`, async () => {
      const wrong: string[] = [];
      for (const operation of appOperations().filter((o) => o.audience === 'merchant')) {
        const method = operation.method.toUpperCase();
        // An empty body: an allowed route refuses it (400) or finds nothing (404), never acts.
        const init = method === 'GET' ? { method } : { ...post({}), method };
        const res = await send(scoped, concrete(operation.path), { ...init, key });
        const allowed = scopesFor(method, operation.path).includes(scope);
        const forbidden = res.status === 403 && res.json.error?.code === 'FORBIDDEN';
        if (forbidden === allowed) wrong.push(`${method} ${operation.path}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('a checkout key sees customer masked', () => {
  const customer = {
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    mobile: '254712345678',
    email: 'wanjiru@example.com',
  };
  const masked = { first_name: 'Wanjiru', mobile_masked: '254******678' };

  it('in the create answer, its replay and the read; full and read keys see it whole', async () => {
    const body = { amount: 300, currency: 'KES', reference: ref('mask'), customer };
    const headers = { 'idempotency-key': `mask-${body.reference}` };
    const created = await send(scoped, '/v1/sessions', { ...post(body, headers), key: CHECKOUT });
    expect(created.status).toBe(201);
    expect(created.json.customer).toEqual(masked);
    const replay = await send(scoped, '/v1/sessions', { ...post(body, headers), key: CHECKOUT });
    expect(replay.status).toBe(200);
    expect(replay.json.customer).toEqual(masked);
    const path = `/v1/sessions/${created.json.id}`;
    expect((await send(scoped, path, { key: CHECKOUT })).json.customer).toEqual(masked);
    expect((await send(scoped, path, { key: READ })).json.customer).toEqual(customer);
    expect((await send(scoped, path, { key: FULL })).json.customer).toEqual(customer);
  });

  it('and the list carries no customer at all', async () => {
    const body = { amount: 300, currency: 'KES', reference: ref('mask'), customer };
    expect((await send(scoped, '/v1/sessions', { ...post(body), key: FULL })).status).toBe(201);
    const list = await send(scoped, `/v1/sessions?reference=${body.reference}`, { key: CHECKOUT });
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.json);
    for (const value of ['Kamau', '254712345678', 'wanjiru@example.com']) {
      expect(text).not.toContain(value);
    }
  });
});

describe('GET /v1/diagnostics reads the one table', () => {
  // The table as the module holds it: changed here for one case, restored after each.
  const grants = SCOPE_GRANTS as ScopeGrant[];
  const original = [...grants];
  afterEach(() => void grants.splice(0, grants.length, ...original));

  const diagnostics = async (key: string) =>
    (await send(scoped, '/v1/diagnostics', { key })).status;

  it('a grant the table adds or takes away is what the route answers', async () => {
    expect(await diagnostics(CHECKOUT)).toBe(403);
    grants.unshift({ method: 'GET', path: '/diagnostics', scopes: ['checkout'], note: 'test' });
    expect(await diagnostics(CHECKOUT)).not.toBe(403);
    expect(await diagnostics(READ)).toBe(403);
    expect(await diagnostics(FULL)).not.toBe(403);
  });
});

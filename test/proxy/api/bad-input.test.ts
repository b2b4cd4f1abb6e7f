// Bad input on every route: the corpus in test/fixtures/bad-input (malformed JSON, wrong types,
// missing and extra fields, hostile shapes, unicode edge cases, wrong content types, malformed
// ids), bodies one byte above each route's documented limit, and fast-check fuzzing. Every
// answer must be a 4xx in the error shape — never a 5xx, never a 2xx — and nothing may change:
// no session, attempt, payout or stored callback, no call to the upstream.
import { env, exports } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptBodySchema,
  otpBodySchema,
  payoutBodySchema,
  sessionCreateSchema,
} from '../../../shared/schemas';
import { validate } from '../../../shared/validation';
import { loadConfig } from '../../../worker/config';
import { DEFAULT_BODY_LIMIT } from '../../../worker/middleware/json-body';
import { CALLBACK_BODY_LIMIT } from '../../../worker/routes/hooks';
import { PAYMENT_LINK_BODY_LIMIT } from '../../../worker/routes/merchant-payments';
import attemptsFile from '../../fixtures/bad-input/attempts.json';
import otpFile from '../../fixtures/bad-input/otp.json';
import pathsFile from '../../fixtures/bad-input/paths.json';
import payoutsFile from '../../fixtures/bad-input/payouts.json';
import sessionsFile from '../../fixtures/bad-input/sessions.json';
import { BASE, createSession, expectNoSecrets, ref, seenBodies, startAttempt } from '../helpers';
import { applyMutation, mutationOf, onTheWire } from '../callbacks/mutations';
import {
  globalState,
  recordFigures,
  sandboxTransactions,
  sandboxTxFor,
  sessionState,
  type GlobalState,
  type SessionState,
} from '../hostile';
import {
  FUZZ_RUNS,
  send,
  headersFor,
  bodyOf,
  expectRefused,
  BODY_FILES,
} from './bad-input-support';

/** The routes that read a body, with the limit each documents (bytes). */
const BODY_ROUTES = {
  sessions: { path: () => '/v1/sessions', merchant: true, limit: DEFAULT_BODY_LIMIT },
  'dev-sessions': { path: () => '/dev/sessions', merchant: false, limit: DEFAULT_BODY_LIMIT },
  attempts: { path: () => `/v1/checkout/${open}/attempts`, merchant: false, limit: 4096 },
  otp: { path: () => `/v1/checkout/${otpSession}/otp`, merchant: false, limit: 1024 },
  'hooks-collections': {
    path: () => '/hooks/collections',
    merchant: false,
    limit: CALLBACK_BODY_LIMIT,
  },
  'hooks-payouts': { path: () => '/hooks/payouts', merchant: false, limit: CALLBACK_BODY_LIMIT },
  'hooks-payment-links': {
    path: () => '/hooks/payment-links',
    merchant: false,
    limit: CALLBACK_BODY_LIMIT,
  },
  'payment-links': {
    path: () => '/v1/payment-links',
    merchant: true,
    limit: PAYMENT_LINK_BODY_LIMIT,
  },
  payouts: { path: () => '/v1/payouts', merchant: true, limit: DEFAULT_BODY_LIMIT },
} as const;

type RouteName = keyof typeof BODY_ROUTES;

const ROUTE_NAMES = Object.keys(BODY_ROUTES) as RouteName[];

/** An open KES session (attempts) and one whose OTP attempt waits for a code. */
let open = '';

let otpSession = '';

let before: { global: GlobalState; open: SessionState; upstream: number };

const figures = { corpus_requests: 0, oversized_requests: 0, fuzz_requests: 0, path_requests: 0 };

/**
 * A session whose OTP attempt waits for a code. The sandbox expires an OTP after 2 of its
 * minutes (6 s here), so each test starts with a fresh one when the last has moved on.
 */
async function freshOtpSession(): Promise<void> {
  if (otpSession && (await sessionState(otpSession)).attempts[0]?.status === 'pending') return;
  otpSession = (await createSession({ amount: 5000, currency: 'XOF', reference: ref('bad') })).id;
  const started = await startAttempt(otpSession, {
    country_id: 3,
    method: 'Orange',
    mobile: '2250712345000',
  });
  expect(started.status).toBe(201);
}

async function snapshot() {
  return {
    global: await globalState(otpSession),
    open: await sessionState(open),
    upstream: (await sandboxTransactions()).length,
  };
}

/** No code was ever submitted for the OTP session's attempt (by the proxy or upstream). */
async function expectNoOtpSubmitted(what: string): Promise<void> {
  const history = (await sessionState(otpSession)).history;
  expect(
    history.filter((type) => type.startsWith('otp_')),
    what,
  ).toEqual([]);
}

/**
 * Nothing changed anywhere (the upstream is checked once per test, it is slower to read; the
 * OTP session only for submitted codes, since the sandbox expires its attempt on its own).
 */
async function expectUnchanged(what: string, upstream = false): Promise<void> {
  expect(await globalState(otpSession), what).toEqual(before.global);
  expect(await sessionState(open), what).toEqual(before.open);
  await expectNoOtpSubmitted(what);
  if (upstream) {
    expect((await sandboxTransactions()).length, what).toBe(before.upstream);
    const [tx] = await sandboxTxFor(`${otpSession}.1`);
    expect(tx?.otp_attempts, what).toBe(0);
  }
}

afterAll(() => expectNoSecrets());

beforeAll(async () => {
  open = (await createSession({ amount: 1500, currency: 'KES', reference: ref('bad') })).id;
});

beforeEach(async () => {
  await freshOtpSession();
  before = await snapshot();
});

afterAll(async () => {
  const total =
    figures.corpus_requests +
    figures.oversized_requests +
    figures.fuzz_requests +
    figures.path_requests;
  await recordFigures('bad_input', { malformed_requests: total, ...figures });
});

describe('the bad-input corpus', () => {
  for (const file of BODY_FILES) {
    const routes = file.routes.includes('*') ? ROUTE_NAMES : (file.routes as RouteName[]);
    it(`${file.description.split('.')[0]} (${file.cases.length} cases × ${routes.length} routes)`, async () => {
      for (const route of routes) {
        const target = BODY_ROUTES[route];
        for (const c of file.cases) {
          const what = `${route} ← ${c.name}`;
          const sent = await send(
            'POST',
            target.path(),
            await bodyOf(file, c, route),
            headersFor(target.merchant, c.content_type),
          );
          figures.corpus_requests += 1;
          const fallback =
            route.startsWith('hooks-') && !c.signed && file.base ? { status: 401 } : file.expect;
          expectRefused(sent, what, c.expect ?? fallback);
        }
        await expectUnchanged(`${route} after ${file.cases.length} cases`);
      }
      await expectUnchanged(`after ${file.description}`, true);
    }, 60_000);
  }

  it(`malformed URLs (${pathsFile.cases.length} cases)`, async () => {
    const touched = new Set<string>();
    for (const c of pathsFile.cases) {
      const path = c.path!.replaceAll('{session}', open);
      const body = c.json === undefined ? null : new TextEncoder().encode(JSON.stringify(c.json));
      const sent = await send(
        c.method!,
        path,
        body,
        headersFor(c.merchant === true, body ? 'application/json' : null),
      );
      figures.path_requests += 1;
      if (c.expect?.status === 200) {
        // The return page: a neutral page that reflects nothing it was given.
        expect(sent.status, c.name).toBe(200);
        expect(sent.text).not.toMatch(/<script>alert|&lt;script&gt;alert/);
      } else {
        expectRefused(sent, c.name, c.expect);
      }
      if (c.touches) touched.add(c.touches);
    }
    // An id nobody issued wakes an empty object; it must hold no record afterwards.
    for (const entry of touched) {
      const [kind, id] = entry.split(':') as ['session' | 'payout', string];
      const path = kind === 'session' ? `/v1/sessions/${id}` : `/v1/payouts/${id}`;
      expect((await send('GET', path, null, headersFor(true, null))).status, entry).toBe(404);
      if (kind === 'session') before.global.sessions += 1;
      else before.global.payouts += 1;
    }
    await expectUnchanged('after the URLs', true);
  });
});

describe('oversized bodies: a clear 413 above each documented limit', () => {
  /** A JSON object of exactly `size` bytes. */
  const jsonOfSize = (size: number) => {
    const shell = '{"pad":""}';
    return new TextEncoder().encode(`{"pad":"${'x'.repeat(size - shell.length)}"}`);
  };
  const streamOf = (bytes: Uint8Array) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
        controller.close();
      },
    });

  it('one byte above the limit (declared, or streamed without a length) is 413 with the limit', async () => {
    for (const route of ROUTE_NAMES) {
      const { path, merchant, limit } = BODY_ROUTES[route];
      for (const [how, body] of [
        ['declared', jsonOfSize(limit + 1)],
        ['streamed', streamOf(jsonOfSize(limit + 1))],
      ] as const) {
        const sent = await send('POST', path(), body, headersFor(merchant, undefined));
        figures.oversized_requests += 1;
        expectRefused(sent, `${route} ${how}`, { status: 413, code: 'PAYLOAD_TOO_LARGE' });
        expect(JSON.parse(sent.text)).toMatchObject({ error: { details: { limit } } });
      }
      // Exactly at the limit the body is read (and refused for what it says, not its size).
      const atLimit = await send(
        'POST',
        path(),
        jsonOfSize(limit),
        headersFor(merchant, undefined),
      );
      figures.oversized_requests += 1;
      expectRefused(atLimit, `${route} at the limit`);
      expect(atLimit.status, route).not.toBe(413);
    }
    await expectUnchanged('after the oversized bodies', true);
  }, 60_000);
});

describe('fuzzing', () => {
  const catalogue = loadConfig(env).catalogue;
  /** Valid bodies a mutation starts from, and the schema that says whether it still is. */
  const SEEDS: {
    route: RouteName;
    body: Record<string, unknown>;
    valid: (v: unknown) => boolean;
  }[] = [
    {
      route: 'sessions',
      body: sessionsFile.base!,
      valid: (v) => validate(sessionCreateSchema(catalogue), v).ok,
    },
    {
      route: 'attempts',
      body: attemptsFile.base!,
      valid: (v) => validate(attemptBodySchema, v).ok,
    },
    { route: 'otp', body: otpFile.base!, valid: (v) => validate(otpBodySchema, v).ok },
    { route: 'payouts', body: payoutsFile.base!, valid: (v) => validate(payoutBodySchema, v).ok },
  ];

  const hostileKey = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'amount', 'params', 'signature'),
  );
  const anyJson = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 1 }),
      fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
      fc.array(tie('value'), { maxLength: 4 }),
    ),
  })).value;

  const request = fc.oneof(
    // Any JSON value to any route.
    fc.record({
      route: fc.constantFrom(...ROUTE_NAMES),
      bytes: anyJson.map((v) => new TextEncoder().encode(JSON.stringify(v) ?? 'null')),
    }),
    // Any text, any bytes.
    fc.record({
      route: fc.constantFrom(...ROUTE_NAMES),
      bytes: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
        fc.uint8Array({ maxLength: 200 }),
      ),
    }),
    // A valid body with one field changed so that it is no longer valid.
    fc.constantFrom(...SEEDS).chain((seed) =>
      mutationOf(seed.body)
        .map((m) => onTheWire(applyMutation(seed.body, m)))
        .filter((mutated) => !seed.valid(mutated))
        .map((mutated) => ({
          route: seed.route,
          bytes: new TextEncoder().encode(JSON.stringify(mutated)),
        })),
    ),
  );

  it(`${FUZZ_RUNS} random or mutated bodies: always a 4xx in the error shape, nothing stored`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ route, bytes }) => {
        const target = BODY_ROUTES[route];
        const sent = await send(
          'POST',
          target.path(),
          bytes,
          headersFor(target.merchant, undefined),
        );
        figures.fuzz_requests += 1;
        expectRefused(sent, `${route} ← ${new TextDecoder().decode(bytes).slice(0, 120)}`);
        if (figures.fuzz_requests % 20 === 0) await expectUnchanged(`after ${route} fuzzing`);
      }),
      { numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    await expectUnchanged('after fuzzing', true);
  }, 90_000);
});

describe('odd but valid text survives storage (never a 5xx)', () => {
  it('NUL, lone surrogates, right-to-left marks and emoji in names and metadata', async () => {
    const odd = ['a\u0000b', 'x\ud800y', '\u202eevil', 'Am\u0131na \u{1F600}', 'e\u0301'];
    for (const text of odd) {
      const res = await exports.default.fetch(
        new Request(`${BASE}/v1/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${env.MERCHANT_API_KEY}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            amount: 100,
            currency: 'KES',
            reference: ref('odd'),
            customer: { first_name: text },
            metadata: { note: text },
          }),
        }),
      );
      const body = await res.text();
      seenBodies.push(body);
      expect(res.status, JSON.stringify(text)).toBeLessThan(500);
      if (res.status === 201) {
        const { id } = JSON.parse(body) as { id: string };
        const view = await exports.default.fetch(new Request(`${BASE}/v1/checkout/${id}`));
        expect(view.status).toBe(200);
        seenBodies.push(await view.text());
      }
    }
    // Sessions were created on purpose here: the baseline moves with them.
    before = await snapshot();
  });
});

// Prompts pushed to a payer's phone are limited per phone (across every
// session, shop and client address) and per session, with the production defaults
// (3 per 10 minutes and 10 per day per phone; 3 per 10 minutes per session); the per-address
// limit takes an IPv6 client by its /64. The real proxy, sandbox and Durable Objects.
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { addressBucket } from '../../../worker/middleware/address-bucket';
import { takePhonePrompt } from '../../../worker/prompt-limits/admit-prompt';
import { phoneMacs, phoneShard } from '../../../worker/prompt-limits/phone-key';
import { parsePromptRules } from '../../../worker/prompt-limits/rules';
import type { PreviousSecret } from '../../../worker/secret-rotation';
import { checkout, createSession, expectNoSecrets, getSession, ref } from '../helpers';
import { passInputDeadlines } from '../sessions/support';

afterAll(() => expectNoSecrets());

let ipCounter = 0;
/** A client address no other test uses (the per-address limit stays out of the way). */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** Posts an attempt from a client address; answers the status, body and Retry-After. */
async function attempt(sessionId: string, body: Record<string, unknown>, ip = freshIp()) {
  const res = await checkout(`/${sessionId}/attempts`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    json: (await res.json()) as { error?: { code: string; details?: Record<string, unknown> } },
  };
}

/** A phone limiter object by name. */
const limiterOf = (name: string) => env.PHONE_LIMITER.get(env.PHONE_LIMITER.idFromName(name));

/** What the purpose keys are derived from: `secret`, and `previous` during its overlap. */
const secrets = (secret: string, previous: PreviousSecret | null = null) => ({
  credentials: { secretKey: secret },
  rotation: { SERVICE_SECRET_KEY: previous, MERCHANT_WEBHOOK_SECRET: null },
});

const KIND = 'phone_prompt';

/** The production phone limits, under `secret` (and `previous` during its overlap). */
const limitsUnder = (secret: string, previous: PreviousSecret | null = null) => ({
  ...secrets(secret, previous),
  promptLimits: {
    phone: parsePromptRules('PHONE_PROMPT_LIMITS', '', '3/10m,10/1d'),
    session: [],
  },
});

const kenya = (mobile: string) => ({ country_id: 1, method: 'send money', mobile });

describe('prompts per phone', () => {
  it('the 4th prompt to one phone within 10 minutes is refused, from other sessions and addresses', async () => {
    // 005: the sandbox leaves the prompt pending, so nothing settles meanwhile.
    const phone = '254798765005';
    const sessions = await Promise.all(
      [1, 2, 3, 4].map(() =>
        createSession({ amount: 100, currency: 'KES', reference: ref('phone-limit') }),
      ),
    );
    for (const session of sessions.slice(0, 3)) {
      expect((await attempt(session.id, kenya(phone))).status).toBe(201);
    }
    const fourth = await attempt(sessions[3]!.id, kenya(phone));
    expect(fourth.status).toBe(429);
    expect(fourth.json.error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { limit: 'phone' },
    });
    const seconds = Number(fourth.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(fourth.json.error?.details?.retry_after).toBe(seconds);
    // Refused before anything was sent: the session holds no attempt.
    expect((await getSession(sessions[3]!.id)).attempts).toEqual([]);
    // Another phone on the same session is served.
    expect((await attempt(sessions[3]!.id, kenya('254798765105'))).status).toBe(201);
  });

  it('10 a day: the 11th prompt in a day is refused even when spread out; the object forgets after the day', async () => {
    const rules = parsePromptRules('PHONE_PROMPT_LIMITS', '', '3/10m,10/1d');
    const stub = limiterOf(await phoneShard('+254700000999'));
    const macs = await phoneMacs(secrets(env.SERVICE_SECRET_KEY), '+254700000999');
    const take = (at: number) => stub.take(macs, rules, at);
    const start = Date.now();
    const minute = 60_000;
    for (let i = 0; i < 10; i++) {
      expect(await take(start + i * 5 * minute)).toEqual({ ok: true });
    }
    const eleventh = await take(start + 50 * minute);
    expect(eleventh).toEqual({ ok: false, retryAfterMs: 86_400_000 - 50 * minute });
    // A day after the first, there is room again.
    expect(await take(start + 24 * 60 * minute)).toEqual({ ok: true });
    // Its alarm deletes what it kept once the last window is over.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE name = 'phone_prompts'")
        .toArray(),
    );
    expect(left).toEqual([]);
  });

  it('the limiter object is named by a shard of no secret; its rows by a MAC, never the number', async () => {
    const phone = '+254798765006';
    const name = await phoneShard(phone);
    expect(name).toMatch(/^phone-limiter:[0-9a-f]{3}$/);
    const before = await phoneMacs(secrets(env.SERVICE_SECRET_KEY), phone);
    expect(before[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await phoneMacs(secrets('another-key'), phone)).not.toEqual(before);
    expect(
      await takePhonePrompt(env, limitsUnder(env.SERVICE_SECRET_KEY), KIND, phone, Date.now()),
    ).toBeNull();
    const stored = await runInDurableObject(limiterOf(name), (_instance, state) =>
      JSON.stringify(state.storage.sql.exec('SELECT * FROM phone_prompts').toArray()),
    );
    expect(stored).toContain(before[0]);
    expect(stored).not.toContain('254798765006');
  });

  it("a rotation of SERVICE_SECRET_KEY keeps each phone's count: its overlap moves the rows", async () => {
    const phone = '254798765007';
    const old = 'phone-limit-secret-before-rotation';
    const rotated = 'phone-limit-secret-after-rotation';
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      expect(await takePhonePrompt(env, limitsUnder(old), KIND, phone, now + i)).toBeNull();
    }
    // During the overlap the 4th prompt within 10 minutes is refused: the count was kept.
    const overlap = limitsUnder(rotated, { secret: old, untilMs: now + 86_400_000 });
    expect(await takePhonePrompt(env, overlap, KIND, phone, now + 10)).toMatchObject({
      ok: false,
      body: { error: { details: { limit: 'phone' } } },
    });
    // After the overlap (the previous secret gone), the rows moved to the current key count.
    expect(await takePhonePrompt(env, limitsUnder(rotated), KIND, phone, now + 20)).toMatchObject({
      ok: false,
    });
  });

  it('a redirect wallet sends no prompt to the phone and is not counted', async () => {
    const phone = '221771234005';
    for (let i = 0; i < 4; i++) {
      const session = await createSession({ amount: 500, currency: 'XOF', reference: ref('wave') });
      const started = await attempt(session.id, {
        country_id: 9,
        method: 'Wave',
        mobile: phone,
        name: 'Awa Diop',
      });
      expect(started.status, JSON.stringify(started.json)).toBe(201);
    }
  });
});

describe('prompts per session', () => {
  it('a session sends at most 3 prompts in 10 minutes, whatever the phones', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('s') });
    const phones = ['254711111005', '254722222005', '254733333005', '254744444005'];
    for (const phone of phones.slice(0, 3)) {
      expect((await attempt(session.id, kenya(phone))).status).toBe(201);
      // The payer did not answer: the input window closes and a new attempt may start.
      await passInputDeadlines(session.id);
    }
    const fourth = await attempt(session.id, kenya(phones[3]!));
    expect(fourth.status).toBe(429);
    expect(fourth.json.error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { limit: 'session' },
    });
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
    expect((await getSession(session.id)).attempts).toHaveLength(3);
  });
});

describe('attempts per client address', () => {
  it('an IPv6 client is limited by its /64: new addresses in it share one limit', async () => {
    // A session id nobody created: each post passes the address limit, then answers 404.
    const unknown = `cs_${'a'.repeat(22)}ipvs`;
    const codes: string[] = [];
    let limited: { retryAfter: string | null } | null = null;
    for (let i = 1; i <= 45 && !limited; i++) {
      const res = await checkout(`/${unknown}/attempts`, {
        method: 'POST',
        headers: { 'cf-connecting-ip': `2001:db8:24:1:${i.toString(16)}::${i.toString(16)}` },
        body: JSON.stringify(kenya('254712345005')),
      });
      const body = (await res.json()) as { error: { code: string } };
      codes.push(body.error.code);
      if (body.error.code === 'RATE_LIMITED')
        limited = { retryAfter: res.headers.get('retry-after') };
    }
    expect(codes).toContain('RATE_LIMITED');
    expect(limited?.retryAfter).toBe('60');
    // Another /64 is not affected.
    const other = await checkout(`/${unknown}/attempts`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': '2001:db8:24:2::1' },
      body: JSON.stringify(kenya('254712345005')),
    });
    expect(other.status).toBe(404);
  });

  it('buckets addresses: IPv6 by /64 in any spelling, IPv4 (and IPv4-mapped IPv6) as is', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('local')).toBe('local');
  });
});

// Secrets and personal data never reach the logs: the log lines themselves, and the secret sweep
// that checks every suite's responses and logs.

import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../worker/middleware/error-handler';
import { requestLog } from '../../../worker/middleware/request-log';
import { findLeaks, payerDetails, payerPhones, secretForms } from '../../support/secret-sweep';
import { checkout, createSession, expectNoSecrets, merchant, ref, seenLogs } from '../helpers';

// Log lines carry a request id and the route pattern, never a session id, a path, a
// phone number, a token or a secret; the secret sweep flags session ids in log lines.

const SESSION = 'cs_abcdefghijklmnopqrstuvwxyz';
const lines = (from: number) =>
  seenLogs
    .slice(from)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

afterAll(() => expectNoSecrets());

describe('request logs', () => {
  it('name the route pattern and a request id, never the session id in the path', async () => {
    const session = await createSession({ amount: 500, currency: 'KES', reference: ref() });
    const from = seenLogs.length;
    // A refused request (409: no attempt waits for a code) is logged; its path holds the id.
    const res = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '123456' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines(from)).toContainEqual(
      expect.objectContaining({
        event: 'request',
        request_id: id,
        method: 'POST',
        route: '/v1/checkout/:id/otp',
        status: res.status,
      }),
    );
    expect(seenLogs.slice(from).join('\n')).not.toContain(session.id);
  });

  it('ignore a caller-chosen X-Request-Id (it could carry anything into our logs)', async () => {
    const from = seenLogs.length;
    const res = await merchant(`/v1/sessions/${SESSION}`, { headers: { 'x-request-id': SESSION } });
    expect(res.headers.get('x-request-id')).not.toBe(SESSION);
    expect(seenLogs.slice(from).join('\n')).not.toContain(SESSION);
  });

  it('the error handler logs the route pattern and the request id, not the path', async () => {
    const app = new Hono();
    app.use('*', requestLog());
    app.onError(errorHandler());
    app.get('/v1/checkout/:id', () => {
      throw new TypeError(`boom for ${SESSION}`);
    });
    const from = seenLogs.length;
    const res = await app.request(`/v1/checkout/${SESSION}`);
    expect(res.status).toBe(500);
    const logged = lines(from);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        event: 'unhandled_error',
        route: '/v1/checkout/:id',
        request_id: res.headers.get('x-request-id'),
        error: 'TypeError',
      }),
    );
    expect(seenLogs.slice(from).join('\n')).not.toContain(SESSION);
  });
});

describe('the secret sweep', () => {
  it('flags a session id (bare or in an attempt reference) in a log line, not in a body', () => {
    const texts = [
      { source: 'log line #1', text: `unhandled error on GET /v1/checkout/${SESSION}` },
      { source: 'log line #2', text: `attempt ${SESSION}.2 failed` },
      { source: 'response #1', text: `{"id":"${SESSION}"}` },
      { source: 'anything', text: `x ${SESSION}`, log: true },
    ];
    const leaks = findLeaks(texts, { secrets: [], phones: [] });
    expect(leaks.map((l) => [l.source, l.kind])).toEqual([
      ['log line #1', 'session_id'],
      ['log line #2', 'session_id'],
      ['anything', 'session_id'],
    ]);
    expect(JSON.stringify(leaks)).not.toContain(SESSION);
  });
});

// The secret sweep itself (test/support/secret-sweep.ts): it must find what it is for, in the
// forms a leak takes, and not cry wolf on masked numbers or longer digit runs.

const WEBHOOK = 'whsec_ZGV2LXdlYmhvb2stc2VjcmV0LWZvci1sb2NhbC11c2U=';
const needles = {
  secrets: ['test-secret', 'dev-merchant-key', WEBHOOK],
  phones: ['254712345000'],
};
const sweep = (text: string) => findLeaks([{ source: 't', text }], needles);

describe('secret sweep', () => {
  it('finds each secret verbatim, URL-encoded, or as the bare base64 of a webhook secret', () => {
    expect(sweep('{"key":"dev-merchant-key"}')).toMatchObject([{ kind: 'secret' }]);
    expect(sweep('senderKey=test-secret&x=1')).toMatchObject([{ kind: 'secret' }]);
    expect(sweep(`secret=${encodeURIComponent(WEBHOOK)}`)).toMatchObject([{ kind: 'secret' }]);
    expect(sweep('key ZGV2LXdlYmhvb2stc2VjcmV0LWZvci1sb2NhbC11c2U=')).toMatchObject([
      { kind: 'secret' },
    ]);
    expect(secretForms(WEBHOOK)).toHaveLength(3);
  });

  it('finds a full phone number, and only a full one', () => {
    expect(sweep('paid by 254712345000.')).toMatchObject([{ kind: 'phone', at: 8 }]);
    expect(sweep('{"mobile":"254712345000"}')).toHaveLength(1);
    expect(sweep('masked 2547****5000')).toEqual([]);
    expect(sweep('timestamp 17002547123450001')).toEqual([]);
    expect(sweep('other 254712345001')).toEqual([]);
  });

  it('never repeats a secret in its report', () => {
    const [leak] = sweep('dev-merchant-key');
    expect(JSON.stringify(leak)).not.toContain('dev-merchant-key');
    const [phone] = sweep('254712345000');
    expect(JSON.stringify(phone)).not.toContain('254712345000');
  });

  it('collects payer phones from request bodies, not the merchant prefill', () => {
    expect(
      payerPhones({
        mobile: '+254 712 345 000',
        customer: { mobile: '254700000000' },
        nested: [{ mobile: '256772000001' }],
      }).sort(),
    ).toEqual(['254712345000', '256772000001']);
  });

  it('finds a payer name or ID number in a log line, not in a response body', () => {
    const personal = { secrets: [], phones: [], personal: ['Thandi Mokoena', '8001015009087'] };
    const texts = [
      { source: 'log line #1', text: '{"event":"attempt","name":"Thandi Mokoena"}' },
      { source: 'log line #2', text: 'id 8001015009087 refused' },
      { source: 'response #1', text: '{"name":"Thandi Mokoena","id_number":"8001015009087"}' },
      { source: 'log line #3', text: '{"event":"request","route":"/v1/checkout/:id"}' },
    ];
    const leaks = findLeaks(texts, personal);
    expect(leaks.map((l) => [l.source, l.kind])).toEqual([
      ['log line #1', 'personal'],
      ['log line #2', 'personal'],
    ]);
    expect(JSON.stringify(leaks)).not.toContain('Mokoena');
    expect(JSON.stringify(leaks)).not.toContain('8001015009087');
  });

  it('collects names and ID numbers from request bodies, the prefill included', () => {
    expect(
      payerDetails({
        name: 'Thandi Mokoena',
        id_number: '800101 5009 087',
        customer: { first_name: 'Amina', last_name: 'Wanjiru', mobile: '254700000000' },
        account_name: 'Ada Obi',
        method: 'bank_id',
      }).sort(),
    ).toEqual(['8001015009087', 'Ada Obi', 'Amina', 'Thandi Mokoena', 'Wanjiru']);
  });
});

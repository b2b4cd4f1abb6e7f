// Log lines carry a request id and the route pattern, never a session id, a path, a
// phone number, a token or a secret; the secret sweep flags session ids in log lines.
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../worker/middleware/error-handler';
import { requestLog } from '../../../worker/middleware/request-log';
import { findLeaks } from '../../support/secret-sweep';
import { checkout, createSession, expectNoSecrets, merchant, ref, seenLogs } from '../helpers';

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

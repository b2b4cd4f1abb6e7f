// The callback receiver of the `sandbox` test project. vitest.config.ts installs it as the
// sandbox worker's miniflare `outboundService`, so it runs in Node and sees every plain
// fetch() the sandbox (and the test code beside it) makes:
//   POST http://receiver.test/hooks/<bucket>[?fail=N][&fail_status=S]
//        records the call; answers S (default 500) to the first N calls, 200 afterwards
//   GET  http://receiver.test/calls/<bucket>
//        the calls recorded for that bucket: [{ body, answered, at }]
// Anything else answers 502 (an unreachable host). Buckets are random per test, so test files
// (each with its own workerd) never see each other's calls.

/** One recorded callback. */
export interface RecordedCall {
  /** The raw request body. */
  body: string;
  /** The HTTP status the receiver answered. */
  answered: number;
  /** Milliseconds since the epoch when it arrived. */
  at: number;
  contentType: string | null;
}

/** Host name of the receiver. */
export const RECEIVER_HOST = 'receiver.test';

/** A fresh receiver: an outboundService function with its own memory. */
export function createCallbackReceiver(): (request: Request) => Promise<Response> {
  const buckets = new Map<string, RecordedCall[]>();
  return async (request) => {
    const url = new URL(request.url);
    if (url.hostname !== RECEIVER_HOST) {
      return new Response(`no network in tests: ${url.host}`, { status: 502 });
    }
    const [, kind, bucket] = url.pathname.split('/');
    if (!bucket) return new Response('no bucket', { status: 404 });
    const calls = buckets.get(bucket) ?? [];
    buckets.set(bucket, calls);
    if (kind === 'calls' && request.method === 'GET') return Response.json(calls);
    if (kind !== 'hooks' || request.method !== 'POST') {
      return new Response('unknown receiver route', { status: 404 });
    }
    const failures = Number(url.searchParams.get('fail') ?? 0);
    const failStatus = Number(url.searchParams.get('fail_status') ?? 500);
    const answered = calls.length < failures ? failStatus : 200;
    calls.push({
      body: await request.text(),
      answered,
      at: Date.now(),
      contentType: request.headers.get('content-type'),
    });
    return answered === 200
      ? Response.json({ ok: true })
      : new Response('receiver told to fail', { status: answered });
  };
}

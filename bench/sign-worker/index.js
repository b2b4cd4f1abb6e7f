/**
 * Bench-only Worker: `GET /sign?n=N` signs N envelopes (shared/signing.ts `signEnvelope`, the
 * proxy's own code path for every upstream call) over the params of a typical collection
 * request, one after the other, and answers the last signature. `n=0` measures the request
 * alone. Timing is done by the caller: inside workerd the clock only moves on I/O.
 * @module
 */
import { signEnvelope } from '../../shared/signing';

/** The params of an M-PESA attempt, as worker/session/collection-params.ts builds them. */
const PARAMS = {
  amount: 1500,
  currency: 'KES',
  country_id: 1,
  payment_method_type: 'send money',
  callback_url: 'https://pay.example.com/hooks/collections',
  third_party_reference_1: 'cs_abcdefghijklmnopqrstuvwxyz.1',
  third_party_reference_2: 'order-1042',
  mobile: '254712345005',
};

const CREDENTIALS = { clientId: 'test-client', sender: 'Test Shop', secretKey: 'bench-secret' };

/** Most signatures one request may ask for. */
const MAX_N = 1_000_000;

export default {
  /** @param {Request} request */
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/health') return Response.json({ ok: true });
    if (url.pathname !== '/sign') return new Response('not found', { status: 404 });
    const n = Math.min(Math.max(Number(url.searchParams.get('n')) || 0, 0), MAX_N);
    let last = '';
    for (let i = 0; i < n; i++) last = (await signEnvelope(PARAMS, CREDENTIALS)).signature;
    return Response.json({ n, last });
  },
};

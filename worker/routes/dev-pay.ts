/**
 * `POST /sandbox/control/sessions/:id/pay {outcome, method?}` (development only): pays an open
 * checkout session the way a payer would, through the public checkout API (an attempt with a
 * sandbox test number, then the OTP `000000` when the method asks for one), for integration
 * tests and scripts. The money still travels the real way: the sandbox answers and calls back,
 * and the session settles from that. Mounted beside the other dev routes (worker/routes/dev.ts).
 * @module
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CheckoutError } from '../../shared/errors';
import { PROMPT_KINDS } from '../../shared/method-kinds';
import type { CheckoutView, CountryOption } from '../../shared/view';
import type { ProxyApp } from '../app-env';
import { jsonBody } from '../middleware/json-body';

/** The sandbox's scripted endings (docs/sandbox.md, "Test numbers"). */
const ENDINGS = { success: '000', failed: '001', pending: '005' } as const;

const PayBody = z.strictObject({
  outcome: z.enum(['success', 'failed', 'pending']),
  /** A method of the session (its `value`, e.g. `M-PESA`); default: its first phone method. */
  method: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /** One of the session's countries (a method's name may be offered in several). */
  country_id: z.optional(z.int().check(z.positive())),
});

/** A sandbox test number of `country` ending in `ending`, in international form. */
export function testNumber(country: CountryOption, ending: string): string {
  return (
    country.dial_code + '7'.padEnd(country.national_number_length - ending.length, '1') + ending
  );
}

/** The first offered country and phone-prompt method (named `method`, of `countryId`, when given). */
function phoneMethod(
  view: CheckoutView,
  method: string | undefined,
  countryId: number | undefined,
) {
  for (const country of view.countries) {
    if (countryId !== undefined && country.id !== countryId) continue;
    for (const option of country.methods) {
      if (!PROMPT_KINDS.includes(option.kind)) continue;
      if (method === undefined || option.value === method) return { country, option };
    }
  }
  throw new CheckoutError(
    'VALIDATION_FAILED',
    method === undefined
      ? 'This session offers no phone method (mobile prompt or OTP) to pay from a script.'
      : `This session offers no phone method ${method}.`,
    { issues: [{ path: 'method', message: 'not a phone method of this session' }] },
  );
}

/**
 * The pay route. `checkoutApp` answers the public checkout API (`/v1/checkout/…`).
 *
 * @example
 * app.route('/', devPayRoute(app));
 */
export function devPayRoute(checkoutApp: Hono<ProxyApp>) {
  const app = new Hono<ProxyApp>();
  const body = jsonBody(PayBody, { limit: 1024, invalid: 'Send {"outcome": "success"}.' });
  app.post('/sandbox/control/sessions/:id/pay', body, async (c) => {
    const { outcome, method, country_id: countryId } = c.req.valid('json');
    const base = new URL(c.req.url).origin;
    const call = (path: string, payload?: unknown) =>
      checkoutApp.fetch(
        new Request(`${base}/v1/checkout/${encodeURIComponent(c.req.param('id'))}${path}`, {
          method: payload === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload === undefined ? undefined : JSON.stringify(payload),
        }),
        c.env,
        c.executionCtx,
      );
    const viewed = await call('');
    if (!viewed.ok) return viewed;
    const { country, option } = phoneMethod(
      (await viewed.json()) as CheckoutView,
      method,
      countryId,
    );
    const started = await call('/attempts', {
      country_id: country.id,
      method: option.value,
      mobile: testNumber(country, ENDINGS[outcome]),
    });
    if (!started.ok) return started;
    const view = (await started.json()) as CheckoutView;
    // An OTP method: the code the sandbox accepts.
    if (view.attempt?.next?.type === 'enter_otp') return call('/otp', { otp: '000000' });
    return c.json(view, 201);
  });
  return app;
}

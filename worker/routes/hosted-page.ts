/**
 * The hosted checkout page, `GET /pay/:id` (the session's `checkout_url`): for merchants with
 * no web front end of their own (a mobile app, an order taken on WhatsApp or SMS, an emailed
 * invoice). Server-rendered, strict CSP with a per-response nonce, the widget inside with its
 * first view, and a page of its own for each state: 404 unknown, 410 expired, 200 already paid.
 * @module
 */
import { Hono, type Context } from 'hono';
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { CheckoutError } from '../../shared/errors';
import { isUnsettledAttempt } from '../../shared/status';
import type { HostedSession } from '../session/merchant-view';
import type { Outcome } from '../durable/outcome';
import type { ProxyApp } from '../app-env';
import { config } from '../middleware/config';
import { pickLocale } from '../hosted/locale';
import {
  checkoutPage,
  expiredPage,
  notFoundPage,
  paidPage,
  type OrderSummary,
  type PageContext,
} from '../hosted/page';
import { findSessionStub } from '../stubs';
import { languageChunk, widgetPreloads } from '../hosted/widget-files';

type Env = {
  Bindings: ProxyApp['Bindings'];
  Variables: ProxyApp['Variables'] & SecureHeadersVariables;
};

/** `img-src` also allows the logo's origin when `BRAND_LOGO_URL` is on another host. */
function logoSource(c: Context<Env>): string {
  const logo = c.var.config.brand.logoUrl;
  return logo ? new URL(logo).origin : "'self'";
}

/**
 * The page's security headers (hono/secure-headers): scripts and styles only from this origin
 * or carrying this response's nonce, no framing, no plugins, no `<base>`; popups keep their
 * opener (redirect methods' return page reports to it).
 *
 * @example
 * app.use('*', config(), hostedHeaders());
 */
export function hostedHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", NONCE],
      imgSrc: ["'self'", 'data:', logoSource],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    xFrameOptions: 'DENY',
  });
}

/** True when a pending (or under review) last attempt may still pay the session. */
function stillSettling(view: HostedSession['view']): boolean {
  return view.attempt ? isUnsettledAttempt(view.attempt.status) : false;
}

/**
 * `GET /pay/:id[?locale=fr]`: the hosted checkout page.
 *
 * @example
 * app.route('/pay', hostedPage());
 */
export function hostedPage() {
  const app = new Hono<Env>();
  app.use('*', config(), hostedHeaders());

  app.get('/:id', async (c) => {
    const locale = pickLocale(c.req.query('locale'), c.req.header('accept-language'));
    const ctx: PageContext = {
      brand: c.var.config.brand,
      locale,
      nonce: c.get('secureHeadersNonce')!,
      languageChunk: null,
    };
    c.header('Vary', 'Accept-Language');
    c.header('Content-Language', locale.tag);
    const stub = findSessionStub(c.env, c.req.param('id'));
    if (!stub) return c.html(notFoundPage(ctx), 404);
    // Read beside the session's RPC (once per isolate), used only where the widget shows.
    const chunk = languageChunk(c.env.ASSETS, locale.language);
    const outcome = (await stub.hosted()) as Outcome<HostedSession>;
    if (!outcome.ok) {
      if (outcome.status === 404) return c.html(notFoundPage(ctx), 404);
      throw new CheckoutError(outcome.body.error.code, outcome.body.error.message);
    }
    const { view, reference, description, refunded } = outcome.value;
    // The widget's module and the page's language chunk: in the page's head, and in a Link
    // header that Cloudflare can send early as 103 Early Hints.
    const willShowWidget =
      view.status !== 'succeeded' && (view.status !== 'expired' || stillSettling(view));
    if (willShowWidget) {
      ctx.languageChunk = await chunk;
      c.header('Link', widgetPreloads(ctx.languageChunk));
    }
    const order: OrderSummary = {
      id: view.id,
      amount: view.amount,
      currency: view.currency,
      reference,
      description,
      returnUrl: view.return_url,
    };
    if (view.status === 'succeeded') {
      return c.html(paidPage(ctx, order, c.req.query('returned') === '1', refunded ?? 0), 200);
    }
    if (view.status === 'expired') {
      // Expired, but the last attempt may still pay: the widget follows it ("if you did pay,
      // this page will update"), under the expired status.
      return stillSettling(view)
        ? c.html(checkoutPage(ctx, order, view), 410)
        : c.html(expiredPage(ctx, order), 410);
    }
    return c.html(checkoutPage(ctx, order, view), 200);
  });

  return app;
}

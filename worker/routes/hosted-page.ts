/**
 * The hosted checkout page, `GET /pay/:id` (the session's `checkout_url`): for merchants with
 * no web front end of their own (a mobile app, an order taken on WhatsApp or SMS, an emailed
 * invoice). Server-rendered, strict CSP with a per-response nonce, the widget inside with its
 * first view, and a page of its own for each state: 404 unknown, 410 expired, 200 already paid.
 * Without JavaScript the same steps work as plain HTML forms (docs/hosted-page.md).
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
import { findSessionStub, sessionStub } from '../stubs';
import { languageChunk, widgetPreloads } from '../hosted/widget-files';
import { returnHref } from '../hosted/page';
import { FORM_TOKEN, formToken, fromHostedPage } from '../hosted/form-guard';
import { readForm } from '../hosted/form-body';
import { FORM_POSTS, type FormName } from '../hosted/form-posts';
import { noJsCard } from '../hosted/steps';
import {
  chosenMethod,
  noJsStep,
  refreshes,
  REFRESH_SECONDS,
  type NoJsPosition,
} from '../hosted/no-js-state';
import { widgetStrings } from '../hosted/widget-strings';
import { HOSTED_STRINGS } from '../../shared/strings/hosted';
import { limitAddress } from './checkout';
import { contract } from '../openapi/contract';
import { HTML_PAGE } from '../openapi/contract';

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

/** What one hosted response knows of the request: locale, page context, links. */
interface Request {
  ctx: PageContext;
  /** `/pay/:id` + `path`, keeping `?locale=` when the page was asked for one. */
  href: (path: string, extra?: Record<string, string>) => string;
}

function request(c: Context<Env>): Request {
  const asked = c.req.query('locale');
  const locale = pickLocale(asked, c.req.header('accept-language'));
  c.header('Vary', 'Accept-Language');
  c.header('Content-Language', locale.tag);
  const base = `/pay/${c.req.param('id')}`;
  return {
    ctx: {
      brand: c.var.config.brand,
      locale,
      nonce: c.get('secureHeadersNonce')!,
      languageChunk: null,
      languageHref: (code) => {
        // The same page (a form's answer: the page it shows), keeping the payer's place.
        const query = new URLSearchParams(c.req.method === 'GET' ? new URL(c.req.url).search : '');
        query.delete('returned');
        query.set('locale', code);
        return `${base}?${query}`;
      },
    },
    href: (path, extra = {}) => {
      const query = new URLSearchParams(extra);
      if (asked && asked === locale.tag) query.set('locale', asked);
      const text = query.toString();
      return `${base}${path}${text ? `?${text}` : ''}`;
    },
  };
}

/** The session's hosted view, or a 404 page when there is no such session. */
async function hostedSession(c: Context<Env>, ctx: PageContext): Promise<HostedSession | Response> {
  const stub = findSessionStub(c.env, c.req.param('id')!);
  if (!stub) return c.html(notFoundPage(ctx), 404);
  const outcome = (await stub.hosted()) as Outcome<HostedSession>;
  if (outcome.ok) {
    // The session's own locale, and its countries' usual language, now known.
    const { view } = outcome.value;
    ctx.locale = pickLocale(c.req.query('locale'), c.req.header('accept-language'), {
      locale: view.locale,
      countries: view.countries.map((country) => country.iso2),
    });
    c.header('Content-Language', ctx.locale.tag);
    return outcome.value;
  }
  if (outcome.status === 404) return c.html(notFoundPage(ctx), 404);
  throw new CheckoutError(outcome.body.error.code, outcome.body.error.message);
}

/**
 * The page for a session: already paid, expired, or the checkout (the widget, and the same
 * step as plain HTML for browsers without JavaScript).
 */
async function renderPage(
  c: Context<Env>,
  req: Request,
  session: HostedSession,
  at: NoJsPosition,
  status?: number,
): Promise<Response> {
  const { ctx } = req;
  const { view, reference, description, refunded } = session;
  // The widget's module and the page's language chunk: in the page's head, and in a Link
  // header that Cloudflare can send early as 103 Early Hints.
  const willShowWidget =
    view.status !== 'succeeded' && (view.status !== 'expired' || stillSettling(view));
  if (willShowWidget) {
    ctx.languageChunk = await languageChunk(c.env.ASSETS, ctx.locale.language);
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
  if (view.status === 'expired' && !stillSettling(view)) {
    return c.html(expiredPage(ctx, order), 410);
  }
  const step = noJsStep(view, at.chosen, at.dismissed);
  const t = HOSTED_STRINGS[ctx.locale.language];
  const token = await formToken(c, view.id);
  const card = noJsCard(step, {
    view,
    t: widgetStrings(ctx.locale.language),
    tag: ctx.locale.tag,
    token,
    href: req.href,
    chosen: at.chosen,
    dismissed: at.dismissed,
    refused: at.refused,
    returnHref: view.return_url ? returnHref(view.return_url, view.id) : null,
    returnText: t.returnTo.replaceAll('{brand}', ctx.brand.name),
    checkAgainText: t.checkAgain,
  });
  // A waiting step reloads as `?returned=1`: once paid, the page says "Payment received" and
  // returns to the shop by itself, as the widget does after its success.
  const noJs = {
    card,
    refresh: refreshes(step) ? `${REFRESH_SECONDS};url=${req.href('', { returned: '1' })}` : null,
  };
  // Expired, but the last attempt may still pay: the widget follows it ("if you did pay,
  // this page will update"), under the expired status.
  return c.html(
    checkoutPage(ctx, order, view, noJs),
    (status ?? (view.status === 'expired' ? 410 : 200)) as 200,
  );
}

/**
 * `GET /pay/:id[?locale=fr]`: the hosted checkout page; `POST /pay/:id/choose`, `/attempt` and
 * `/otp`: its forms without JavaScript (worker/hosted/form-posts.ts).
 *
 * @example
 * app.route('/pay', hostedPage());
 */
export function hostedPage() {
  const app = new Hono<Env>();
  app.use('*', config(), hostedHeaders());

  app.get(
    '/:id',
    contract({
      operationId: 'hostedPage',
      tag: 'Hosted page',
      summary: 'The hosted checkout page (a session’s `checkout_url`)',
      audience: 'public',
      responses: { 200: HTML_PAGE, 404: HTML_PAGE, 410: HTML_PAGE },
      errors: ['CONFIG_INVALID'],
    }),
    async (c) => {
      const req = request(c);
      const session = await hostedSession(c, req.ctx);
      if (session instanceof Response) return session;
      return renderPage(c, req, session, {
        chosen: chosenMethod(session.view, c.req.query('method')),
        dismissed: c.req.query('retry') ?? null,
      });
    },
  );

  app.post(
    '/:id/:form{choose|attempt|otp}',
    contract({
      operationId: 'hostedPageForm',
      tag: 'Hosted page',
      summary: "The hosted page's forms without JavaScript (`form`: choose, attempt or otp)",
      description:
        'An `application/x-www-form-urlencoded` post from the page itself (its form token): 303 ' +
        'to the next step (Post/Redirect/Get), or the same step again with what was wrong, in ' +
        "the refusal's status.",
      audience: 'public',
      responses: {
        200: HTML_PAGE,
        303: { contentType: 'none', description: 'See Other: the next step.' },
        400: HTML_PAGE,
        404: HTML_PAGE,
        409: HTML_PAGE,
        410: HTML_PAGE,
        422: HTML_PAGE,
        423: HTML_PAGE,
        429: HTML_PAGE,
      },
      errors: [
        'ORIGIN_NOT_ALLOWED',
        'UNSUPPORTED_MEDIA_TYPE',
        'PAYLOAD_TOO_LARGE',
        'CONFIG_INVALID',
      ],
    }),
    async (c) => {
      const req = request(c);
      const form = await readForm(c);
      if (!(await fromHostedPage(c, form[FORM_TOKEN] ?? '', c.req.param('id')))) {
        throw new CheckoutError(
          'ORIGIN_NOT_ALLOWED',
          'This form may be sent only from its own checkout page.',
        );
      }
      const session = await hostedSession(c, req.ctx);
      if (session instanceof Response) return session;
      const stub = sessionStub(c.env, c.req.param('id'));
      const answer = await FORM_POSTS[c.req.param('form') as FormName]({
        view: session.view,
        form,
        stub,
        t: widgetStrings(req.ctx.locale.language),
        limit: (what) => limitAddress(c.env, what, c.req.header('cf-connecting-ip') ?? 'local'),
      });
      // Post/Redirect/Get: a reload of the next page never posts again.
      if ('next' in answer) return c.redirect(req.href('', answer.next), 303);
      // A refusal changed nothing: the same step again, with what was wrong, from a fresh view.
      const fresh = await hostedSession(c, req.ctx);
      if (fresh instanceof Response) return fresh;
      const step = noJsStep(fresh.view, answer.at.chosen, null);
      if (step !== answer.step) return c.redirect(req.href(''), 303);
      return renderPage(c, req, fresh, answer.at, answer.status);
    },
  );

  return app;
}

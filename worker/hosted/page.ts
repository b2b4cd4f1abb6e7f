/**
 * The hosted checkout page's HTML (`GET /pay/:id`): the shop's header, the order (amount,
 * reference, description), and either `<unified-checkout>` carrying its first view, or a notice
 * (already paid, expired, not found). Every merchant-provided string goes through hono/html's
 * escaping; the only raw text is this module's own CSS and script.
 * @module
 */
import { html, raw } from 'hono/html';
import type { CheckoutView } from '../../shared/view';
import type { Brand } from '../brand';
import type { HostedLocale } from './locale';
import type { Language } from '../../shared/strings/languages';
import { languageMenu } from './language-menu';
import { widgetStrings } from './widget-strings';
import { HOSTED_STRINGS, type HostedStrings } from '../../shared/strings/hosted';
import { HOSTED_CSS } from './styles';
import { HOSTED_SCRIPT, RETURN_AFTER_SECONDS } from './script';
import { TAKEOVER_SCRIPT } from './takeover';
import { formatAmount } from '../../shared/amount-format';

type Markup = ReturnType<typeof html>;

/** What every hosted page needs. */
export interface PageContext {
  brand: Brand;
  locale: HostedLocale;
  /** The CSP nonce of this response (the `<style>` and the inline script carry it). */
  nonce: string;
  /** The page language's widget chunk (`/widget/fr-….js`), preloaded; null when unknown. */
  languageChunk: string | null;
  /** This page in another language (the language menu's links). */
  languageHref: (code: Language) => string;
}

/** The order lines shown above the widget or the notice. */
export interface OrderSummary {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  /** The session's `return_url`, or null. */
  returnUrl: string | null;
}

/** The text of `template` with `{brand}` filled in (escaping happens in the templates). */
function fill(template: string, brand: Brand): string {
  return template.replaceAll('{brand}', brand.name);
}

/**
 * The shop's `return_url` with `?session=<id>` (as the return page and the widget's redirect
 * flow send the payer back).
 *
 * @example
 * returnHref('https://shop.example/thanks', 'cs_1'); // 'https://shop.example/thanks?session=cs_1'
 */
export function returnHref(returnUrl: string, session: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('session', session);
  return url.href;
}

/**
 * Marks the page `uc-js` where the widget can run (module scripts and custom elements): the
 * widget's element then holds its room beneath the no-JS step (styles.ts), which stays the
 * page's form until the widget takes over (takeover.ts). Where no script runs, or one that
 * cannot run the widget (Opera Mini's extreme mode), the widget's element takes no room. Before
 * the body is parsed, so the first paint already has the widget's room. (Not
 * `@media (scripting: enabled)` alone: it follows the engine's setting, not whether the widget
 * can run.)
 */
const CAN_RUN_WIDGET = `if ('noModule' in HTMLScriptElement.prototype && window.customElements) document.documentElement.className += ' uc-js'`;

/**
 * The widget, first in the head so its files are asked for with the page's first bytes: the
 * module and the page language's chunk (no classic loader: this page knows its language),
 * imported together by one module script, so the strings have registered before the element's
 * first render (one render, not a spinner then the step).
 */
function widgetScripts(ctx: PageContext): Markup {
  const files = ['/widget.es.js', ...(ctx.languageChunk ? [ctx.languageChunk] : [])];
  // The chunk's path is checked against /^widget\/[\w-]+\.js$/ (widget-files.ts); JSON quotes it.
  const imports = files.map((file) => `import ${JSON.stringify(file)};`).join('');
  return html`${files.map((file) => html`<link rel="modulepreload" href="${file}" />`)}
    <script nonce="${ctx.nonce}">
      ${raw(CAN_RUN_WIDGET)};
    </script>
    <script type="module" nonce="${ctx.nonce}">
      ${raw(imports)};
    </script>`;
}

/**
 * The brand's custom properties, and the widget's primary colour in the themes where the brand
 * colour stands out from the card (`brand.primaryIn`); elsewhere the widget keeps its own.
 */
function brandStyles(brand: Brand): string {
  const vars = `:root{--brand:${brand.color};--on-brand:${brand.onColor}}`;
  const primary =
    'unified-checkout{--uc-color-primary:var(--brand);--uc-color-on-primary:var(--on-brand)}';
  const { light, dark } = brand.primaryIn;
  // A colour below 3:1 on white is light enough to reach 3:1 on the dark card: one theme
  // always takes it.
  if (light && dark) return vars + primary;
  return `${vars}@media (prefers-color-scheme:${light ? 'light' : 'dark'}){${primary}}`;
}

/**
 * The `<noscript>` reload of a page without JavaScript (`content` of the refresh: seconds, and
 * `;url=…` to go elsewhere); the widget, when it runs, follows the session itself.
 */
function noScriptRefresh(content: string | null): Markup | '' {
  return content
    ? html`<noscript><meta http-equiv="refresh" content="${content}" /></noscript>`
    : '';
}

function shell(
  ctx: PageContext,
  t: HostedStrings,
  body: Markup,
  widget: boolean,
  refresh: string | null = null,
): Markup {
  const { brand, locale, nonce } = ctx;
  const brandCss = brandStyles(brand);
  return html`<!doctype html>
    <html lang="${locale.tag}" dir="${widgetStrings(locale.language).$dir}">
      <head>
        <meta charset="utf-8" />
        ${widget ? widgetScripts(ctx) : ''}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        ${noScriptRefresh(refresh)}
        <title>${fill(t.title, brand)}</title>
        <link rel="icon" href="${brand.logoUrl ?? 'data:,'}" />
        <style nonce="${nonce}">
          ${raw(HOSTED_CSS)}${raw(brandCss)}
        </style>
      </head>
      <body>
        <header class="bar">
          <div class="shop">
            ${
              brand.logoUrl
                ? html`<img
                    src="${brand.logoUrl}"
                    alt=""
                    width="40"
                    height="40"
                    fetchpriority="low"
                  />`
                : ''
            }<span>${brand.name}</span>
            ${languageMenu(locale, ctx.languageHref)}
          </div>
        </header>
        ${body}
      </body>
    </html>`;
}

function summary(t: HostedStrings, order: OrderSummary, tag: string): Markup {
  return html`<section class="card summary" aria-labelledby="uc-order">
    <h1 id="uc-order">${t.order}</h1>
    ${order.description ? html`<p>${order.description}</p>` : ''}
    <dl>
      <div>
        <dt>${t.amount}</dt>
        <dd><bdi dir="ltr">${formatAmount(order.amount, order.currency, tag)}</bdi></dd>
      </div>
      <div>
        <dt>${t.reference}</dt>
        <dd><bdi dir="ltr">${order.reference}</bdi></dd>
      </div>
    </dl>
  </section>`;
}

/** The button back to the shop, and the countdown line the script runs (when `countdown`). */
function returnPanel(
  ctx: PageContext,
  t: HostedStrings,
  order: OrderSummary,
  { hidden, countdown }: { hidden: boolean; countdown: boolean },
): Markup | '' {
  if (!order.returnUrl) return '';
  const [before, after] = fill(t.returning, ctx.brand).split('{seconds}');
  return html`<section id="uc-return" class="card return" ${hidden ? raw(' hidden') : ''}>
    <a class="button" href="${returnHref(order.returnUrl, order.id)}"
      >${fill(t.returnTo, ctx.brand)}</a
    >
    ${
      countdown
        ? html`<p role="status">
            ${before}<span id="uc-seconds">${RETURN_AFTER_SECONDS}</span>${after}
          </p>`
        : ''
    }
  </section>`;
}

/** `takeover`: the page has the no-JS step and the widget, which takes over (takeover.ts). */
function main(
  ctx: PageContext,
  order: OrderSummary,
  inner: Markup,
  autoReturn: boolean,
  takeover = false,
): Markup {
  const href = order.returnUrl ? returnHref(order.returnUrl, order.id) : '';
  return html`<main
      id="hosted"
      data-session="${order.id}"
      data-locale="${ctx.locale.tag}"
      data-currency="${order.currency}"
      data-return-url="${href}"
      data-return-after="${RETURN_AFTER_SECONDS}"
      data-auto-return="${autoReturn ? '1' : '0'}"
    >
      ${inner}
    </main>
    <script nonce="${ctx.nonce}">
      ${raw(HOSTED_SCRIPT)};
      ${takeover ? raw(TAKEOVER_SCRIPT) : ''};
    </script>`;
}

/** The same step without JavaScript (steps.ts), and whether its page reloads itself. */
export interface NoJsRender {
  card: Markup;
  /** The `<noscript>` refresh's `content` (`4;url=…`), or null. */
  refresh: string | null;
}

/**
 * "Pay on your phone" for a payer at a computer: the page's own URL (the session's
 * `checkout_url`) as a QR code. Hidden until the script has drawn the code, which it does on a
 * wide screen only (the QR module is fetched there alone); beside the checkout, out of the
 * page's flow, so showing it moves nothing.
 */
function phoneCard(t: HostedStrings, order: OrderSummary): Markup {
  return html`<section
    id="uc-phone"
    class="card phone"
    aria-labelledby="uc-phone-heading"
    data-qr-label="${t.phoneQr}"
    hidden
  >
    <h2 id="uc-phone-heading">${t.phoneHeading}</h2>
    <p>${t.phoneBody}</p>
    <div id="uc-qr"></div>
  </section>`;
}

/**
 * The checkout: the order and `<unified-checkout>` with the session's first view in its
 * `initial-view` attribute (the widget skips its first `GET /v1/checkout/:id`), the same step
 * as plain HTML in the widget's place (the page's form until the widget takes over, and for
 * good where scripts do not run; takeover.ts), and the return panel the script reveals after a
 * success.
 *
 * @example
 * return c.html(checkoutPage(ctx, order, view, noJs), 200);
 */
export function checkoutPage(
  ctx: PageContext,
  order: OrderSummary,
  view: CheckoutView,
  noJs: NoJsRender,
): Markup {
  const t = HOSTED_STRINGS[ctx.locale.language];
  const inner = html`${summary(t, order, ctx.locale.tag)}
    <div class="uc-slot">
      ${noJs.card}
      <unified-checkout
        session="${order.id}"
        locale="${ctx.locale.tag}"
        theme="auto"
        initial-view="${JSON.stringify(view)}"
      ></unified-checkout>
    </div>
    <p id="uc-unloadable" class="card" role="alert" hidden>${t.unloadable}</p>
    ${returnPanel(ctx, t, order, { hidden: true, countdown: true })} ${phoneCard(t, order)}`;
  return shell(ctx, t, main(ctx, order, inner, false, true), true, noJs.refresh);
}

/**
 * "This order is already paid", with the button back to the shop; or, when the payer just came
 * back from a redirect method (`autoReturn`), "Payment received" and the automatic return.
 *
 * @example
 * return c.html(paidPage(ctx, order, c.req.query('returned') === '1'), 200);
 */
export function paidPage(
  ctx: PageContext,
  order: OrderSummary,
  autoReturn: boolean,
  refunded = 0,
): Markup {
  const t = HOSTED_STRINGS[ctx.locale.language];
  const refundedLine =
    refunded > 0
      ? html`<p class="refunded">
          ${t.refunded.replace('{amount}', formatAmount(refunded, order.currency, ctx.locale.tag))}
        </p>`
      : '';
  const inner = html`<section class="card notice" aria-labelledby="uc-notice">
      <h1 id="uc-notice">${autoReturn ? t.receivedHeading : t.paidHeading}</h1>
      <p>${autoReturn ? t.receivedBody : t.paidBody}</p>
      ${refundedLine}
    </section>
    ${summary(t, order, ctx.locale.tag)}
    ${returnPanel(ctx, t, order, { hidden: false, countdown: autoReturn })}`;
  // Without JavaScript, the same automatic return as the script's countdown.
  const back =
    autoReturn && order.returnUrl
      ? `${RETURN_AFTER_SECONDS};url=${returnHref(order.returnUrl, order.id)}`
      : null;
  return shell(ctx, t, main(ctx, order, inner, autoReturn), false, back);
}

/**
 * "This payment link has expired" (HTTP 410).
 *
 * @example
 * return c.html(expiredPage(ctx, order), 410);
 */
export function expiredPage(ctx: PageContext, order: OrderSummary): Markup {
  const t = HOSTED_STRINGS[ctx.locale.language];
  const inner = html`<section class="card notice" aria-labelledby="uc-notice">
      <h1 id="uc-notice">${t.expiredHeading}</h1>
      <p>${fill(t.expiredBody, ctx.brand)}</p>
    </section>
    ${summary(t, order, ctx.locale.tag)}`;
  return shell(ctx, t, main(ctx, { ...order, returnUrl: null }, inner, false), false);
}

/**
 * "Payment link not found" (HTTP 404): an unknown or malformed session id.
 *
 * @example
 * return c.html(notFoundPage(ctx), 404);
 */
export function notFoundPage(ctx: PageContext): Markup {
  const t = HOSTED_STRINGS[ctx.locale.language];
  const body = html`<main id="hosted">
    <section class="card notice" aria-labelledby="uc-notice">
      <h1 id="uc-notice">${t.notFoundHeading}</h1>
      <p>${fill(t.notFoundBody, ctx.brand)}</p>
    </section>
  </main>`;
  return shell(ctx, t, body, false);
}

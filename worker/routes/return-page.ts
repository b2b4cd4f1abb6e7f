/**
 * The return page of redirect methods (successful_url / failure_url): it tells the widget that
 * the payer came back (postMessage to the opener; else back to the hosted page when this tab paid
 * there; else a redirect to the session's return_url) and confirms nothing — the outcome comes from the verified callback or the status query.
 * @module
 */
import { Hono } from 'hono';
import type { ProxyApp } from '../app-env';
import { HOSTED_MARK } from '../hosted/script';
import { config } from '../middleware/config';
import { findSessionStub } from '../stubs';
import { contract } from '../openapi/contract';
import { HTML_PAGE } from '../openapi/contract';

const SCRIPT = `(() => {
  const data = document.getElementById('return').dataset;
  const message = { type: 'unified-checkout:return', session: data.session, outcome: data.outcome };
  const origins = JSON.parse(data.origins || '[]');
  if (window.opener && !window.opener.closed) {
    for (const origin of origins) {
      try { window.opener.postMessage(message, origin); } catch (e) {}
    }
    window.close();
    return;
  }
  // This tab paid on the hosted page (/pay/:id set the mark, e.g. in an in-app WebView that
  // cannot open popups): back to that page, which follows the session to its outcome.
  let hosted = null;
  try { hosted = sessionStorage.getItem(${JSON.stringify(HOSTED_MARK)} + data.session); } catch (e) {}
  if (hosted !== null && data.session) {
    const page = new URL('/pay/' + encodeURIComponent(data.session), location.origin);
    if (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(hosted)) page.searchParams.set('locale', hosted);
    page.searchParams.set('returned', '1');
    location.replace(page.toString());
    return;
  }
  if (data.returnUrl) {
    const url = new URL(data.returnUrl);
    url.searchParams.set('session', data.session);
    location.replace(url.toString());
  }
})();
`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * `GET /v1/checkout/return.js` and `GET /v1/checkout/:id/return?outcome=success|failure`.
 *
 * @example
 * app.route('/v1/checkout', returnPage());
 */
export function returnPage() {
  const app = new Hono<ProxyApp>();

  app.get(
    '/return.js',
    contract({
      operationId: 'checkoutReturnScript',
      tag: 'Checkout (widget)',
      summary: "The return page's script",
      audience: 'public',
      responses: { 200: { contentType: 'text/javascript', description: 'A script.' } },
      errors: [],
    }),
    (c) =>
      c.body(SCRIPT, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
  );

  app.get(
    '/:id/return',
    contract({
      operationId: 'checkoutReturn',
      tag: 'Checkout (widget)',
      summary: 'The page a redirect flow returns the payer to',
      audience: 'public',
      responses: { 200: HTML_PAGE },
      errors: ['CONFIG_INVALID'],
    }),
    config(),
    async (c) => {
      const id = c.req.param('id');
      const outcome = c.req.query('outcome') === 'success' ? 'success' : 'failure';
      const { allowedOrigins, publicBaseUrl } = c.var.config;
      let returnUrl = '';
      const stub = findSessionStub(c.env, id);
      if (stub) {
        // The payer's word settles no money: it only says whether they acted on the redirect.
        await stub.payerReturned(outcome);
        const view = await stub.view();
        if (view.ok && view.value.return_url) returnUrl = view.value.return_url;
      }
      const origins = [...allowedOrigins, publicBaseUrl];
      const text =
        outcome === 'success'
          ? 'Thank you. You can return to the shop; your payment is being confirmed.'
          : 'The payment was not completed. You can return to the shop and try again.';
      return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Return to the shop</title></head>
<body><main id="return" data-session="${escape(stub ? id : '')}" data-outcome="${outcome}"
 data-origins="${escape(JSON.stringify(origins))}" data-return-url="${escape(returnUrl)}">
<p>${text}</p></main>
<script src="/v1/checkout/return.js"></script></body></html>`);
    },
  );

  return app;
}

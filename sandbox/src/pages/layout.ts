/**
 * The frame of every sandbox page, and the security headers that go with it: a strict
 * Content-Security-Policy (no script at all; styles only from the sandbox's stylesheet; forms
 * only to the sandbox and to the merchant URLs the page sends the payer to).
 * @module
 */
import { html } from 'hono/html';
import { originOf, stylesheetUrl } from '../urls';

/** Markup as hono/html produces it (escaped). */
export type Markup = ReturnType<typeof html>;

/**
 * A whole HTML document around `body`.
 *
 * @example
 * c.html(layout('Authorize payment', publicUrl, html`<main>…</main>`), 200, pageHeaders(publicUrl, []));
 */
export function layout(title: string, publicUrl: string, body: Markup): Markup {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Payments sandbox</title>
        <link rel="stylesheet" href="${stylesheetUrl(publicUrl)}" />
      </head>
      <body>
        ${body}
      </body>
    </html>`;
}

/**
 * Security headers of a page; `formTargets` are the URLs a form on it may lead to (directly or
 * by a 303 redirect).
 *
 * @example
 * pageHeaders('http://127.0.0.1:8787/sandbox', [tx.successful_url, tx.failure_url]);
 */
export function pageHeaders(
  publicUrl: string,
  formTargets: readonly (string | null)[],
): Record<string, string> {
  const self = originOf(publicUrl) ?? "'self'";
  const targets = [
    ...new Set([self, ...formTargets.map(originOf).filter((o): o is string => o !== null)]),
  ];
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${self}`,
      'img-src data:',
      `form-action ${targets.join(' ')}`,
      "base-uri 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

/**
 * A short page with a heading, a message and an optional link.
 *
 * @example
 * notice('Payment not found', 'No such payment.', publicUrl);
 */
export function notice(
  title: string,
  message: string,
  publicUrl: string,
  link?: { href: string; label: string },
): Markup {
  return layout(
    title,
    publicUrl,
    html`<main class="card">
      <p class="badge">Sandbox — no real money</p>
      <h1>${title}</h1>
      <p>${message}</p>
      ${link ? html`<p><a href="${link.href}">${link.label}</a></p>` : ''}
    </main>`,
  );
}

/**
 * How the console says no: a JSON error in the API's shape under `/console/api/`, and a short
 * HTML page for the app's own pages (a browser opening `/console/` sees a sentence, not JSON).
 * @module
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBody, type ErrorCode } from '../../shared/errors';
import type { ProxyApp } from '../app-env';

/**
 * Answers `status` with `code` and `lines` (the first is the title of the page).
 *
 * @example
 * return refusal(c, 401, 'UNAUTHORIZED', ['Sign in through Cloudflare Access.']);
 */
export function refusal(
  c: Context<ProxyApp>,
  status: ContentfulStatusCode,
  code: ErrorCode,
  lines: readonly string[],
): Response | Promise<Response> {
  if (c.req.path.startsWith('/console/api/')) {
    return c.json(errorBody(code, lines.join(' ')), status);
  }
  const [title, ...rest] = lines;
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width,initial-scale=1" />
          <title>Console: ${title}</title>
        </head>
        <body>
          <main>
            <h1>${title}</h1>
            ${rest.map((line) => html`<p>${line}</p>`)}
            <p>See docs/console.md.</p>
          </main>
        </body>
      </html>`,
    status,
  );
}

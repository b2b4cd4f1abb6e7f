/**
 * Cross-site request forgery protection of the hosted page's no-JS forms (`POST /pay/:id/…`).
 *
 * A form may be posted only by the hosted page itself. Browsers that say where a request comes
 * from are checked by hono/csrf: `Sec-Fetch-Site: same-origin`, or an `Origin` that is the
 * page's own (the request's origin or PUBLIC_BASE_URL). Some of the payers' browsers say neither
 * (KaiOS 2.5 is Gecko 48: no `Origin` on form posts before Firefox 70; no `Sec-Fetch-*` before
 * 90), and hono/csrf refuses those; for them the form carries a token that must equal the
 * `uc_form` cookie the page set (double-submit). The token is 128 random bits, derived from no
 * secret (nothing to rotate, nothing to leak); the cookie is HttpOnly and SameSite=Strict, and
 * another site can neither read it nor put it in its own form.
 * @module
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { ProxyApp } from '../app-env';

/** The cookie and the form field of the token. */
export const FORM_TOKEN = 'uc_form';

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The payer's form token: the `uc_form` cookie's when it has one (so two tabs share it), else a
 * new one, set as the cookie (this path's pages only, for the session's lifetime at most).
 *
 * @example
 * const token = formToken(c); // into <input type="hidden" name="uc_form">
 */
export function formToken(c: Context): string {
  const known = getCookie(c, FORM_TOKEN);
  if (known && TOKEN.test(known)) return known;
  const token = newToken();
  setCookie(c, FORM_TOKEN, token, {
    path: '/pay/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 24 * 60 * 60,
  });
  return token;
}

/** Equal strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether a form post comes from the hosted page itself: by hono/csrf when the browser sends
 * `Origin` or `Sec-Fetch-Site`, else by its token (`posted`, the form's `uc_form` field) equal
 * to the payer's cookie. Call it once the body is known to be a form (hono/csrf only judges form
 * media types).
 *
 * @example
 * if (!(await fromHostedPage(c, form.uc_form))) return refused(c);
 */
export async function fromHostedPage(c: Context<ProxyApp>, posted: string): Promise<boolean> {
  const told = c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined;
  if (!told) {
    const cookie = getCookie(c, FORM_TOKEN) ?? '';
    return TOKEN.test(cookie) && sameText(cookie, posted);
  }
  try {
    await SAME_ORIGIN(c, async () => {});
    return true;
  } catch (error) {
    if (error instanceof HTTPException && error.status === 403) return false;
    throw error;
  }
}

const SAME_ORIGIN = csrf({
  origin: (origin, c) =>
    origin === new URL(c.req.url).origin ||
    origin === (c as Context<ProxyApp>).var.config.publicBaseUrl,
  secFetchSite: 'same-origin',
});

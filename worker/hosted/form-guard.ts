/**
 * Cross-site request forgery protection of the hosted page's no-JS forms (`POST /pay/:id/…`).
 *
 * A post is accepted when either check passes (docs/hosted-page.md, "Cross-site request
 * forgery"):
 * - hono/csrf: `Sec-Fetch-Site: same-origin`, or an `Origin` that is the page's own (the
 *   request's origin or PUBLIC_BASE_URL);
 * - the form's token: an HMAC, under a key derived from the rotating upstream secret
 *   (worker/keys/purpose-keys.ts), of the session id and the browser's `__Host-uc_form` cookie.
 *
 * The token is what the payers' older browsers are let in by. The page sends
 * `Referrer-Policy: no-referrer`, so by the Fetch spec its own form posts carry `Origin: null`;
 * browsers with no `Sec-Fetch-Site` (KaiOS 3 is Gecko 84, Safari before 16.4) then pass only
 * by the token; KaiOS 2.5 (Gecko 48) sends neither header. Another site can neither read the
 * cookie (HttpOnly) nor make the browser send it (SameSite=Strict), and cannot compute a token
 * without the key; a token is good for its own session and cookie only. The cookie's value is
 * 128 random bits; it identifies nothing and is derived from no secret.
 * @module
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { ProxyApp } from '../app-env';
import { purposeKeys } from '../keys/purpose-keys';

/** The form field of the token, and the cookie's name (sent as `__Host-uc_form`). */
export const FORM_TOKEN = 'uc_form';

/** The purpose its HMAC key is derived for. */
const PURPOSE = 'hosted form token';

const NONCE = /^[A-Za-z0-9_-]{22}$/;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function bytesOf(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** What a token signs: the session and the browser's cookie. */
const message = (sessionId: string, nonce: string) =>
  new TextEncoder().encode(`${sessionId}\u0000${nonce}`);

/**
 * The browser's cookie value: its `__Host-uc_form` cookie when it has one (so two tabs share
 * it), else a new one, set for one day. `__Host-` makes it Secure, host-only and `Path=/`:
 * no other host of the domain can set or overwrite it. Loopback is a secure context, so
 * browsers keep it over `http://127.0.0.1` in development too (Chromium checked by
 * test/e2e/hosted-no-js.test.ts).
 */
function browserNonce(c: Context): string {
  const known = getCookie(c, FORM_TOKEN, 'host');
  if (known && NONCE.test(known)) return known;
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
  setCookie(c, FORM_TOKEN, nonce, {
    prefix: 'host',
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
    maxAge: 24 * 60 * 60,
  });
  return nonce;
}

/**
 * The token of the session's forms for this browser (setting its cookie when it has none).
 *
 * @example
 * const token = await formToken(c, view.id); // into <input type="hidden" name="uc_form">
 */
export async function formToken(c: Context<ProxyApp>, sessionId: string): Promise<string> {
  const nonce = browserNonce(c);
  const [key] = await purposeKeys(c.var.config, PURPOSE);
  return base64url(
    new Uint8Array(await crypto.subtle.sign('HMAC', key!, message(sessionId, nonce))),
  );
}

/** Whether `posted` is the token of this session and this browser's cookie, under any key. */
async function tokenMatches(
  c: Context<ProxyApp>,
  posted: string,
  sessionId: string,
): Promise<boolean> {
  const nonce = getCookie(c, FORM_TOKEN, 'host') ?? '';
  if (!NONCE.test(nonce) || !TOKEN.test(posted)) return false;
  const mac = bytesOf(posted);
  for (const key of await purposeKeys(c.var.config, PURPOSE)) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, mac, message(sessionId, nonce))) return true;
  }
  return false;
}

/** Whether hono/csrf finds the post same-origin (false when the browser says neither). */
async function sameOrigin(c: Context<ProxyApp>): Promise<boolean> {
  try {
    await SAME_ORIGIN(c, async () => {});
    return true;
  } catch (error) {
    if (error instanceof HTTPException && error.status === 403) return false;
    throw error;
  }
}

/**
 * Whether a form post comes from the session's hosted page: hono/csrf passes, or `posted` (the
 * form's `uc_form` field) is this browser's token for `sessionId`. Call it once the body is
 * known to be a form (hono/csrf only judges form media types).
 *
 * @example
 * if (!(await fromHostedPage(c, form.uc_form, id))) return refused(c);
 */
export async function fromHostedPage(
  c: Context<ProxyApp>,
  posted: string,
  sessionId: string,
): Promise<boolean> {
  return (await sameOrigin(c)) || (await tokenMatches(c, posted, sessionId));
}

const SAME_ORIGIN = csrf({
  origin: (origin, c) =>
    origin === new URL(c.req.url).origin ||
    origin === (c as Context<ProxyApp>).var.config.publicBaseUrl,
  secFetchSite: 'same-origin',
});

/**
 * Public links of the sandbox's browser pages, all built from `SANDBOX_PUBLIC_URL` (e.g.
 * `http://127.0.0.1:8787/sandbox` when the proxy forwards `/sandbox/*`).
 * @module
 */

/**
 * The public base without a trailing slash.
 *
 * @example
 * publicBase('http://127.0.0.1:8787/sandbox/'); // 'http://127.0.0.1:8787/sandbox'
 */
export function publicBase(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/**
 * The authorization page of a redirect-method transaction.
 *
 * @example
 * authorizationUrl('http://127.0.0.1:8787/sandbox', 'SBX-1'); // 'http://127.0.0.1:8787/sandbox/pay/SBX-1'
 */
export function authorizationUrl(publicUrl: string, ref: string): string {
  return `${publicBase(publicUrl)}/pay/${encodeURIComponent(ref)}`;
}

/**
 * The hosted checkout page of a payment link.
 *
 * @example
 * paymentLinkUrl('http://127.0.0.1:8788', 'PL-1'); // 'http://127.0.0.1:8788/links/PL-1'
 */
export function paymentLinkUrl(publicUrl: string, id: string): string {
  return `${publicBase(publicUrl)}/links/${encodeURIComponent(id)}`;
}

/**
 * The stylesheet of the pages.
 *
 * @example
 * stylesheetUrl('http://127.0.0.1:8788'); // 'http://127.0.0.1:8788/assets/sandbox.css'
 */
export function stylesheetUrl(publicUrl: string): string {
  return `${publicBase(publicUrl)}/assets/sandbox.css`;
}

/**
 * The origin of a URL, or null when it is not a URL.
 *
 * @example
 * originOf('https://shop.example/ok?x=1'); // 'https://shop.example'
 */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

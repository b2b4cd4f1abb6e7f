/**
 * The hosted page's one inline script (nonce'd). It
 * - remembers in sessionStorage that this tab pays on the hosted page, so the proxy's return
 *   page (redirect methods, full-page in a WebView) brings the payer back here, not to the shop;
 * - after the widget's `checkout-success` (or on the "already paid" page reached from that
 *   return), shows the return button and goes to the shop's `return_url` after a countdown;
 * - warms the number formatting the widget's first render needs (after the first paint);
 * - when the widget's module cannot be fetched, says so in the page's language.
 * @module
 */

/** The key the return page (worker/routes/return-page.ts) reads: `<prefix><session id>`. */
export const HOSTED_MARK = 'unified-checkout:hosted:';

/** The QR module (widget/qr.ts, built beside the widget) and the screens that load it. */
export const QR_MODULE = '/hosted/qr.js';
/** @see QR_MODULE (the page's CSS hides the card below the same width). */
export const QR_MEDIA = '(min-width: 64rem)';

/** Seconds before the automatic return to the shop after a success. */
export const RETURN_AFTER_SECONDS = 5;

/**
 * The script's text (no templating: it reads the page's data attributes).
 *
 * @example
 * html`<script nonce="${nonce}">${raw(HOSTED_SCRIPT)}</script>`;
 */
export const HOSTED_SCRIPT = `(() => {
  const data = document.getElementById('hosted').dataset;
  try { sessionStorage.setItem(${JSON.stringify(HOSTED_MARK)} + data.session, data.locale); } catch (e) {}
  const panel = document.getElementById('uc-return');
  let started = false;
  const start = () => {
    if (started || !panel) return;
    started = true;
    panel.hidden = false;
    const count = document.getElementById('uc-seconds');
    let left = Number(data.returnAfter) || ${RETURN_AFTER_SECONDS};
    const tick = () => {
      if (count) count.textContent = String(left);
      if (left-- <= 0) location.assign(data.returnUrl);
      else setTimeout(tick, 1000);
    };
    tick();
  };
  const widget = document.querySelector('unified-checkout');
  if (widget) widget.addEventListener('checkout-success', start);
  // The widget formats the amount as it first renders, and the first currency formatter of a
  // page loads the locale's number data (tens of milliseconds on a slow phone): load it while
  // the widget's code downloads, after the first paint (the server's step shows first).
  const warm = () => { try { new Intl.NumberFormat(data.locale, { style: 'currency', currency: data.currency }); } catch (e) {} };
  if (widget) requestAnimationFrame(() => setTimeout(warm));
  const module = document.querySelector('script[type=module]');
  const unloadable = document.getElementById('uc-unloadable');
  if (module && unloadable) module.addEventListener('error', () => { unloadable.hidden = false; });
  if (data.autoReturn === '1') start();
  // A wide screen (a computer): "Pay on your phone" with the page's QR code. The QR module is
  // fetched only here, once, and the card shows once the code is drawn (CSS hides it on a
  // narrow screen again).
  const phone = document.getElementById('uc-phone');
  const wide = matchMedia(${JSON.stringify(QR_MEDIA)});
  let drawn = false;
  const offerPhone = () => {
    if (drawn || !phone || !wide.matches) return;
    drawn = true;
    import(${JSON.stringify(QR_MODULE)}).then((qr) => {
      qr.renderQr(document.getElementById('uc-qr'), location.origin + location.pathname, phone.dataset.qrLabel);
      phone.hidden = false;
    }, () => { drawn = false; });
  };
  wide.addEventListener('change', offerPhone);
  offerPhone();
})();`;

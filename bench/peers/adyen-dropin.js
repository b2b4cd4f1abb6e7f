// The Adyen Web Drop-in, tree-shaken as Adyen documents it for v6 (named imports only, no
// `@adyen/adyen-web/auto`): the checkout core, the Drop-in and one payment method (Card, the
// minimal useful Drop-in), plus the stylesheet Drop-in needs. Built by bench/sizes.mjs with
// Vite (rolldown) exactly like widget.js: an IIFE, minified, target es2022; the CSS comes out
// as its own file and is measured beside the JS.
import { AdyenCheckout, Card, Dropin } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';

/**
 * Mounts a Drop-in with the session from a merchant backend (what a page would do).
 * @param {HTMLElement} container
 * @param {{ id: string, sessionData: string }} session
 * @param {string} clientKey
 */
export async function mountDropin(container, session, clientKey) {
  const checkout = await AdyenCheckout({ session, clientKey, environment: 'test' });
  return new Dropin(checkout, { paymentMethodComponents: [Card] }).mount(container);
}

// @ts-check
// The plain-HTML page's script: events bubble and are composed. Type-checked by the test suite
// against the package's types (the JSDoc import below), with no build step of its own.
/** @typedef {import('unified-checkout/widget').UnifiedCheckout} UnifiedCheckout */

const checkout = document.querySelector('unified-checkout'); // typed: UnifiedCheckout | null
checkout?.addEventListener('checkout-success', (event) => {
  // Advisory: confirm on your server (signed webhook or GET /v1/sessions/:id) before fulfilling.
  void fetch('/orders/confirm', {
    method: 'POST',
    body: JSON.stringify({ session: event.detail.session }),
  });
});
checkout?.addEventListener('checkout-step', (event) => {
  document.title = event.detail.step === 'success' ? 'Paid' : 'Checkout';
});

// A React 19 checkout page component. `unified-checkout/widget/react` defines <unified-checkout>
// and types it in JSX; set `endpoint` (bundled into your app, the widget cannot guess the
// proxy's origin). Compiled by the test suite (test/scripts/widget-package.test.ts).
import { useEffect, useRef } from 'react';
import 'unified-checkout/widget/react';
import type { CheckoutSuccessEvent, UnifiedCheckout } from 'unified-checkout/widget/react';

export function Checkout({ session }: { session: string }) {
  const checkout = useRef<UnifiedCheckout>(null);
  useEffect(() => {
    const el = checkout.current;
    // Advisory: confirm on your server (signed webhook or GET /v1/sessions/:id) before fulfilling.
    const onSuccess = (event: CheckoutSuccessEvent) => {
      void fetch('/orders/confirm', {
        method: 'POST',
        body: JSON.stringify({ session: event.detail.session }),
      });
    };
    el?.addEventListener('checkout-success', onSuccess);
    return () => el?.removeEventListener('checkout-success', onSuccess);
  }, []);
  return (
    <unified-checkout
      ref={checkout}
      session={session}
      endpoint="https://pay.your-shop.example"
      locale="fr"
      theme="auto"
    />
  );
}

/**
 * `unified-checkout/widget/react`: the widget (defines `<unified-checkout>`, exports its types)
 * plus its typing in React 19's JSX, so `<unified-checkout session={id} />` type-checks.
 *
 * @example
 * import 'unified-checkout/widget/react';
 * export const Pay = ({ id }: { id: string }) => (
 *   <unified-checkout session={id} endpoint="https://pay.example.com" locale="fr" />
 * );
 * @module
 */
/// <reference types="react" />
import type { UnifiedCheckout } from '../unified-checkout';
import type { UnifiedCheckoutAttributes } from './attributes';

export * from '../index';
export type { UnifiedCheckoutAttributes } from './attributes';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'unified-checkout': import('react').DetailedHTMLProps<
        import('react').HTMLAttributes<UnifiedCheckout>,
        UnifiedCheckout
      > &
        UnifiedCheckoutAttributes;
    }
  }
}

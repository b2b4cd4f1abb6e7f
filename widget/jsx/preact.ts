/**
 * `unified-checkout/widget/preact`: the widget plus its typing in Preact's JSX.
 *
 * @example
 * import 'unified-checkout/widget/preact';
 * export const Pay = ({ id }: { id: string }) => <unified-checkout session={id} />;
 * @module
 */
/// <reference types="preact" />
import type { UnifiedCheckout } from '../unified-checkout';
import type { UnifiedCheckoutAttributes } from './attributes';

export * from '../index';
export type { UnifiedCheckoutAttributes } from './attributes';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'unified-checkout': import('preact').HTMLAttributes<UnifiedCheckout> &
        UnifiedCheckoutAttributes;
    }
  }
}

/**
 * `unified-checkout/widget/solid`: the widget plus its typing in Solid's JSX.
 *
 * @example
 * import 'unified-checkout/widget/solid';
 * export const Pay = (props: { id: string }) => <unified-checkout session={props.id} />;
 * @module
 */
/// <reference types="solid-js" />
import type { UnifiedCheckout } from '../unified-checkout';
import type { UnifiedCheckoutAttributes } from './attributes';

export * from '../index';
export type { UnifiedCheckoutAttributes } from './attributes';

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'unified-checkout': import('solid-js').JSX.HTMLAttributes<UnifiedCheckout> &
        UnifiedCheckoutAttributes;
    }
  }
}

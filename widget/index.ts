/**
 * Entry of the widget bundle (`widget.js`, `widget.es.js`): defines `<unified-checkout>`
 * once (loading the bundle twice is harmless) and exports its public types. Importing it
 * touches no `window` or `document`, so server-side rendering can import it.
 *
 * @example
 * import { UnifiedCheckout, type CheckoutSuccessEvent } from './widget.es.js';
 * document.querySelector('unified-checkout')?.addEventListener('checkout-success', (e) => {
 *   // advisory: confirm with your backend before fulfilling
 * });
 * @module
 */
export { UnifiedCheckout } from './unified-checkout';
export {
  CheckoutErrorEvent,
  CheckoutEvent,
  CheckoutExpiredEvent,
  CheckoutFailureEvent,
  CheckoutReadyEvent,
  CheckoutStepEvent,
  CheckoutSuccessEvent,
} from './events';
export type {
  CheckoutErrorDetail,
  CheckoutExpiredDetail,
  CheckoutFailureDetail,
  CheckoutReadyDetail,
  CheckoutStep,
  CheckoutStepDetail,
  CheckoutSuccessDetail,
} from './events';
export { registerTranslation, type Translation } from './localize';
export type { TransportMode } from './transport';
export type {
  AttemptView,
  CheckoutView,
  CountryOption,
  MethodOption,
  NextAction,
  StreamMessage,
} from '../shared/view';

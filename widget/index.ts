/**
 * Entry of the widget bundle: defines `<unified-checkout>` once (safe to load twice).
 * @module
 */
export { UnifiedCheckout } from './unified-checkout';

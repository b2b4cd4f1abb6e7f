/**
 * Every schema of the project, upstream shapes (tolerant of extra keys) and the proxy's own
 * API bodies (strict). Run them with `validate()` from `shared/validation.ts`.
 * @module
 */
export * from './balance';
export * from './callbacks';
export * from './checkout-attempt';
export * from './checkout-otp';
export * from './collection-request';
export * from './collection-response';
export * from './envelope';
export * from './error-body';
export * from './failure-reason';
export * from './fields';
export * from './object-rules';
export * from './payment-link';
export * from './payout-request';
export * from './payout-batch';
export * from './payout-response';
export * from './refund-request';
export * from './process-transaction';
export * from './session-create';
export * from './token';
export * from './transaction-status';
export * from './upstream-failure';

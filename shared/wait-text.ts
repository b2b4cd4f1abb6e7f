/**
 * The words under the "wait" and "confirming" headings, for the widget (widget/steps/wait.ts) and the
 * hosted page's no-JS render alike. A file of its own so that only the step that shows them
 * carries them (a module two step chunks share becomes a chunk of its own: one more request).
 * @module
 */
import type { CheckoutView } from './view';
import type { Translation } from './strings/types';

/**
 * The sentence under the "wait" and "confirming" headings: do not pay again, except while a
 * code whose answer never came is being checked (the upstream may not have it).
 *
 * @example
 * waitText(t, view); // 'Don’t pay again; this page updates by itself.'
 */
export function waitText(t: Translation, view: CheckoutView | null): string {
  const next = view?.attempt?.next;
  return next?.type === 'confirming' && next.unconfirmed ? t.waitChecking : t.waitBody;
}

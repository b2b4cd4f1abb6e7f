/**
 * The redirect step's button (steps/redirect.ts): the authorization page in a popup, or the
 * whole page when the popup is blocked.
 * @module
 */
import { openPopup } from '../popup';
import type { ActionState } from '../steps/state';

/**
 * Opens the attempt's authorization page in a popup, or navigates the page when it is blocked.
 *
 * @example
 * html`<button @click=${() => s._act(openRedirect)}>`;
 */
export function openRedirect(state: ActionState): void {
  const host = state._host;
  const next = state._view?.attempt?.next;
  // Defence in depth (the proxy refuses the rest): https, or the proxy's own origin (the
  // sandbox's pages in development); never javascript:, data: or another scheme.
  const url = next?.type == 'redirect' ? next.url : '';
  if (!url.startsWith('https:') && !url.startsWith(new URL(host.endpointUrl).origin + '/')) return;
  if (openPopup(url, `unified-checkout-${state._view?.id}`)) state._set({ _popupOpened: true });
  else host._navigate(url);
}

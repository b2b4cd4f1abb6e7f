/**
 * Redirect methods: open the authorization page in a popup, or navigate the whole page when
 * the popup is blocked; and recognise the proxy's return page reporting back.
 * @module
 */

/** The message the proxy's `/v1/checkout/:id/return` page posts to `window.opener`. */
export interface ReturnMessage {
  type: 'unified-checkout:return';
  session: string;
  outcome: 'success' | 'failure';
}

/**
 * Opens `url` in a named, sized popup; returns `null` when the browser blocked it (the caller
 * then navigates the page).
 *
 * @example
 * const popup = openPopup(url, 'unified-checkout-cs_1');
 * if (!popup) location.assign(url);
 */
export function openPopup(url: string, name: string): Window | null {
  try {
    return window.open(url, name, 'popup,width=480,height=720');
  } catch {
    return null;
  }
}

/**
 * True when `event` is the proxy's return page speaking about `session`, from the proxy's origin.
 *
 * @example
 * window.addEventListener('message', (e) => { if (isReturnMessage(e, origin, id)) refresh(); });
 */
export function isReturnMessage(event: MessageEvent, origin: string, session: string): boolean {
  // Optional chaining covers null and non-objects (a string's `.type` is undefined).
  const data = event.data as Partial<ReturnMessage> | null;
  return (
    event.origin === origin && data?.type === 'unified-checkout:return' && data.session === session
  );
}

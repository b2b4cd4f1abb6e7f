/**
 * The console warning for the page's developer when the proxy cannot be reached (a chunk of
 * its own, loaded only then: controllers/session-loader.ts).
 * @module
 */

/** Whether the page's developer was told why the proxy is unreachable (once per page). */
let warnedUnreachable = false;

/**
 * Tells the page's developer, once per page, why the proxy may be unreachable (the payer sees
 * the translated message). A refused origin looks like a network failure to the page.
 */
export function warnUnreachable(endpoint: string): void {
  if (warnedUnreachable) return;
  warnedUnreachable = true;
  console.warn(
    `unified-checkout: cannot reach the payment proxy at ${endpoint} from ${location.origin}. ` +
      `Likely causes: this page's origin is not allowed by the proxy (ALLOWED_ORIGINS, CORS), ` +
      `the proxy is not running, or the endpoint attribute is wrong. ` +
      `See "Allowing your page's origin" in the unified-checkout README.`,
  );
}

/**
 * The dated version of the merchant API and its webhooks, answered as the `API-Version`
 * header on every response of the proxy Worker. A change a merchant's code could notice (a
 * field, a code, a header, a webhook) gets a new date here and an entry in CHANGELOG.md.
 * @module
 */

/** The current API version (the date of its last change). */
export const API_VERSION = '2026-11-28';

/** The response header that carries {@link API_VERSION}. */
export const API_VERSION_HEADER = 'API-Version';

/**
 * The merchant's view of a session as a key's scope may see it: a `checkout` key (a
 * storefront's, worker/keys/route-scopes.ts) gets `customer` masked as the public view masks it
 * (the first name and the phone masked; no last name, no email); `full` and `read` keys get it
 * as the merchant sent it.
 * @module
 */
import type { Catalogue } from '../../shared/catalogue';
import type { KeyScope } from '../keys/merchant-keys';
import { maskedPrefill, type StoredCustomer } from './customer-prefill';
import type { MerchantSession } from './merchant-view';
import { offeredCountries } from './public-view';

/**
 * `session` as a key of `scope` may read it (`console`: as the console shows it, masked).
 *
 * @example
 * return c.json(forKeyScope(session, c.var.keyScope, c.var.config.catalogue));
 */
export function forKeyScope(
  session: MerchantSession,
  scope: KeyScope | undefined,
  catalogue: Catalogue,
  console = false,
): MerchantSession {
  // The console masks payer data for every role (docs/console.md).
  if ((scope !== 'checkout' && !console) || session.customer === null) return session;
  // The phone is masked in the form of the first offered country it is valid for, as the
  // public view does.
  const countries = offeredCountries(
    catalogue,
    session.currency,
    session.country_id,
    session.methods,
  );
  const customer = maskedPrefill(session.customer as StoredCustomer, countries);
  return { ...session, customer: customer ? { ...customer } : null };
}

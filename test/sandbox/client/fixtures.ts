// Request params for every method kind, built from the spec's per-method rules.
import { applyCatalogueOverrides } from '../../../shared/catalogue';
import { parseCatalogueOverrides } from '../../../shared/catalogue-settings';
import type { Country, MethodSlot } from '../../../shared/countries';
import { env } from '../worker';
import { expect } from 'vitest';
import { PATHS, receiver, signedPost, uniqueRef } from './client';

/** The catalogue the sandbox under test runs with (its CATALOGUE var enables every slot). */
export const catalogue = applyCatalogueOverrides(parseCatalogueOverrides(env.CATALOGUE));

/** A valid payer phone number of a country ending in `ending` (three digits). */
export function phoneOf(country: Country, ending = '678'): string {
  const national = `7${'1'.repeat(country.nationalNumberLength - 4)}${ending}`;
  return `${country.dialCode}${national}`;
}

/** A country of the catalogue by id. */
export function countryOf(id: number): Country {
  const country = catalogue.country(id);
  if (!country) throw new Error(`no country ${id}`);
  return country;
}

/** The first enabled method of a kind in a country. */
export function methodOf(
  countryId: number,
  kind: MethodSlot['kind'],
): MethodSlot & { value: string } {
  const method = catalogue.enabledMethods(countryId).find((m) => m.kind === kind);
  if (!method?.value) throw new Error(`no ${kind} method in country ${countryId}`);
  return method as MethodSlot & { value: string };
}

/** Valid collection params for one method of one country; `extra` overrides. */
export function collectionParams(
  country: Country,
  method: MethodSlot & { value: string },
  callbackUrl: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    amount: 1500,
    country_id: country.id,
    currency: country.currency,
    payment_method_type: method.value,
    callback_url: callbackUrl,
    third_party_reference_1: uniqueRef(),
    third_party_reference_2: uniqueRef('inv'),
  };
  switch (method.kind) {
    case 'phone_prompt':
    case 'operator_prompt':
    case 'otp_operator':
      Object.assign(base, { mobile: phoneOf(country) });
      break;
    case 'redirect_wallet':
      Object.assign(base, {
        mobile: phoneOf(country),
        name: 'Awa Diallo',
        successful_url: 'https://shop.example/return/ok',
        failure_url: 'https://shop.example/return/ko',
      });
      break;
    case 'bank_eft':
      Object.assign(base, {
        name: 'Thabo Nkosi',
        bank_code: '632005',
        successful_url: 'https://shop.example/return/ok',
        failure_url: 'https://shop.example/return/ko',
      });
      break;
    case 'bank_id':
      Object.assign(base, {
        name: 'Thabo Nkosi',
        id_number: '8001015009087',
        successful_url: 'https://shop.example/return/ok',
        failure_url: 'https://shop.example/return/ko',
      });
      break;
    case 'virtual_account':
      Object.assign(base, {
        account_name: 'Chinedu Okafor',
        first_name: 'Chinedu',
        last_name: 'Okafor',
        bank_code: '17001',
      });
      break;
  }
  return { ...base, ...extra };
}

/** Kenya `send money` params for a payer phone ending (the scripted-outcome table). */
export function kenyaParams(
  callbackUrl: string,
  ending: string,
  extra: Record<string, unknown> = {},
) {
  const kenya = countryOf(1);
  return collectionParams(kenya, methodOf(1, 'phone_prompt'), callbackUrl, {
    mobile: phoneOf(kenya, ending),
    ...extra,
  });
}

/** Opens an NGN virtual account expecting `amount`; its callbacks go to `hook`. */
export async function openAccount(amount = 5000) {
  const hook = receiver();
  const params = collectionParams(countryOf(17), methodOf(17, 'virtual_account'), hook.url, {
    amount,
  });
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  return {
    hook,
    ref: created.body.data.depositId as string,
    account: created.body.data.account_number as string,
  };
}

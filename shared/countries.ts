/**
 * The markets: every collection country and payment method of the upstream, the payment-link
 * countries and the NGN issuing banks, as data (docs/upstream-api.md, "Countries for
 * collections", "Countries for payment links", "NGN bank codes").
 *
 * The upstream's country table counts operator values without spelling them (they are brand
 * names). Values that are publicly documented ship here; the other slots are `null`
 * (disabled) until a deployment enables them with the `CATALOGUE` setting
 * (`shared/catalogue-settings.ts`).
 * @module
 */
import type { BrandedSlot } from './brands';
import type { MethodKind } from './method-kinds';

/** One payment method of one country: a slot that holds the upstream's `payment_method_type`
 * (`slot` is the id `CATALOGUE` overrides use, e.g. `ci-otp`; `value` is `null` while the slot
 * is disabled; `brand` is the deployment's, over `brandOf`'s (`shared/brands.ts`)). */
export interface MethodSlot extends BrandedSlot {
  /** Other values the upstream accepts for the same method (e.g. `bank` for `virtual_account`). */
  readonly aliases?: readonly string[];
  /** A note shown to developers (not payers), e.g. that the operator prompts a USSD PIN. */
  readonly note?: string;
}

/** A collection market. */
export interface Country {
  /** The upstream's `country_id`. */
  readonly id: number;
  readonly name: string;
  /** ISO 3166-1 alpha-2 code (for flags and locale hints). */
  readonly iso2: string;
  /** International dial code without `+`. */
  readonly dialCode: string;
  /** ISO 4217 currency the country's collections use. */
  readonly currency: string;
  /** Digits of the national number after the dial code (mobile numbers). */
  readonly nationalNumberLength: number;
  readonly methods: readonly MethodSlot[];
}

/** A market announced by the upstream but not yet active: shown nowhere, accepted nowhere. */
export interface InactiveCountry {
  readonly name: string;
  readonly dialCode: string;
  readonly currency: string;
}

const slot = (
  slotId: string,
  kind: MethodKind,
  value: string | null,
  extra: Pick<MethodSlot, 'aliases' | 'note'> = {},
): MethodSlot => ({ slot: slotId, kind, value, ...extra });

const operators = (prefix: string, values: readonly (string | null)[]): MethodSlot[] =>
  values.map((value, i) => slot(`${prefix}-operator-${i + 1}`, 'operator_prompt', value));

/** The 17 collection countries, in the order of docs/upstream-api.md, "Countries for
 * collections". */
export const COUNTRIES: readonly Country[] = [
  {
    id: 1,
    name: 'Kenya',
    iso2: 'KE',
    dialCode: '254',
    currency: 'KES',
    nationalNumberLength: 9,
    methods: [slot('ke-send-money', 'phone_prompt', 'send money'), ...operators('ke', [null])],
  },
  {
    id: 2,
    name: 'Benin',
    iso2: 'BJ',
    dialCode: '229',
    currency: 'XOF',
    nationalNumberLength: 10,
    methods: operators('bj', ['mtn', 'MOOV']),
  },
  {
    id: 3,
    name: "Cote d'Ivoire",
    iso2: 'CI',
    dialCode: '225',
    currency: 'XOF',
    nationalNumberLength: 10,
    methods: [
      ...operators('ci', [null, null]),
      slot('ci-otp', 'otp_operator', null),
      slot('ci-wallet', 'redirect_wallet', null),
    ],
  },
  {
    id: 4,
    name: 'Cameroon',
    iso2: 'CM',
    dialCode: '237',
    currency: 'XAF',
    nationalNumberLength: 9,
    methods: operators('cm', [null, null]),
  },
  {
    id: 5,
    name: 'DRC',
    iso2: 'CD',
    dialCode: '243',
    currency: 'CDF',
    nationalNumberLength: 9,
    methods: operators('cd', [null, null, null]),
  },
  {
    id: 8,
    name: 'Rwanda',
    iso2: 'RW',
    dialCode: '250',
    currency: 'RWF',
    nationalNumberLength: 9,
    methods: operators('rw', ['mtn', 'Airtel']),
  },
  {
    id: 9,
    name: 'Senegal',
    iso2: 'SN',
    dialCode: '221',
    currency: 'XOF',
    nationalNumberLength: 9,
    methods: [
      slot('sn-operator-1', 'operator_prompt', 'Orange', {
        note: 'The payer confirms with a USSD PIN prompt.',
      }),
      slot('sn-operator-2', 'operator_prompt', 'Free'),
      slot('sn-wallet', 'redirect_wallet', 'Wave'),
    ],
  },
  {
    id: 10,
    name: 'Tanzania',
    iso2: 'TZ',
    dialCode: '255',
    currency: 'TZS',
    nationalNumberLength: 9,
    methods: operators('tz', ['Airtel', 'Halotel', 'Tigo', 'Vodacom']),
  },
  {
    id: 11,
    name: 'Uganda',
    iso2: 'UG',
    dialCode: '256',
    currency: 'UGX',
    nationalNumberLength: 9,
    methods: operators('ug', ['mtn', 'Airtel']),
  },
  {
    id: 12,
    name: 'Zambia',
    iso2: 'ZM',
    dialCode: '260',
    currency: 'ZMW',
    nationalNumberLength: 9,
    methods: operators('zm', [null, null, null]),
  },
  {
    id: 13,
    name: 'Sierra Leone',
    iso2: 'SL',
    dialCode: '232',
    currency: 'SLE',
    nationalNumberLength: 8,
    methods: operators('sl', ['Orange']),
  },
  {
    id: 15,
    name: 'South Africa',
    iso2: 'ZA',
    dialCode: '27',
    currency: 'ZAR',
    nationalNumberLength: 9,
    methods: [slot('za-eft', 'bank_eft', 'bank_eft'), slot('za-bank-id', 'bank_id', null)],
  },
  {
    id: 16,
    name: 'Ghana',
    iso2: 'GH',
    dialCode: '233',
    currency: 'GHS',
    nationalNumberLength: 9,
    methods: operators('gh', [null, null, null]),
  },
  {
    id: 17,
    name: 'Nigeria',
    iso2: 'NG',
    dialCode: '234',
    currency: 'NGN',
    nationalNumberLength: 10,
    methods: [
      slot('ng-virtual-account', 'virtual_account', 'virtual_account', { aliases: ['bank'] }),
    ],
  },
  {
    id: 18,
    name: 'Mali',
    iso2: 'ML',
    dialCode: '223',
    currency: 'XOF',
    nationalNumberLength: 8,
    methods: operators('ml', [null, null]),
  },
  {
    id: 19,
    name: 'Burkina Faso',
    iso2: 'BF',
    dialCode: '226',
    currency: 'XOF',
    nationalNumberLength: 8,
    methods: operators('bf', [null, null]),
  },
  {
    id: 20,
    name: 'Togo',
    iso2: 'TG',
    dialCode: '228',
    currency: 'XOF',
    nationalNumberLength: 8,
    methods: operators('tg', [null, null]),
  },
];

/** Announced by the upstream, not yet active. */
export const INACTIVE_COUNTRIES: readonly InactiveCountry[] = [
  { name: 'Ethiopia', dialCode: '251', currency: 'ETB' },
  { name: 'Malawi', dialCode: '265', currency: 'MWK' },
  { name: 'Egypt', dialCode: '20', currency: 'EGP' },
  { name: 'Mozambique', dialCode: '258', currency: 'MZN' },
];

/** Payment links: `country_id` → currency (docs/upstream-api.md, "Countries for payment
 * links"). */
export const PAYMENT_LINK_COUNTRIES: Readonly<Record<number, string>> = {
  1: 'KES',
  2: 'XOF',
  3: 'XOF',
  4: 'XAF',
  9: 'XOF',
  10: 'TZS',
  11: 'UGX',
  12: 'ZMW',
  13: 'SLE',
  16: 'GHS',
  17: 'NGN',
};

/** Payment types the upstream lists for Kenyan payment links. */
export const KENYA_PAYMENT_LINK_TYPES: readonly string[] = [
  'till number',
  'pay bill',
  'bank-transfer',
  'send money',
];

/** An issuing bank of NGN virtual accounts. */
export interface NgnBank {
  readonly code: string;
  /** The upstream names the codes only; the label is ours. */
  readonly label: string;
}

/** NGN virtual-account bank codes, in the upstream's order; the `VIRTUAL_ACCOUNT_BANKS` setting
 * names them (see `parseVirtualAccountBanks` of `shared/catalogue-settings.ts`). */
export const NGN_BANKS: readonly NgnBank[] = [
  { code: '17001', label: 'Issuing bank 1' },
  { code: '17002', label: 'Issuing bank 2' },
  { code: '17003', label: 'Issuing bank 3' },
];

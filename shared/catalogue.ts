/**
 * The catalogue: every market and payment method of the upstream, as data.
 *
 * The spec's country table counts operator values without spelling them (they are brand
 * names). Values that are publicly documented ship here; the other slots are `null`
 * (disabled) until a deployment enables them with the `CATALOGUE` setting
 * (see {@link applyCatalogueOverrides}).
 * @module
 */
import type { MethodOption } from './view';

/** How a method collects money, which decides the form and the live step. */
export type MethodKind =
  | 'phone_prompt'
  | 'operator_prompt'
  | 'otp_operator'
  | 'redirect_wallet'
  | 'bank_eft'
  | 'bank_id'
  | 'virtual_account';

/** Every method kind, in the order a payer is shown them. */
export const METHOD_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
  'redirect_wallet',
  'bank_eft',
  'bank_id',
  'virtual_account',
];

/** One payment method of one country: a slot that holds the upstream's `payment_method_type`. */
export interface MethodSlot {
  /** Stable id of the slot, used by `CATALOGUE` overrides, e.g. `ci-otp`. */
  readonly slot: string;
  readonly kind: MethodKind;
  /** The `payment_method_type` sent upstream; `null` while the slot is disabled. */
  readonly value: string | null;
  /** Other values the upstream accepts for the same method (e.g. `bank` for `virtual_account`). */
  readonly aliases?: readonly string[];
  /** A note shown to developers (not payers), e.g. that the operator prompts a USSD PIN. */
  readonly note?: string;
  /** The deployment's brand for this slot (the `CATALOGUE` object form), over {@link brandOf}'s. */
  readonly brand?: Partial<Brand>;
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

/** The 17 collection countries of the spec's country table, in its order. */
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

/** Payment links: `country_id` → currency (the spec's payment-link country table). */
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

/** Payment types the spec lists for Kenyan payment links. */
export const KENYA_PAYMENT_LINK_TYPES: readonly string[] = [
  'till number',
  'pay bill',
  'bank-transfer',
  'send money',
];

/** An issuing bank of NGN virtual accounts. */
export interface NgnBank {
  readonly code: string;
  /** The spec names the codes only; the label is ours. */
  readonly label: string;
}

/** NGN virtual-account bank codes, in the spec's order; the `VIRTUAL_ACCOUNT_BANKS` setting
 * names them (see {@link parseVirtualAccountBanks}). */
export const NGN_BANKS: readonly NgnBank[] = [
  { code: '17001', label: 'Issuing bank 1' },
  { code: '17002', label: 'Issuing bank 2' },
  { code: '17003', label: 'Issuing bank 3' },
];

/** Minutes an NGN virtual account stays open. */
export const VIRTUAL_ACCOUNT_TTL_MINUTES = 30;
/** Minutes an OTP stays valid. */
export const OTP_TTL_MINUTES = 2;
/** Minutes a payer has to approve a phone prompt before a new attempt may start (the prompt's
 * outcome is still reconciled after that). */
export const PROMPT_INPUT_MINUTES = 3;
/** Minutes a payer has to finish a redirect (wallet or bank page) before a new attempt may start. */
export const REDIRECT_INPUT_MINUTES = 15;

/**
 * How long each method kind waits for the payer's input. The window stops new input only;
 * it never settles money (docs/design.md, "Money rules").
 *
 * @example
 * INPUT_WINDOW_MINUTES.otp_operator; // 2
 */
export const INPUT_WINDOW_MINUTES: Readonly<Record<MethodKind, number>> = {
  phone_prompt: PROMPT_INPUT_MINUTES,
  operator_prompt: PROMPT_INPUT_MINUTES,
  otp_operator: OTP_TTL_MINUTES,
  redirect_wallet: REDIRECT_INPUT_MINUTES,
  bank_eft: REDIRECT_INPUT_MINUTES,
  bank_id: REDIRECT_INPUT_MINUTES,
  virtual_account: VIRTUAL_ACCOUNT_TTL_MINUTES,
};
/** Digits of a South African national ID. */
export const ZA_ID_LENGTH = 13;

/** Method kinds that send the payer to an `authorization_url`. */
export const REDIRECT_KINDS: readonly MethodKind[] = ['redirect_wallet', 'bank_eft', 'bank_id'];

/**
 * True for a method kind (or any stored kind text) that sends the payer to an `authorization_url`.
 *
 * @example
 * isRedirectKind('bank_eft'); // true
 * isRedirectKind('payout'); // false
 */
export function isRedirectKind(kind: string): boolean {
  return REDIRECT_KINDS.some((redirect) => redirect === kind);
}

/** Method kinds that need the payer's phone number. */
export const PHONE_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
  'redirect_wallet',
];

// --- brands ------------------------------------------------------------------------------------

/**
 * How payers know a method: its brand name, a short badge (initials drawn on the brand's
 * colour by the widget's CSS; no logo files) and that colour.
 */
export interface Brand {
  /** The name payers look for, e.g. `MTN MoMo`. */
  readonly label: string;
  /** 1 to 3 letters or digits shown in the badge, e.g. `MTN`. */
  readonly badge: string;
  /** The badge's background, `#rrggbb`. */
  readonly color: string;
}

const brand = (label: string, badge: string, color: string): Brand => ({ label, badge, color });

/**
 * The brand of every operator value the catalogue and the dev `CATALOGUE` know, by
 * `payment_method_type` in lowercase (`ISO2:value` for a country's own brand). The upstream's
 * values are not the brands payers know ("mtn", "MOOV", "Vodafone").
 *
 * @example
 * OPERATOR_BRANDS.mtn.label; // 'MTN MoMo'
 */
export const OPERATOR_BRANDS: Readonly<Record<string, Brand>> = {
  mtn: brand('MTN MoMo', 'MTN', '#ffcb05'),
  moov: brand('Moov Money', 'MM', '#0066b3'),
  orange: brand('Orange Money', 'OM', '#ff7900'),
  airtel: brand('Airtel Money', 'AM', '#e40000'),
  free: brand('Free Money', 'FM', '#cd1e25'),
  wave: brand('Wave', 'W', '#1dc8f2'),
  halotel: brand('HaloPesa', 'HP', '#f26522'),
  tigo: brand('Tigo Pesa', 'TP', '#00377b'),
  vodacom: brand('Vodacom M-Pesa', 'VM', '#e60000'),
  zamtel: brand('Zamtel Kwacha', 'ZK', '#00843d'),
  // Vodafone Ghana is Telecel since 2024; payers see the new name on their phones.
  vodafone: brand('Telecel Cash', 'TC', '#e4002b'),
  telecel: brand('Telecel Cash', 'TC', '#e4002b'),
  airteltigo: brand('AirtelTigo Money', 'AT', '#0f3c8c'),
  togocom: brand('Togocom T-Money', 'TM', '#ffd100'),
  'tg:moov': brand('Moov Africa Flooz', 'MF', '#0066b3'),
};

/**
 * The brand of the methods that are not an operator's, by kind (whatever their value).
 *
 * @example
 * KIND_BRANDS.bank_eft?.label; // 'Instant EFT'
 */
export const KIND_BRANDS: Readonly<Partial<Record<MethodKind, Brand>>> = {
  phone_prompt: brand('M-PESA', 'MP', '#00a650'),
  bank_eft: brand('Instant EFT', 'EFT', '#1d5bd0'),
  bank_id: brand('Bank (ID number)', 'ID', '#3d4657'),
  virtual_account: brand('Bank transfer', 'NGN', '#00704a'),
};

/** Neutral badge colour of a value no table knows. */
const UNKNOWN_BRAND_COLOR = '#555d6e';

/**
 * The catalogue's own brand of an operator value in a country (`undefined` when it has none).
 *
 * @example
 * knownBrand('MOOV', 'BJ')?.label; // 'Moov Money'
 */
export function knownBrand(value: string, iso2: string): Brand | undefined {
  const key = value.toLowerCase();
  return OPERATOR_BRANDS[`${iso2.toLowerCase()}:${key}`] ?? OPERATOR_BRANDS[key];
}

/**
 * The brand a payer is shown for an enabled slot of a country: the deployment's (`CATALOGUE`
 * object form), else the method kind's (M-PESA, Instant EFT, …) or the operator value's, else
 * the raw value with its first letters on a neutral colour.
 *
 * @example
 * brandOf(defaultCatalogue.method(2, 'mtn')!, 'BJ'); // { label: 'MTN MoMo', badge: 'MTN', color: '#ffcb05' }
 */
export function brandOf(slot: MethodSlot, iso2: string): Brand {
  const value = slot.value ?? slot.slot;
  const own = KIND_BRANDS[slot.kind] ?? knownBrand(value, iso2);
  const label = slot.brand?.label ?? own?.label ?? value;
  return {
    label,
    badge: slot.brand?.badge ?? own?.badge ?? initials(label),
    color: slot.brand?.color ?? own?.color ?? UNKNOWN_BRAND_COLOR,
  };
}

/** Up to 3 initials of a name: `Moov Money` → `MM`, `Wave` → `W`. */
function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? ['?'];
  return words
    .slice(0, 3)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Relative luminance of `#rrggbb` (WCAG 2.1). */
function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * WCAG contrast ratio of two `#rrggbb` colours (1 to 21).
 *
 * @example
 * contrastRatio('#000000', '#ffffff'); // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The badge text colour for a background: black or white, whichever contrasts more (never
 * below 4.58:1, so any brand colour passes WCAG AA).
 *
 * @example
 * inkFor('#ffcb05'); // '#000000'
 */
export function inkFor(color: string): string {
  return contrastRatio(color, '#000000') >= contrastRatio(color, '#ffffff') ? '#000000' : '#ffffff';
}

/**
 * An enabled slot as the payer is shown it (the view's `MethodOption`): its brand's label and
 * badge.
 *
 * @example
 * methodOption(slot, 'BJ');
 * // { value: 'mtn', kind: 'operator_prompt', label: 'MTN MoMo',
 * //   badge: { text: 'MTN', bg: '#ffcb05', fg: '#000000' } }
 */
export function methodOption(slot: MethodSlot, iso2: string): MethodOption {
  const brand = brandOf(slot, iso2);
  return {
    value: slot.value!,
    kind: slot.kind,
    label: brand.label,
    badge: { text: brand.badge, bg: brand.color, fg: inkFor(brand.color) },
  };
}

// --- CATALOGUE and VIRTUAL_ACCOUNT_BANKS settings ----------------------------------------------

/**
 * One slot's override in the object form: the `payment_method_type`, and optionally what the
 * payer is shown (`label`, `badge`, `color`) when the catalogue's brand does not fit.
 *
 * @example
 * { type: 'MOOV', label: 'Moov Money', badge: 'MM', color: '#0066b3' }
 */
export interface SlotOverride {
  readonly type: string;
  readonly label?: string;
  readonly badge?: string;
  readonly color?: string;
}

/**
 * A deployment's catalogue overrides: slot id → `payment_method_type` value, `null` to disable
 * a slot, or a {@link SlotOverride} to name its brand too. Given as the `CATALOGUE` var (JSON
 * text or a wrangler table).
 *
 * @example
 * { "ci-otp": "Orange", "ke-operator-1": null, "bj-operator-2": { "type": "MOOV", "label": "Moov Money" } }
 */
export type CatalogueOverrides = Readonly<Record<string, string | null | SlotOverride>>;

/** The catalogue a deployment runs with. */
export interface Catalogue {
  readonly countries: readonly Country[];
  /** NGN virtual-account banks with the deployment's names (`VIRTUAL_ACCOUNT_BANKS`). */
  readonly banks: readonly NgnBank[];
  /** The country with this `country_id`, if it is a collection market. */
  country(id: number): Country | undefined;
  /** The enabled slot of `country` whose value (or alias) is `value`. */
  method(countryId: number, value: string): MethodSlot | undefined;
  /** Enabled methods of a country. */
  enabledMethods(countryId: number): MethodSlot[];
}

const allSlots = new Set(COUNTRIES.flatMap((country) => country.methods.map((m) => m.slot)));

/** Longest brand label and badge a setting may give. */
export const BRAND_LABEL_MAX = 40;
export const BRAND_BADGE_MAX = 3;
/** Longest bank name `VIRTUAL_ACCOUNT_BANKS` may give. */
export const BANK_NAME_MAX = 60;

const nonEmpty = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** A JSON object setting (text or a wrangler table), or a thrown message naming `name`. */
function settingObject(name: string, raw: unknown, shape: string): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(`${name} is not valid JSON`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${name} must be an object of ${shape}`);
  }
  return value as Record<string, unknown>;
}

/** Checks one object-form slot override; throws naming the slot and the bad key. */
function slotOverride(key: string, value: Record<string, unknown>): SlotOverride {
  const where = `CATALOGUE slot "${key}"`;
  for (const name of Object.keys(value)) {
    if (!['type', 'label', 'badge', 'color'].includes(name)) {
      throw new Error(`${where} has an unknown key "${name}" (type, label, badge, color)`);
    }
  }
  if (!nonEmpty(value.type, 64)) throw new Error(`${where} needs "type": a non-empty string`);
  if (value.label !== undefined && !nonEmpty(value.label, BRAND_LABEL_MAX)) {
    throw new Error(`${where} "label" must be a non-empty string of at most ${BRAND_LABEL_MAX}`);
  }
  if (value.badge !== undefined && !/^[\p{L}\p{N}]{1,3}$/u.test(String(value.badge))) {
    throw new Error(`${where} "badge" must be 1 to ${BRAND_BADGE_MAX} letters or digits`);
  }
  if (value.color !== undefined && !/^#[0-9a-fA-F]{6}$/.test(String(value.color))) {
    throw new Error(`${where} "color" must be a #rrggbb colour`);
  }
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => [
      name,
      name === 'color' ? String(v).toLowerCase() : v,
    ]),
  ) as unknown as SlotOverride;
}

/**
 * Parses the `CATALOGUE` setting; throws with a message naming the bad slot. A slot takes a
 * `payment_method_type`, `null` (disabled) or `{"type", "label"?, "badge"?, "color"?}`.
 *
 * @example
 * parseCatalogueOverrides('{"ci-otp":"Orange"}'); // { 'ci-otp': 'Orange' }
 * parseCatalogueOverrides('{"bj-operator-2":{"type":"MOOV","label":"Moov Money"}}');
 */
export function parseCatalogueOverrides(raw: unknown): CatalogueOverrides {
  const value = settingObject(
    'CATALOGUE',
    raw,
    'slot id to payment_method_type (or {"type","label","badge","color"})',
  );
  const out: Record<string, string | null | SlotOverride> = {};
  for (const [key, slotValue] of Object.entries(value ?? {})) {
    if (!allSlots.has(key)) throw new Error(`CATALOGUE names an unknown slot "${key}"`);
    if (slotValue !== null && typeof slotValue === 'object' && !Array.isArray(slotValue)) {
      out[key] = slotOverride(key, slotValue as Record<string, unknown>);
    } else if (slotValue === null || nonEmpty(slotValue, 64)) {
      out[key] = slotValue;
    } else {
      throw new Error(
        `CATALOGUE slot "${key}" must be a non-empty string or null, or {"type": …, "label": …}`,
      );
    }
  }
  return out;
}

/**
 * Parses the `VIRTUAL_ACCOUNT_BANKS` setting: the names payers see for the three NGN bank
 * codes (the spec gives codes only). Unnamed codes keep their default label; an unknown code
 * or an empty name throws.
 *
 * @example
 * parseVirtualAccountBanks('{"17001":"Wema Bank"}')[0]; // { code: '17001', label: 'Wema Bank' }
 */
export function parseVirtualAccountBanks(raw: unknown): readonly NgnBank[] {
  const value = settingObject('VIRTUAL_ACCOUNT_BANKS', raw, 'bank code to bank name') ?? {};
  for (const [code, name] of Object.entries(value)) {
    if (!NGN_BANKS.some((bank) => bank.code === code)) {
      const codes = NGN_BANKS.map((bank) => bank.code).join(', ');
      throw new Error(`VIRTUAL_ACCOUNT_BANKS names an unknown bank code "${code}" (${codes})`);
    }
    if (!nonEmpty(name, BANK_NAME_MAX)) {
      throw new Error(
        `VIRTUAL_ACCOUNT_BANKS "${code}" must be a bank name of 1 to ${BANK_NAME_MAX} characters`,
      );
    }
  }
  return NGN_BANKS.map((bank) => ({
    code: bank.code,
    label: Object.hasOwn(value, bank.code) ? (value[bank.code] as string).trim() : bank.label,
  }));
}

/** A slot with its override applied. */
function overridden(m: MethodSlot, override: string | null | SlotOverride | undefined): MethodSlot {
  if (override === undefined) return m;
  if (override === null || typeof override === 'string') return { ...m, value: override };
  const { type, ...brandOverride } = override;
  return { ...m, value: type, brand: brandOverride };
}

/**
 * The catalogue with a deployment's overrides (and bank names) applied.
 *
 * @example
 * const catalogue = applyCatalogueOverrides(parseCatalogueOverrides(env.CATALOGUE));
 * catalogue.method(1, 'send money')?.kind; // 'phone_prompt'
 */
export function applyCatalogueOverrides(
  overrides: CatalogueOverrides = {},
  banks: readonly NgnBank[] = NGN_BANKS,
): Catalogue {
  const countries = COUNTRIES.map((country) => ({
    ...country,
    methods: country.methods.map((m) =>
      overridden(m, Object.hasOwn(overrides, m.slot) ? overrides[m.slot] : undefined),
    ),
  }));
  const byId = new Map(countries.map((country) => [country.id, country]));
  return {
    countries,
    banks,
    country: (id) => byId.get(id),
    enabledMethods: (countryId) =>
      (byId.get(countryId)?.methods ?? []).filter((m) => m.value !== null),
    method(countryId, value) {
      return byId
        .get(countryId)
        ?.methods.find(
          (m) => m.value !== null && (m.value === value || m.aliases?.includes(value)),
        );
    },
  };
}

/** The catalogue with no overrides. */
export const defaultCatalogue: Catalogue = applyCatalogueOverrides();

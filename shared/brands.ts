/**
 * Operator brands: how payers know a method (its brand name, a badge of initials on the brand's
 * colour) and the WCAG contrast that picks the badge's ink.
 * @module
 */
import type { MethodKind } from './method-kinds';
import type { MethodOption } from './view';

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

/** What {@link brandOf} reads of a catalogue slot (a `MethodSlot` of `shared/countries.ts`). */
export interface BrandedSlot {
  /** Stable id of the slot, e.g. `ci-otp`. */
  readonly slot: string;
  readonly kind: MethodKind;
  /** The `payment_method_type`; `null` while the slot is disabled. */
  readonly value: string | null;
  /** The deployment's brand for this slot (the `CATALOGUE` object form). */
  readonly brand?: Partial<Brand>;
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
export function brandOf(slot: BrandedSlot, iso2: string): Brand {
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
export function methodOption(slot: BrandedSlot, iso2: string): MethodOption {
  const brand = brandOf(slot, iso2);
  return {
    value: slot.value!,
    kind: slot.kind,
    label: brand.label,
    badge: { text: brand.badge, bg: brand.color, fg: inkFor(brand.color) },
  };
}

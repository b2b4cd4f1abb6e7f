/**
 * The `CATALOGUE` and `VIRTUAL_ACCOUNT_BANKS` settings: parsed, with a message naming the bad
 * slot or bank code (docs/configuration.md, "Catalogue").
 * @module
 */
import { COUNTRIES, NGN_BANKS, type NgnBank } from './countries';

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
 * Parses the `VIRTUAL_ACCOUNT_BANKS` setting: the names payers see for the three NGN bank codes
 * (the upstream gives codes only: docs/upstream-api.md, "NGN bank codes"). Unnamed codes keep
 * their default label; an unknown code or an empty name throws.
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

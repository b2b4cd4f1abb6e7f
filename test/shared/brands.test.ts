// Operator brands: every method a payer can be offered has a brand label and badge,
// with the defaults and with the dev CATALOGUE of wrangler.toml and sandbox/wrangler.toml; the
// CATALOGUE object form and VIRTUAL_ACCOUNT_BANKS, good and bad.
import { describe, expect, it } from 'vitest';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import {
  brandOf,
  contrastRatio,
  inkFor,
  KIND_BRANDS,
  knownBrand,
  methodOption,
  OPERATOR_BRANDS,
} from '../../shared/brands';
import { applyCatalogueOverrides, type Catalogue, defaultCatalogue } from '../../shared/catalogue';
import { parseCatalogueOverrides, parseVirtualAccountBanks } from '../../shared/catalogue-settings';
import { NGN_BANKS } from '../../shared/countries';

const devCatalogue = (config: string, env: string) => {
  const raw = unstable_getMiniflareWorkerOptions(config, env).workerOptions.bindings?.CATALOGUE;
  expect(raw, `${config} [env ${env || 'top'}] CATALOGUE`).toBeTruthy();
  return applyCatalogueOverrides(parseCatalogueOverrides(raw));
};

const catalogues: [string, Catalogue][] = [
  ['the defaults', defaultCatalogue],
  ['wrangler.toml [env.dev]', devCatalogue('wrangler.toml', 'dev')],
  ['sandbox/wrangler.toml', devCatalogue('sandbox/wrangler.toml', '')],
];

describe('every enabled method has a brand', () => {
  it.each(catalogues)('%s', (_, catalogue) => {
    let seen = 0;
    for (const country of catalogue.countries) {
      for (const slot of catalogue.enabledMethods(country.id)) {
        seen++;
        const where = `${country.name} ${slot.slot} (${slot.value})`;
        // The catalogue's own brand, not the fallback (the raw value on a neutral colour).
        const own = KIND_BRANDS[slot.kind] ?? knownBrand(slot.value!, country.iso2);
        expect(own, where).toBeDefined();
        const option = methodOption(slot, country.iso2);
        expect(option.label, where).toBe(own!.label);
        expect(option.badge, where).toEqual({
          text: own!.badge,
          bg: own!.color,
          fg: inkFor(own!.color),
        });
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('names the brands payers know, not the upstream values', () => {
    const dev = catalogues[1]![1];
    const label = (countryId: number, value: string) =>
      brandOf(dev.method(countryId, value)!, dev.country(countryId)!.iso2).label;
    expect(label(2, 'mtn')).toBe('MTN MoMo');
    expect(label(2, 'MOOV')).toBe('Moov Money');
    expect(label(9, 'Orange')).toBe('Orange Money');
    expect(label(11, 'Airtel')).toBe('Airtel Money');
    expect(label(1, 'send money')).toBe('M-PESA');
    expect(label(9, 'Wave')).toBe('Wave');
    expect(label(5, 'Vodacom')).toBe('Vodacom M-Pesa');
    expect(label(12, 'Zamtel')).toBe('Zamtel Kwacha');
    expect(label(16, 'Vodafone')).toBe('Telecel Cash');
    expect(label(16, 'AirtelTigo')).toBe('AirtelTigo Money');
    expect(label(20, 'Togocom')).toBe('Togocom T-Money');
  });

  it('gives every badge 1 to 3 capitals or digits and a #rrggbb colour readable in black or white', () => {
    for (const [key, brand] of Object.entries({ ...OPERATOR_BRANDS, ...KIND_BRANDS })) {
      expect(brand.badge, key).toMatch(/^[A-Z0-9]{1,3}$/);
      expect(brand.color, key).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(brand.color, inkFor(brand.color)), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('picks a badge ink that passes WCAG AA on any colour', () => {
    for (let i = 0; i < 4096; i++) {
      const color = `#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}`;
      expect(contrastRatio(color, inkFor(color)), color).toBeGreaterThanOrEqual(4.5);
    }
    expect(inkFor('#ffcb05')).toBe('#000000');
    expect(inkFor('#0066b3')).toBe('#ffffff');
  });

  it('falls back to the raw value and its initials for a value nobody named', () => {
    const catalogue = applyCatalogueOverrides({ 'cm-operator-1': 'Express Union' });
    const brand = brandOf(catalogue.method(4, 'Express Union')!, 'CM');
    expect(brand).toEqual({ label: 'Express Union', badge: 'EU', color: '#555d6e' });
  });
});

describe('CATALOGUE object form', () => {
  it('sets the type and the brand of a slot', () => {
    const overrides = parseCatalogueOverrides(
      '{"bj-operator-2":{"type":"MOOV","label":"Moov Money Benin","badge":"MB","color":"#0066B3"}}',
    );
    expect(overrides).toEqual({
      'bj-operator-2': { type: 'MOOV', label: 'Moov Money Benin', badge: 'MB', color: '#0066b3' },
    });
    const slot = applyCatalogueOverrides(overrides).method(2, 'MOOV')!;
    expect(slot.slot).toBe('bj-operator-2');
    expect(methodOption(slot, 'BJ')).toEqual({
      value: 'MOOV',
      kind: 'operator_prompt',
      label: 'Moov Money Benin',
      badge: { text: 'MB', bg: '#0066b3', fg: '#ffffff' },
    });
  });

  it('keeps the catalogue’s brand for what it does not name, and enables a disabled slot', () => {
    const catalogue = applyCatalogueOverrides(
      parseCatalogueOverrides({ 'ml-operator-1': { type: 'Orange', label: 'Orange Money Mali' } }),
    );
    const brand = brandOf(catalogue.method(18, 'Orange')!, 'ML');
    expect(brand).toEqual({ label: 'Orange Money Mali', badge: 'OM', color: '#ff7900' });
    expect(defaultCatalogue.method(18, 'Orange')).toBeUndefined();
  });

  it('mixes with the string form and null', () => {
    const catalogue = applyCatalogueOverrides(
      parseCatalogueOverrides(
        '{"ci-otp":"Orange","ke-send-money":null,"bj-operator-1":{"type":"mtn"}}',
      ),
    );
    expect(catalogue.method(3, 'Orange')?.kind).toBe('otp_operator');
    expect(catalogue.enabledMethods(1)).toEqual([]);
    expect(brandOf(catalogue.method(2, 'mtn')!, 'BJ').label).toBe('MTN MoMo');
  });

  it.each([
    ['{"bj-operator-2":{"label":"Moov Money"}}', /"bj-operator-2" needs "type"/],
    ['{"bj-operator-2":{"type":""}}', /"bj-operator-2" needs "type"/],
    ['{"bj-operator-2":{"type":5}}', /"bj-operator-2" needs "type"/],
    ['{"bj-operator-2":{"type":"MOOV","logo":"x.png"}}', /unknown key "logo"/],
    ['{"bj-operator-2":{"type":"MOOV","label":""}}', /"label" must be a non-empty string/],
    [`{"bj-operator-2":{"type":"MOOV","label":"${'x'.repeat(41)}"}}`, /"label" must be/],
    ['{"bj-operator-2":{"type":"MOOV","badge":"MOOV"}}', /"badge" must be 1 to 3/],
    ['{"bj-operator-2":{"type":"MOOV","badge":"M M"}}', /"badge" must be 1 to 3/],
    ['{"bj-operator-2":{"type":"MOOV","color":"blue"}}', /"color" must be a #rrggbb/],
    ['{"bj-operator-2":{"type":"MOOV","color":"#fff;}"}}', /"color" must be a #rrggbb/],
    ['{"bj-operator-2":["MOOV"]}', /must be a non-empty string or null, or \{"type"/],
    ['{"xx-operator-1":{"type":"MOOV"}}', /unknown slot "xx-operator-1"/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseCatalogueOverrides(raw)).toThrow(message);
  });
});

describe('VIRTUAL_ACCOUNT_BANKS', () => {
  it('names the three NGN bank codes, keeping the default label of the others', () => {
    expect(parseVirtualAccountBanks('{"17001":"Wema Bank","17003":" Providus Bank "}')).toEqual([
      { code: '17001', label: 'Wema Bank' },
      { code: '17002', label: 'Issuing bank 2' },
      { code: '17003', label: 'Providus Bank' },
    ]);
    expect(parseVirtualAccountBanks({ 17002: 'Sterling Bank' })[1]).toEqual({
      code: '17002',
      label: 'Sterling Bank',
    });
  });

  it('is the defaults when unset', () => {
    expect(parseVirtualAccountBanks(undefined)).toEqual(NGN_BANKS);
    expect(parseVirtualAccountBanks('')).toEqual(NGN_BANKS);
  });

  it('reaches the catalogue the view is built from', () => {
    const banks = parseVirtualAccountBanks('{"17001":"Wema Bank"}');
    expect(applyCatalogueOverrides({}, banks).banks[0]?.label).toBe('Wema Bank');
    expect(defaultCatalogue.banks).toEqual(NGN_BANKS);
  });

  it.each([
    ['{"17001":', /VIRTUAL_ACCOUNT_BANKS is not valid JSON/],
    ['["Wema Bank"]', /VIRTUAL_ACCOUNT_BANKS must be an object of bank code to bank name/],
    ['{"17004":"Wema Bank"}', /unknown bank code "17004" \(17001, 17002, 17003\)/],
    ['{"17001":""}', /"17001" must be a bank name of 1 to 60/],
    ['{"17001":"   "}', /"17001" must be a bank name/],
    ['{"17001":7}', /"17001" must be a bank name/],
    [`{"17001":"${'B'.repeat(61)}"}`, /"17001" must be a bank name/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseVirtualAccountBanks(raw)).toThrow(message);
  });
});

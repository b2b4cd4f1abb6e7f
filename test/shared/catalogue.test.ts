import { describe, expect, it } from 'vitest';
import { applyCatalogueOverrides, defaultCatalogue } from '../../shared/catalogue';
import { parseCatalogueOverrides } from '../../shared/catalogue-settings';
import {
  COUNTRIES,
  INACTIVE_COUNTRIES,
  KENYA_PAYMENT_LINK_TYPES,
  NGN_BANKS,
  PAYMENT_LINK_COUNTRIES,
} from '../../shared/countries';
import { METHOD_KINDS, type MethodKind } from '../../shared/method-kinds';

// The spec's "Country table for collections", copied verbatim (spec/unified-payments-interface.md).
const SPEC_COUNTRY_TABLE = `
| 1 | Kenya | 254 | KES | \`send money\`; 1 operator value |
| 2 | Benin | 229 | XOF | 2 operator values |
| 3 | Cote d'Ivoire | 225 | XOF | 2 operator values; 1 OTP-verified operator method; 1 redirect wallet method |
| 4 | Cameroon | 237 | XAF | 2 operator values |
| 5 | DRC | 243 | CDF | 3 operator values |
| 8 | Rwanda | 250 | RWF | 2 operator values |
| 9 | Senegal | 221 | XOF | 2 operator values (one uses a USSD PIN prompt); 1 redirect wallet method |
| 10 | Tanzania | 255 | TZS | 4 operator values |
| 11 | Uganda | 256 | UGX | 2 operator values |
| 12 | Zambia | 260 | ZMW | 3 operator values |
| 13 | Sierra Leone | 232 | SLE | 1 operator value |
| 15 | South Africa | 27 | ZAR | \`bank_eft\`; 1 bank-ID method |
| 16 | Ghana | 233 | GHS | 3 operator values |
| 17 | Nigeria | 234 | NGN | \`virtual_account\` (\`bank\` also accepted) |
| 18 | Mali | 223 | XOF | 2 operator values |
| 19 | Burkina Faso | 226 | XOF | 2 operator values |
| 20 | Togo | 228 | XOF | 2 operator values |
`;
const SPEC_INACTIVE =
  'Announced, not yet active: Ethiopia (251, ETB), Malawi (265, MWK), Egypt (20, EGP), Mozambique (258, MZN).';
const SPEC_PAYMENT_LINKS =
  'country_id to currency: 1 KES, 2 XOF, 3 XOF, 4 XAF, 9 XOF, 10 TZS, 11 UGX, 12 ZMW, 13 SLE, 16 GHS, 17 NGN.';
const SPEC_KENYA_LINK_TYPES =
  'Kenya lists payment types till number, pay bill, bank-transfer and send money.';
const SPEC_NGN_BANKS = '`17001`, `17002`, `17003` (three issuing banks, in that order).';

interface SpecRow {
  id: number;
  name: string;
  dialCode: string;
  currency: string;
  methods: string;
}

const rows: SpecRow[] = SPEC_COUNTRY_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [id, name, dialCode, currency, methods] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return {
      id: Number(id),
      name: name!,
      dialCode: dialCode!,
      currency: currency!,
      methods: methods!,
    };
  });

/** Method slots per kind, read from the spec's methods column. */
function countsFromSpec(methods: string): Partial<Record<MethodKind, number>> {
  const counts: Partial<Record<MethodKind, number>> = {};
  const add = (kind: MethodKind, n: number) => (counts[kind] = (counts[kind] ?? 0) + n);
  for (const part of methods.split(';').map((p) => p.trim())) {
    let match: RegExpMatchArray | null;
    if (part === '`send money`') add('phone_prompt', 1);
    else if (part === '`bank_eft`') add('bank_eft', 1);
    else if (part.startsWith('`virtual_account`')) add('virtual_account', 1);
    else if ((match = part.match(/^(\d+) operator values?\b/)))
      add('operator_prompt', Number(match[1]));
    else if ((match = part.match(/^(\d+) OTP-verified operator method$/)))
      add('otp_operator', Number(match[1]));
    else if ((match = part.match(/^(\d+) redirect wallet method$/)))
      add('redirect_wallet', Number(match[1]));
    else if ((match = part.match(/^(\d+) bank-ID method$/))) add('bank_id', Number(match[1]));
    else throw new Error(`unread methods cell: ${part}`);
  }
  return counts;
}

function countsInCatalogue(countryId: number): Partial<Record<MethodKind, number>> {
  const counts: Partial<Record<MethodKind, number>> = {};
  for (const m of COUNTRIES.find((c) => c.id === countryId)?.methods ?? []) {
    counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  }
  return counts;
}

describe('the collection country table, line by line', () => {
  it('has the 17 rows of the spec, in its order', () => {
    expect(rows).toHaveLength(17);
    expect(COUNTRIES.map((c) => c.id)).toEqual(rows.map((r) => r.id));
  });

  it.each(rows)('$id $name', (row) => {
    const country = COUNTRIES.find((c) => c.id === row.id);
    expect(country).toBeDefined();
    expect(country!.name).toBe(row.name);
    expect(country!.dialCode).toBe(row.dialCode);
    expect(country!.currency).toBe(row.currency);
    expect(countsInCatalogue(row.id)).toEqual(countsFromSpec(row.methods));
  });

  it('spells the values the spec spells', () => {
    expect(defaultCatalogue.method(1, 'send money')?.kind).toBe('phone_prompt');
    expect(defaultCatalogue.method(15, 'bank_eft')?.kind).toBe('bank_eft');
    expect(defaultCatalogue.method(15, 'eft')).toBeUndefined(); // "The value `eft` does not exist."
    expect(defaultCatalogue.method(17, 'virtual_account')?.kind).toBe('virtual_account');
    expect(defaultCatalogue.method(17, 'bank')?.slot).toBe('ng-virtual-account');
  });

  it('notes Senegal’s USSD PIN prompt on one of its two operators', () => {
    const senegal = COUNTRIES.find((c) => c.id === 9)!;
    const notes = senegal.methods.filter(
      (m) => m.kind === 'operator_prompt' && /USSD PIN/.test(m.note ?? ''),
    );
    expect(notes).toHaveLength(1);
  });

  it('gives every slot a unique id and a known kind, and every country a phone length', () => {
    const slots = COUNTRIES.flatMap((c) => c.methods.map((m) => m.slot));
    expect(new Set(slots).size).toBe(slots.length);
    for (const c of COUNTRIES) {
      expect(c.nationalNumberLength, c.name).toBeGreaterThanOrEqual(7);
      expect(c.iso2, c.name).toMatch(/^[A-Z]{2}$/);
      for (const m of c.methods) expect(METHOD_KINDS, m.slot).toContain(m.kind);
    }
  });
});

describe('the inactive countries', () => {
  const inactive = [...SPEC_INACTIVE.matchAll(/(\w+) \((\d+), ([A-Z]{3})\)/g)].map((m) => ({
    name: m[1],
    dialCode: m[2],
    currency: m[3],
  }));

  it('lists the four of the spec', () => {
    expect(inactive).toHaveLength(4);
    expect(INACTIVE_COUNTRIES).toEqual(inactive);
  });

  it('offers none of them for collections', () => {
    for (const country of inactive) {
      expect(
        COUNTRIES.some((c) => c.name === country.name || c.dialCode === country.dialCode),
      ).toBe(false);
      expect(defaultCatalogue.countries.some((c) => c.currency === country.currency)).toBe(false);
    }
  });
});

describe('the payment-link country table', () => {
  const pairs = [...SPEC_PAYMENT_LINKS.matchAll(/(\d+) ([A-Z]{3})/g)].map((m) => [
    Number(m[1]),
    m[2],
  ]);

  it('matches the spec exactly', () => {
    expect(pairs).toHaveLength(11);
    expect(PAYMENT_LINK_COUNTRIES).toEqual(Object.fromEntries(pairs));
  });

  it('uses each country’s collection currency', () => {
    for (const [id, currency] of pairs) {
      expect(COUNTRIES.find((c) => c.id === id)?.currency, String(id)).toBe(currency);
    }
  });

  it('lists Kenya’s payment types', () => {
    for (const type of KENYA_PAYMENT_LINK_TYPES) expect(SPEC_KENYA_LINK_TYPES).toContain(type);
    expect(KENYA_PAYMENT_LINK_TYPES).toHaveLength(4);
  });
});

describe('the NGN bank codes', () => {
  it('are the spec’s three codes, in its order', () => {
    const codes = [...SPEC_NGN_BANKS.matchAll(/`(\d+)`/g)].map((m) => m[1]);
    expect(NGN_BANKS.map((b) => b.code)).toEqual(codes);
  });
});

describe('catalogue overrides', () => {
  it('enable a disabled slot', () => {
    expect(defaultCatalogue.method(3, 'OTP-OPERATOR')).toBeUndefined();
    const catalogue = applyCatalogueOverrides(parseCatalogueOverrides('{"ci-otp":"OTP-OPERATOR"}'));
    expect(catalogue.method(3, 'OTP-OPERATOR')?.kind).toBe('otp_operator');
    expect(catalogue.enabledMethods(3).map((m) => m.slot)).toEqual(['ci-otp']);
  });

  it('disable an enabled slot', () => {
    const catalogue = applyCatalogueOverrides(parseCatalogueOverrides({ 'ke-send-money': null }));
    expect(catalogue.method(1, 'send money')).toBeUndefined();
    expect(catalogue.enabledMethods(1)).toEqual([]);
    expect(defaultCatalogue.method(1, 'send money')).toBeDefined(); // the default is untouched
    expect(COUNTRIES[0]!.methods[0]!.value).toBe('send money');
  });

  it('refuse an unknown slot', () => {
    expect(() => parseCatalogueOverrides('{"xx-operator-1":"Foo"}')).toThrow(
      /unknown slot "xx-operator-1"/,
    );
  });

  it('refuse bad JSON and wrong shapes', () => {
    expect(() => parseCatalogueOverrides('{"ci-otp":')).toThrow(/not valid JSON/);
    expect(() => parseCatalogueOverrides('["ci-otp"]')).toThrow(/must be an object/);
    expect(() => parseCatalogueOverrides('{"ci-otp":5}')).toThrow(
      /"ci-otp" must be a non-empty string or null/,
    );
    expect(() => parseCatalogueOverrides('{"ci-otp":"  "}')).toThrow(/non-empty string/);
  });

  it('treat an absent setting as no overrides', () => {
    expect(parseCatalogueOverrides(undefined)).toEqual({});
    expect(parseCatalogueOverrides('')).toEqual({});
  });

  it('answer only enabled slots, by value or alias', () => {
    expect(defaultCatalogue.method(3, 'null')).toBeUndefined();
    expect(defaultCatalogue.method(99, 'send money')).toBeUndefined();
    expect(defaultCatalogue.country(6)).toBeUndefined();
    expect(defaultCatalogue.enabledMethods(5)).toEqual([]); // DRC: no value spelled by default
  });
});

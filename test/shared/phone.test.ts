import { describe, expect, it } from 'vitest';
import { COUNTRIES, type Country } from '../../shared/countries';
import {
  formatPhone,
  isValidPhone,
  dialCodeOf,
  maskPhone,
  normalizePhone,
  phoneRuleText,
} from '../../shared/phone';

const country = (name: string): Country => {
  const found = COUNTRIES.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} in the catalogue`);
  return found;
};
const kenya = country('Kenya');
const southAfrica = country('South Africa');
const sierraLeone = country('Sierra Leone');
const benin = country('Benin');

describe('normalizePhone', () => {
  it.each([
    ['254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['00254712345678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['(0712) 345 678', '254712345678'],
    ['0712.345.678', '254712345678'],
    ['712345678', '254712345678'],
    ['+254 (0)712 345 678', '254712345678'],
    ['  0712 345 678  ', '254712345678'],
  ])('Kenya: %s → %s', (typed, expected) => {
    expect(normalizePhone(typed, kenya)).toBe(expected);
  });

  it('uses each country’s dial code and length', () => {
    expect(normalizePhone('082 123 4567', southAfrica)).toBe('27821234567');
    expect(normalizePhone('+27 82 123 4567', southAfrica)).toBe('27821234567');
    expect(normalizePhone('76 123 456', sierraLeone)).toBe('23276123456');
    expect(normalizePhone('01 97 00 00 00', benin)).toBe('2290197000000');
  });

  it('prepends the dial code to a national number that happens to start with it', () => {
    expect(normalizePhone('254123456', kenya)).toBe('254254123456');
  });

  it('leaves what it cannot read for the check to refuse', () => {
    expect(normalizePhone('12345', kenya)).toBe('12345');
    expect(normalizePhone('07123456789999', kenya)).toBe('07123456789999');
    expect(normalizePhone('0712abc678', kenya)).toBe('0712abc678');
  });
});

describe('isValidPhone', () => {
  it('accepts the international form of the right length', () => {
    expect(isValidPhone('254712345678', kenya)).toBe(true);
    expect(isValidPhone('27821234567', southAfrica)).toBe(true);
    expect(isValidPhone('23276123456', sierraLeone)).toBe(true);
  });

  it('refuses a national form, a plus, another dial code, a wrong length or letters', () => {
    expect(isValidPhone('0712345678', kenya)).toBe(false);
    expect(isValidPhone('+254712345678', kenya)).toBe(false);
    expect(isValidPhone('255712345678', kenya)).toBe(false);
    expect(isValidPhone('25471234567', kenya)).toBe(false);
    expect(isValidPhone('2547123456789', kenya)).toBe(false);
    expect(isValidPhone('25471234567a', kenya)).toBe(false);
    expect(isValidPhone('', kenya)).toBe(false);
  });

  it('agrees with normalizePhone for every catalogue country', () => {
    for (const c of COUNTRIES) {
      const national = '7'.repeat(c.nationalNumberLength);
      const normalized = normalizePhone(`0${national}`, c);
      expect(normalized, c.name).toBe(c.dialCode + national);
      expect(isValidPhone(normalized, c), c.name).toBe(true);
    }
  });
});

describe('phoneRuleText', () => {
  it('states the dial code and the total digits', () => {
    expect(phoneRuleText(kenya)).toBe('must start with the dial code 254 and have 12 digits');
    expect(phoneRuleText(southAfrica)).toBe('must start with the dial code 27 and have 11 digits');
  });
});

describe('maskPhone', () => {
  it('shows the dial code and the last 3 digits of an 11-digit Sierra Leone number, nothing else', () => {
    const masked = maskPhone('23276123456');
    expect(masked).toBe('232*****456');
    // None of the hidden national digits (76123) can be read from it.
    expect(masked.replace(/\*/g, '')).toBe('232456');
  });

  it('finds the dial code from the number: three digits in Africa, two or one elsewhere', () => {
    expect(maskPhone('254712345000')).toBe('254******000');
    expect(maskPhone('+27 82 123 4567')).toBe('27******567');
    expect(maskPhone('14155550100')).toBe('1*******100');
    expect(['232', '27', '1', '44', '212'].map((d) => dialCodeOf(`${d}00000000`))).toEqual([
      '232',
      '27',
      '1',
      '44',
      '212',
    ]);
  });

  it('hides a number too short to keep both ends entirely', () => {
    expect(maskPhone('23212345')).toBe('********');
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone('')).toBe('');
  });
});

describe('formatPhone', () => {
  it.each([
    ['0712 345-678', kenya, '+254 712 345 678'],
    ['+254 (0)712 345 678', kenya, '+254 712 345 678'],
    ['082 123 4567', southAfrica, '+27 821 234 567'],
    ['76 123 456', sierraLeone, '+232 76 123 456'],
    ['01 97 00 00 00', benin, '+229 0197 000 000'],
  ])('shows %s as the number it will use', (typed, rule, shown) => {
    expect(formatPhone(normalizePhone(typed, rule), rule)).toBe(shown);
  });
});

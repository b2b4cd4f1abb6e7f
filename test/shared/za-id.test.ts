import { describe, expect, it } from 'vitest';
import { isValidZaId, luhnValid, ZA_ID_PROBLEM_TEXT, zaIdProblem } from '../../shared/za-id';

// Luhn by hand: from the right, the check digit is position 0; every odd position is doubled
// (minus 9 above 9); the total must end in 0.

describe('valid South African ID numbers', () => {
  // 800101 5009 0 8 7 — born 1980-01-01.
  // right to left: 7, 8→16→7, 0, 9→18→9, 0, 0→0, 5, 1→2, 0, 1→2, 0, 0→0, 8 = 40 ✓
  it('8001015009087', () => expect(zaIdProblem('8001015009087')).toBeNull());

  // 000229 5123 0 8 C — born 2000-02-29 (2000 is a leap year).
  // without C: 8→7, 0, 3→6, 2, 1→2, 5, 9→9, 2, 2→4, 0, 0→0, 0 = 37, so C = 3.
  it('0002295123083 (a 29 February of a leap year)', () =>
    expect(isValidZaId('0002295123083')).toBe(true));

  // 850101 6184 0 8 C — born 1985-01-01.
  // without C: 8→7, 0, 4→8, 8, 1→2, 6, 1→2, 0, 1→2, 0, 5→10→1, 8 = 44, so C = 6.
  it('8501016184086', () => expect(isValidZaId('8501016184086')).toBe(true));
});

describe('invalid South African ID numbers', () => {
  it('refuses a wrong check digit (8001015009088: total 41)', () => {
    expect(zaIdProblem('8001015009088')).toBe('checksum');
  });

  // 010229 5123 0 8 C: 1901 and 2001 are not leap years. Luhn-valid on purpose, so the date
  // is the only reason: without C: 8→7, 0, 3→6, 2, 1→2, 5, 9→9, 2, 2→4, 0, 1→2, 0 = 39, C = 1.
  it('refuses 29 February of a non-leap year (0102295123081)', () => {
    expect(luhnValid('0102295123081')).toBe(true);
    expect(zaIdProblem('0102295123081')).toBe('date');
  });

  // 800431 5009 0 8 C: there is no 31 April. Without C: 8→7, 0, 9→9, 0, 0→0, 5, 1→2, 3, 4→8,
  // 0, 0→0, 8 = 42, C = 8.
  it('refuses 31 April (8004315009088)', () => {
    expect(luhnValid('8004315009088')).toBe(true);
    expect(zaIdProblem('8004315009088')).toBe('date');
  });

  it('refuses a 13th month and a day 00', () => {
    expect(zaIdProblem('8013015009087')).toBe('date');
    expect(zaIdProblem('8001005009087')).toBe('date');
  });

  it('refuses the wrong length or non-digits', () => {
    expect(zaIdProblem('800101500908')).toBe('length');
    expect(zaIdProblem('80010150090877')).toBe('length');
    expect(zaIdProblem('800101500908A')).toBe('length');
    expect(zaIdProblem('800101 500908')).toBe('length');
    expect(zaIdProblem('')).toBe('length');
  });

  it('has a sentence ending for each problem', () => {
    expect(ZA_ID_PROBLEM_TEXT.length).toMatch(/13 digits/);
    expect(ZA_ID_PROBLEM_TEXT.date).toMatch(/YYMMDD/);
    expect(ZA_ID_PROBLEM_TEXT.checksum).toMatch(/check digit/);
  });
});

describe('luhnValid', () => {
  it('accepts the classic Luhn example and refuses a changed digit', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

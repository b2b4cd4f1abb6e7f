// Codes typed with an Arabic keyboard: Arabic-Indic digits mean the same Latin digits.
import { describe, expect, it } from 'vitest';
import { latinDigits } from '../../shared/latin-digits';

describe('latinDigits', () => {
  it('reads Arabic-Indic and Extended Arabic-Indic digits as Latin ones, the rest as it is', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits('+254 ٧١٢-345')).toBe('+254 712-345');
  });
});

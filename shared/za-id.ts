/**
 * South African national ID numbers (the bank-ID method's `id_number`): 13 digits,
 * `YYMMDD SSSS C A Z` — date of birth, sequence, citizenship, a legacy digit and a Luhn check digit.
 *
 * Zod-free and tiny: the widget imports it.
 * @module
 */

/** Digits of a South African ID number. */
export const ZA_ID_DIGITS = 13;

/** Why an ID number was refused. */
export type ZaIdProblem = 'length' | 'date' | 'checksum';

/** Each problem as the end of a sentence that starts with the field name. */
export const ZA_ID_PROBLEM_TEXT: Readonly<Record<ZaIdProblem, string>> = {
  length: 'must be a South African ID number of exactly 13 digits',
  date: 'must start with a valid date of birth (YYMMDD)',
  checksum: 'is not a valid South African ID number (its check digit does not match)',
};

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** True when YYMMDD is a real date in 19YY or 20YY (the ID does not say which century). */
function isValidBirthDate(yymmdd: string): boolean {
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  const february = isLeap(1900 + yy) || isLeap(2000 + yy) ? 29 : 28;
  const days = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] ?? 0;
  return dd <= days;
}

/**
 * True when `digits` passes the Luhn check: from the right, every second digit is doubled
 * (minus 9 when above 9) and the sum of all digits is a multiple of 10.
 *
 * @example
 * luhnValid('8001015009087'); // true
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The first problem of a South African ID number, or `null` when it is valid.
 *
 * @example
 * zaIdProblem('8001015009087'); // null
 * zaIdProblem('8013015009087'); // 'date' (there is no 13th month)
 */
export function zaIdProblem(id: string): ZaIdProblem | null {
  if (id.length !== ZA_ID_DIGITS || !/^\d+$/.test(id)) return 'length';
  if (!isValidBirthDate(id.slice(0, 6))) return 'date';
  if (!luhnValid(id)) return 'checksum';
  return null;
}

/**
 * True when `id` is a valid South African ID number (13 digits, a real YYMMDD date, Luhn).
 *
 * @example
 * isValidZaId('8001015009087'); // true
 */
export function isValidZaId(id: string): boolean {
  return zaIdProblem(id) === null;
}

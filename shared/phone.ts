/**
 * Phone numbers of payers: turn what a person typed into the upstream's international form
 * (digits, dial code first, no `+`), check it against a country's rule, and mask it for logs.
 *
 * Zod-free and tiny: the widget imports it.
 * @module
 */

/**
 * The phone rule of one country. A catalogue `Country` fits as is; the widget's
 * `CountryOption` maps as `{ dialCode: c.dial_code, nationalNumberLength: c.national_number_length }`.
 */
export interface PhoneRule {
  /** International dial code without `+`, e.g. `254`. */
  readonly dialCode: string;
  /** Digits of the national number after the dial code, e.g. `9`. */
  readonly nationalNumberLength: number;
}

/** Characters people type between digits: spaces (any), dashes, dots and parentheses. */
const SEPARATORS = /[\s\-.()\u2010-\u2015]/g;

/**
 * Turns a typed phone number into international form for `rule`'s country: strips spaces,
 * dashes, dots and parentheses, a leading `+` or `00`, a national trunk `0` (also the common
 * `+254 (0)7…` slip), and prepends the dial code when only the national number was given.
 * Never throws; the result may still be invalid (check it with {@link isValidPhone}).
 *
 * @example
 * const kenya = { dialCode: '254', nationalNumberLength: 9 };
 * normalizePhone('0712 345-678', kenya); // '254712345678'
 * normalizePhone('+254 712 345 678', kenya); // '254712345678'
 * normalizePhone('712345678', kenya); // '254712345678'
 */
export function normalizePhone(input: string, rule: PhoneRule): string {
  let digits = input.replace(SEPARATORS, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return digits;

  const { dialCode, nationalNumberLength } = rule;
  const international = dialCode.length + nationalNumberLength;
  if (digits.length === international && digits.startsWith(dialCode)) return digits;
  if (
    digits.length === international + 1 &&
    digits.startsWith(dialCode) &&
    digits[dialCode.length] === '0'
  ) {
    return dialCode + digits.slice(dialCode.length + 1);
  }
  if (digits.length === nationalNumberLength + 1 && digits.startsWith('0')) {
    return dialCode + digits.slice(1);
  }
  if (digits.length === nationalNumberLength) return dialCode + digits;
  return digits;
}

/**
 * True when `mobile` is in the upstream's international form for `rule`'s country: digits
 * only, starting with the dial code, with exactly the country's length.
 *
 * @example
 * isValidPhone('254712345678', { dialCode: '254', nationalNumberLength: 9 }); // true
 * isValidPhone('0712345678', { dialCode: '254', nationalNumberLength: 9 }); // false
 */
export function isValidPhone(mobile: string, rule: PhoneRule): boolean {
  return (
    /^\d+$/.test(mobile) &&
    mobile.startsWith(rule.dialCode) &&
    mobile.length === rule.dialCode.length + rule.nationalNumberLength
  );
}

/**
 * The rule a valid number follows, as the end of a sentence that starts with the field name.
 *
 * @example
 * `mobile ${phoneRuleText({ dialCode: '254', nationalNumberLength: 9 })}`;
 * // 'mobile must start with the dial code 254 and have 12 digits'
 */
export function phoneRuleText(rule: PhoneRule): string {
  const total = rule.dialCode.length + rule.nationalNumberLength;
  return `must start with the dial code ${rule.dialCode} and have ${total} digits`;
}

/** ITU country codes of two digits (the rest of zones 2–9 have three; zones 1 and 7 one). */
const TWO_DIGIT_CODE = /^(2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/**
 * The dial code an international number starts with (country codes are prefix-free, so the
 * number alone decides): `1` or `7`, a two-digit code such as `27`, else three digits.
 *
 * @example
 * dialCodeOf('23276123456'); // '232'
 * dialCodeOf('27821234567'); // '27'
 */
export function dialCodeOf(international: string): string {
  if (/^[17]/.test(international)) return international.slice(0, 1);
  return TWO_DIGIT_CODE.test(international) ? international.slice(0, 2) : international.slice(0, 3);
}

/**
 * Masks a phone number for every record, list, webhook, log and view: its dial code and its last
 * three digits stay, every other digit is a `*` (a number too short for that is all stars).
 * `mobile` is in international form (a leading `+` and separators are dropped).
 *
 * @example
 * maskPhone('23276123456'); // '232*****456' (Sierra Leone: 3 of its 8 national digits shown)
 * maskPhone('254712345000'); // '254******000'
 */
export function maskPhone(mobile: string): string {
  const digits = mobile.replace(/[^\d]/g, '');
  const dial = dialCodeOf(digits);
  if (digits.length < dial.length + 6) return '*'.repeat(digits.length);
  return dial + '*'.repeat(digits.length - dial.length - 3) + digits.slice(-3);
}

/**
 * A valid international number as people read it: `+`, the dial code, then the national number
 * in groups of three from the right (a lone leading digit joins the next group).
 *
 * @example
 * formatPhone('254712345678', { dialCode: '254', nationalNumberLength: 9 }); // '+254 712 345 678'
 * formatPhone('2290197000000', { dialCode: '229', nationalNumberLength: 10 }); // '+229 0197 000 000'
 */
export function formatPhone(mobile: string, rule: PhoneRule): string {
  const national = mobile
    .slice(rule.dialCode.length)
    .replace(/(?!^)(?=(\d{3})+$)/g, ' ')
    .replace(/^(\d) /, '$1');
  return `+${rule.dialCode} ${national}`;
}

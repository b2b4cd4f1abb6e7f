import { describe, expect, it } from 'vitest';
import {
  base64DecodedBytes,
  MAX_LOGO_BYTES,
  paymentLinkParamsSchema,
  paymentLinkResponseSchema,
} from '../../../shared/schemas';
import { validate } from '../../../shared/validation';
import { expectIssue, expectOk } from './expect-issue';

const link = {
  business_name: 'Mama Mboga',
  item_name: 'Basket of vegetables',
  callback_url: 'https://pay.example/hooks/payment-links',
  redirection_url: 'https://shop.example/thanks',
  currency: 'KES',
  amount: 1500,
  country_id: 1,
};
const check = (params: unknown) => validate(paymentLinkParamsSchema, params);

describe('payment-link params', () => {
  it('accepts a minimal link and one with every optional field', () => {
    expectOk(check(link));
    expectOk(
      check({
        ...link,
        country_id: 9,
        currency: 'XOF',
        currency_country_id: 3,
        logo: 'data:image/png;base64,iVBORw0KGgo=',
        first_name: 'Awa',
        last_name: 'Diop',
        email: 'awa@example.com',
        phone: '+221771234567',
        amount: 99,
      }),
    );
  });

  it('requires the fields a link cannot work without', () => {
    for (const field of [
      'business_name',
      'item_name',
      'callback_url',
      'currency',
      'amount',
      'country_id',
    ]) {
      const { [field]: _, ...rest } = link as Record<string, unknown>;
      expectIssue(check(rest), field, `${field} is required`);
    }
  });

  it('refuses a country outside the payment-link table', () => {
    expectIssue(
      check({ ...link, country_id: 8, currency: 'RWF' }),
      'country_id',
      'country_id must be a payment-link country (1, 2, 3, 4, 9, 10, 11, 12, 13, 16, 17); 8 is not one',
    );
  });

  it('refuses a currency other than the link country’s', () => {
    expectIssue(
      check({ ...link, currency: 'UGX' }),
      'currency',
      'currency must be KES for payment-link country_id 1',
    );
  });

  it('refuses a currency_country_id that does not use the currency', () => {
    expectIssue(
      check({ ...link, country_id: 2, currency: 'XOF', currency_country_id: 1 }),
      'currency_country_id',
      'currency_country_id must be a country whose currency is XOF (2, 3, 9, 18, 19, 20)',
    );
  });

  it('refuses a zero amount and bad URLs', () => {
    expectIssue(check({ ...link, amount: 0 }), 'amount', 'amount must be greater than 0');
    expectIssue(
      check({ ...link, callback_url: 'hooks' }),
      'callback_url',
      'callback_url must be an absolute http or https URL',
    );
    expectIssue(
      check({ ...link, redirection_url: 'ftp://x.example' }),
      'redirection_url',
      /^redirection_url must be an absolute/,
    );
  });

  it('refuses a bad prefill email or phone', () => {
    expectIssue(
      check({ ...link, email: 'not-an-email' }),
      'email',
      'email must be an email address',
    );
    expectIssue(
      check({ ...link, phone: '07-12' }),
      'phone',
      'phone must be 7 to 15 digits, optionally after a "+"',
    );
  });
});

describe('the logo', () => {
  it('must be base64 text', () => {
    const why = 'logo must be base64 text (optionally a data:image/…;base64, URL)';
    expectIssue(check({ ...link, logo: 'not base64!' }), 'logo', why);
    expectIssue(check({ ...link, logo: 'abc' }), 'logo', why); // length not a multiple of 4
    expectIssue(check({ ...link, logo: '' }), 'logo', why);
  });

  it(`may decode to ${MAX_LOGO_BYTES} bytes (2 MB) and no more`, () => {
    // 2,666,668 base64 characters ending in one "=" decode to 2,666,668 × 3 / 4 − 1 = 2,000,000 bytes.
    const atLimit = 'A'.repeat(2_666_665) + 'AA=';
    expect(base64DecodedBytes(atLimit)).toBe(MAX_LOGO_BYTES);
    expectOk(check({ ...link, logo: atLimit }));
    const over = 'A'.repeat(2_666_668); // 2,000,001 bytes
    expectIssue(
      check({ ...link, logo: over }),
      'logo',
      'logo must decode to at most 2000000 bytes (2 MB)',
    );
  });

  it('counts decoded bytes like a real decoder', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'abcd', 'hello world', '\u00ff\u00fe']) {
      const encoded = Buffer.from(text, 'latin1').toString('base64');
      expect(base64DecodedBytes(encoded), encoded).toBe(Buffer.from(encoded, 'base64').length);
    }
  });
});

describe('payment-link create response', () => {
  it('accepts the empty data object of the spec’s sample', () => {
    expectOk(validate(paymentLinkResponseSchema, { success: true, message: 'Created', data: {} }));
    expectIssue(
      validate(paymentLinkResponseSchema, { success: true, message: 'Created' }),
      'data',
      'data is required',
    );
  });
});

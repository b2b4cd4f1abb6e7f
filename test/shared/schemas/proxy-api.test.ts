import { describe, expect, it } from 'vitest';
import { applyCatalogueOverrides, defaultCatalogue } from '../../../shared/catalogue';
import {
  attemptBodySchema,
  isReturnUrl,
  otpBodySchema,
  sessionCreateSchema,
} from '../../../shared/schemas';
import { validate } from '../../../shared/validation';
import { expectIssue, expectOk } from './expect-issue';

const session = { amount: 2500, currency: 'KES', reference: 'order-42' };
const create = (body: unknown) => validate(sessionCreateSchema(defaultCatalogue), body);

describe('session create body', () => {
  it('accepts the minimum and defaults expires_in to 3600', () => {
    expect(expectOk(create(session))).toEqual({ ...session, expires_in: 3600 });
  });

  it('accepts every optional field', () => {
    const full = {
      ...session,
      currency: 'XOF',
      country_id: 9,
      methods: ['Orange', 'Wave'],
      customer: {
        first_name: ' Awa ',
        last_name: 'Diop',
        mobile: '+221771234567',
        email: 'awa@example.com',
      },
      return_url: 'https://shop.example/return',
      metadata: { cart: 'c-1', channel: 'web' },
      expires_in: 600,
    };
    const value = expectOk(create(full));
    expect(value.customer?.first_name).toBe('Awa');
    expect(value.expires_in).toBe(600);
  });

  it('refuses unknown keys, at the root and in customer', () => {
    const result = create({ ...session, amout: 1, customer: { phone: '1' } });
    expectIssue(result, 'amout', 'amout is not an accepted field');
    expectIssue(result, 'customer.phone', 'customer.phone is not an accepted field');
  });

  it('amount: a whole number greater than 0', () => {
    expectIssue(
      create({ ...session, amount: 25.5 }),
      'amount',
      'amount must be a whole number in major units (no decimals)',
    );
    expectIssue(create({ ...session, amount: 0 }), 'amount', 'amount must be greater than 0');
  });

  it('currency: one of the catalogue’s currencies, with an enabled method', () => {
    expectIssue(
      create({ ...session, currency: 'EUR' }),
      'currency',
      /^currency must be one of "KES", "XOF", /,
    );
    expectIssue(create({ ...session, currency: 'ETB' }), 'currency', /^currency must be one of/); // inactive
    expectIssue(
      create({ ...session, currency: 'CDF' }),
      'currency',
      'currency cannot be paid: the CDF countries have no enabled payment method in this deployment',
    );
    const enabled = applyCatalogueOverrides({ 'cd-operator-1': 'CD-OP' });
    expectOk(validate(sessionCreateSchema(enabled), { ...session, currency: 'CDF' }));
  });

  it('reference: 1 to 64 characters of [A-Za-z0-9._:-]', () => {
    expectOk(create({ ...session, reference: 'A-z_0.9:x' }));
    expectOk(create({ ...session, reference: 'r'.repeat(64) }));
    expectIssue(
      create({ ...session, reference: 'r'.repeat(65) }),
      'reference',
      'reference must be at most 64 characters long',
    );
    expectIssue(create({ ...session, reference: '' }), 'reference', 'reference must not be empty');
    expectIssue(
      create({ ...session, reference: 'order 42/x' }),
      'reference',
      'reference must use only letters, digits, ".", "_", ":" and "-"',
    );
  });

  it('country_id: an active country that uses the currency', () => {
    expectOk(create({ ...session, currency: 'XOF', country_id: 2 }));
    expectIssue(
      create({ ...session, country_id: 9 }),
      'country_id',
      'country_id must be a country using KES; 9 (Senegal) uses XOF',
    );
    expectIssue(
      create({ ...session, country_id: 14 }),
      'country_id',
      'country_id must be an active collection country; 14 is not one',
    );
  });

  it('methods: enabled values (or aliases) of the session’s countries', () => {
    expectOk(create({ ...session, currency: 'NGN', methods: ['bank'] }));
    expectIssue(
      create({ ...session, methods: ['send money', 'mtn'] }),
      'methods.1',
      'methods.1 must be a payment_method_type enabled in the KES countries: one of "send money"',
    );
    expectIssue(
      create({ ...session, currency: 'XOF', country_id: 9, methods: ['mtn'] }),
      'methods.0',
      'methods.0 must be a payment_method_type enabled in country_id 9: one of "Orange", "Free", "Wave"',
    );
    expectIssue(
      create({ ...session, methods: [] }),
      'methods',
      'methods must have at least 1 item',
    );
  });

  it('customer: trimmed names, a phone of digits, an email', () => {
    expectIssue(
      create({ ...session, customer: { first_name: '   ' } }),
      'customer.first_name',
      'customer.first_name must not be empty',
    );
    expectIssue(
      create({ ...session, customer: { mobile: '0712 345 678' } }),
      'customer.mobile',
      'customer.mobile must be 7 to 15 digits, optionally after a "+"',
    );
    expectIssue(
      create({ ...session, customer: { email: 'x@' } }),
      'customer.email',
      'customer.email must be an email address',
    );
  });

  it('return_url: https; http on localhost and 127.0.0.1 in development mode only', () => {
    const dev = (body: unknown) =>
      validate(sessionCreateSchema(defaultCatalogue, { devMode: true }), body);
    expectOk(create({ ...session, return_url: 'https://shop.example/done' }));
    expectOk(dev({ ...session, return_url: 'http://localhost:5173/done' }));
    expectOk(dev({ ...session, return_url: 'http://127.0.0.1:8787/done' }));
    // Outside development mode (the default) plain http is refused, localhost included.
    for (const url of ['http://localhost:5173/done', 'http://127.0.0.1:8787/done']) {
      expectIssue(
        create({ ...session, return_url: url }),
        'return_url',
        'return_url must be an https URL',
      );
    }
    const why =
      'return_url must be an https URL (plain http is accepted only for localhost and 127.0.0.1)';
    expectIssue(dev({ ...session, return_url: 'http://shop.example/done' }), 'return_url', why);
    expectIssue(dev({ ...session, return_url: 'javascript:alert(1)' }), 'return_url', why);
    expectIssue(dev({ ...session, return_url: '/done' }), 'return_url', why);
    expect(isReturnUrl('http://localhost:5173/done')).toBe(false);
    expect(isReturnUrl('http://localhost:5173/done', true)).toBe(true);
    expect(isReturnUrl('http://localhost.evil.example/', true)).toBe(false);
  });

  it('metadata: at most 20 string values of at most 500 characters', () => {
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']));
    expectOk(create({ ...session, metadata: twenty }));
    expectIssue(
      create({ ...session, metadata: { ...twenty, k20: 'v' } }),
      'metadata',
      'metadata must have at most 20 keys',
    );
    expectIssue(
      create({ ...session, metadata: { note: 'x'.repeat(501) } }),
      'metadata.note',
      'metadata.note must be at most 500 characters long',
    );
    expectIssue(
      create({ ...session, metadata: { nested: { a: 1 } } }),
      'metadata.nested',
      'metadata.nested must be a string',
    );
    expectIssue(
      create({ ...session, metadata: { ['k'.repeat(41)]: 'v' } }),
      'metadata',
      'metadata must have keys of 1 to 40 characters',
    );
  });

  it('expires_in: whole seconds from 60 to 86400', () => {
    expectOk(create({ ...session, expires_in: 60 }));
    expectOk(create({ ...session, expires_in: 86_400 }));
    expectIssue(
      create({ ...session, expires_in: 59 }),
      'expires_in',
      'expires_in must be at least 60',
    );
    expectIssue(
      create({ ...session, expires_in: 86_401 }),
      'expires_in',
      'expires_in must be at most 86400',
    );
    expectIssue(
      create({ ...session, expires_in: 90.5 }),
      'expires_in',
      'expires_in must be a whole number of seconds',
    );
  });

  it('refuses a metadata key that would reach a prototype', () => {
    expectIssue(
      create(
        JSON.parse('{"amount":1,"currency":"KES","reference":"r","metadata":{"__proto__":"x"}}'),
      ),
      'metadata.__proto__',
      /forbidden key name/,
    );
  });
});

describe('attempt body', () => {
  const attempt = { country_id: 1, method: 'send money', mobile: ' 0712 345 678 ' };

  it('trims strings', () => {
    expect(expectOk(validate(attemptBodySchema, attempt))).toEqual({
      country_id: 1,
      method: 'send money',
      mobile: '0712 345 678',
    });
  });

  it('accepts every field of every method', () => {
    expectOk(
      validate(attemptBodySchema, {
        country_id: 17,
        method: 'virtual_account',
        first_name: 'Ada',
        last_name: 'Obi',
        name: 'Ada Obi',
        account_name: 'Ada Obi',
        bank_code: '17001',
        id_number: '8001015009087',
      }),
    );
  });

  it('requires country_id and method', () => {
    const result = validate(attemptBodySchema, {});
    expectIssue(result, 'country_id', 'country_id is required');
    expectIssue(result, 'method', 'method is required');
  });

  it('refuses unknown keys, empty strings and over-long values', () => {
    expectIssue(
      validate(attemptBodySchema, { ...attempt, amount: 1 }),
      'amount',
      'amount is not an accepted field',
    );
    expectIssue(
      validate(attemptBodySchema, { ...attempt, method: '  ' }),
      'method',
      'method must not be empty',
    );
    expectIssue(
      validate(attemptBodySchema, { ...attempt, name: 'n'.repeat(201) }),
      'name',
      'name must be at most 200 characters long',
    );
    expectIssue(
      validate(attemptBodySchema, { ...attempt, mobile: '1'.repeat(33) }),
      'mobile',
      'mobile must be at most 32 characters long',
    );
    expectIssue(
      validate(attemptBodySchema, { ...attempt, country_id: '1' }),
      'country_id',
      'country_id must be a number',
    );
  });
});

describe('otp body', () => {
  it('accepts 4 to 8 digits, trimmed', () => {
    expect(expectOk(validate(otpBodySchema, { otp: ' 000000 ' }))).toEqual({ otp: '000000' });
    expectOk(validate(otpBodySchema, { otp: '1234' }));
    expectOk(validate(otpBodySchema, { otp: '12345678' }));
  });

  it('refuses other shapes', () => {
    for (const otp of ['123', '123456789', '12a4', '']) {
      expectIssue(validate(otpBodySchema, { otp }), 'otp', 'otp must be 4 to 8 digits');
    }
    expectIssue(validate(otpBodySchema, { otp: 123456 }), 'otp', 'otp must be a string');
    expectIssue(
      validate(otpBodySchema, { otp: '1234', token: 'x' }),
      'token',
      'token is not an accepted field',
    );
  });
});

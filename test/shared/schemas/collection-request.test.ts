import { describe, expect, it } from 'vitest';
import { applyCatalogueOverrides, defaultCatalogue } from '../../../shared/catalogue';
import {
  collectionParamsSchema,
  collectionRequestSchema,
  validateCollectionParams,
} from '../../../shared/schemas';
import { validate } from '../../../shared/validation';
import { expectIssue, expectOk } from './expect-issue';

// The spec does not spell Cote d'Ivoire's OTP and wallet values nor the bank-ID value: a
// deployment enables them through CATALOGUE; the tests do the same with made-up values.
const catalogue = applyCatalogueOverrides({
  'ci-otp': 'CI-OTP',
  'ci-wallet': 'CI-WALLET',
  'za-bank-id': 'ZA-BANK-ID',
});

const common = {
  amount: 100,
  callback_url: 'https://merchant.example/hooks/collections',
  third_party_reference_1: 'cs_1.1',
};
const urls = {
  successful_url: 'https://pay.example/v1/checkout/cs_1/return?outcome=success',
  failure_url: 'https://pay.example/v1/checkout/cs_1/return?outcome=failure',
};

const valid = {
  sendMoney: {
    ...common,
    country_id: 1,
    currency: 'KES',
    payment_method_type: 'send money',
    mobile: '254712345678',
  },
  operator: {
    ...common,
    country_id: 11,
    currency: 'UGX',
    payment_method_type: 'mtn',
    mobile: '256772123456',
  },
  otp: {
    ...common,
    country_id: 3,
    currency: 'XOF',
    payment_method_type: 'CI-OTP',
    mobile: '2250701234567',
  },
  wallet: {
    ...common,
    ...urls,
    country_id: 9,
    currency: 'XOF',
    payment_method_type: 'Wave',
    mobile: '221771234567',
  },
  eft: {
    ...common,
    ...urls,
    country_id: 15,
    currency: 'ZAR',
    payment_method_type: 'bank_eft',
    name: 'Thandi Nkosi',
    bank_code: 'ABSA',
  },
  bankId: {
    ...common,
    ...urls,
    country_id: 15,
    currency: 'ZAR',
    payment_method_type: 'ZA-BANK-ID',
    name: 'Thandi Nkosi',
    id_number: '8001015009087',
  },
  virtualAccount: {
    ...common,
    country_id: 17,
    currency: 'NGN',
    payment_method_type: 'virtual_account',
    account_name: 'Ada Obi',
    bank_code: '17001',
  },
};

const check = (params: unknown) => validateCollectionParams(params, catalogue);

describe('valid params for every method kind', () => {
  it.each(Object.entries(valid))('%s', (_, params) => {
    expect(expectOk(check(params))).toEqual(params);
  });

  it('accepts the alias `bank` for virtual accounts and optional names', () => {
    expectOk(
      check({
        ...valid.virtualAccount,
        payment_method_type: 'bank',
        first_name: 'Ada',
        last_name: 'Obi',
      }),
    );
  });

  it('keeps extra keys (upstream shapes are tolerant)', () => {
    expect(expectOk(check({ ...valid.sendMoney, extra_field: 'kept' }))).toMatchObject({
      extra_field: 'kept',
    });
  });
});

describe('amount', () => {
  it('refuses a decimal', () => {
    expectIssue(
      check({ ...valid.sendMoney, amount: 100.5 }),
      'amount',
      'amount must be a whole number in major units (no decimals)',
    );
  });
  it('refuses 0 and negatives', () => {
    expectIssue(
      check({ ...valid.sendMoney, amount: 0 }),
      'amount',
      'amount must be greater than 0',
    );
    expectIssue(
      check({ ...valid.sendMoney, amount: -5 }),
      'amount',
      'amount must be greater than 0',
    );
  });
  it('refuses a number as text and a missing amount', () => {
    expectIssue(check({ ...valid.sendMoney, amount: '100' }), 'amount', 'amount must be a number');
    const { amount: _, ...rest } = valid.sendMoney;
    expectIssue(check(rest), 'amount', 'amount is required');
  });
});

describe('country_id and currency', () => {
  it('refuses an unknown country', () => {
    expectIssue(
      check({ ...valid.sendMoney, country_id: 6 }),
      'country_id',
      'country_id must be an active collection country; 6 is not one',
    );
  });
  it('refuses a currency other than the country’s', () => {
    expectIssue(
      check({ ...valid.sendMoney, currency: 'XOF' }),
      'currency',
      'currency must be KES for country_id 1 (Kenya)',
    );
  });
  it('refuses a currency that is not a code', () => {
    expectIssue(
      check({ ...valid.sendMoney, currency: 'kes' }),
      'currency',
      'currency must be a 3-letter ISO 4217 currency code',
    );
  });
});

describe('payment_method_type', () => {
  it('refuses a value that does not exist, listing the enabled ones', () => {
    expectIssue(
      check({ ...valid.eft, payment_method_type: 'eft' }),
      'payment_method_type',
      'payment_method_type must be a method enabled for country_id 15 (South Africa): one of "bank_eft", "ZA-BANK-ID"',
    );
  });
  it('refuses a slot the deployment has not enabled', () => {
    expectIssue(
      validateCollectionParams(valid.otp, applyCatalogueOverrides({ 'ci-operator-1': 'CI-OP' })),
      'payment_method_type',
      `payment_method_type must be a method enabled for country_id 3 (Cote d'Ivoire): one of "CI-OP"`,
    );
  });
  it('says so when a country has no enabled method', () => {
    expectIssue(
      check({ ...valid.sendMoney, country_id: 5, currency: 'CDF', mobile: '243812345678' }),
      'payment_method_type',
      'payment_method_type cannot be accepted: country_id 5 (DRC) has no enabled payment method',
    );
  });
});

describe('mobile, for the kinds that prompt a phone', () => {
  it.each([
    ['sendMoney', '254712345678'],
    ['operator', '256772123456'],
    ['otp', '2250701234567'],
    ['wallet', '221771234567'],
  ] as const)('%s needs it in international form', (kind, mobile) => {
    expectOk(check({ ...valid[kind], mobile }));
    const { mobile: _, ...rest } = valid[kind];
    expectIssue(
      check(rest),
      'mobile',
      `mobile is required when payment_method_type is "${valid[kind].payment_method_type}"`,
    );
  });

  it('refuses a national form, a plus, another dial code and a wrong length', () => {
    for (const mobile of ['0712345678', '+254712345678', '255712345678', '25471234567']) {
      expectIssue(
        check({ ...valid.sendMoney, mobile }),
        'mobile',
        'mobile must start with the dial code 254 and have 12 digits',
      );
    }
  });

  it('names the envelope path when asked', () => {
    expectIssue(
      validateCollectionParams({ ...valid.sendMoney, mobile: '0712345678' }, catalogue, 'params'),
      'params.mobile',
      'params.mobile must start with the dial code 254 and have 12 digits',
    );
  });

  it('is not needed by bank and virtual-account methods', () => {
    expectOk(check(valid.eft));
    expectOk(check(valid.virtualAccount));
  });
});

describe('redirect methods need successful_url and failure_url', () => {
  it.each(['wallet', 'eft', 'bankId'] as const)('%s', (kind) => {
    const { successful_url: _, ...noSuccess } = valid[kind];
    expectIssue(
      check(noSuccess),
      'successful_url',
      `successful_url is required when payment_method_type is "${valid[kind].payment_method_type}"`,
    );
    const { failure_url: __, ...noFailure } = valid[kind];
    expectIssue(check(noFailure), 'failure_url', /^failure_url is required when/);
  });

  it('refuses URLs that are not absolute http or https', () => {
    const result = check({
      ...valid.wallet,
      successful_url: '/done',
      failure_url: 'javascript:alert(1)',
    });
    expectIssue(result, 'successful_url', 'successful_url must be an absolute http or https URL');
    expectIssue(result, 'failure_url', 'failure_url must be an absolute http or https URL');
  });
});

describe('bank_eft sends name and bank_code', () => {
  it('requires both', () => {
    const { name: _, bank_code: __, ...rest } = valid.eft;
    const result = check(rest);
    expectIssue(result, 'name', 'name is required when payment_method_type is "bank_eft"');
    expectIssue(
      result,
      'bank_code',
      'bank_code is required when payment_method_type is "bank_eft"',
    );
  });
});

describe('the bank-ID method needs a valid South African id_number and a name', () => {
  it('refuses a wrong check digit, a bad date and a wrong length', () => {
    expectIssue(
      check({ ...valid.bankId, id_number: '8001015009088' }),
      'id_number',
      'id_number is not a valid South African ID number (its check digit does not match)',
    );
    expectIssue(
      check({ ...valid.bankId, id_number: '8013015009087' }),
      'id_number',
      'id_number must start with a valid date of birth (YYMMDD)',
    );
    expectIssue(
      check({ ...valid.bankId, id_number: '800101500908' }),
      'id_number',
      'id_number must be a South African ID number of exactly 13 digits',
    );
  });
  it('requires id_number and name', () => {
    const { id_number: _, name: __, ...rest } = valid.bankId;
    const result = check(rest);
    expectIssue(
      result,
      'id_number',
      /^id_number is required when payment_method_type is "ZA-BANK-ID"$/,
    );
    expectIssue(result, 'name', /^name is required when/);
  });
});

describe('virtual accounts need account_name and a known bank_code', () => {
  it('refuses an unknown bank code', () => {
    expectIssue(
      check({ ...valid.virtualAccount, bank_code: '17004' }),
      'bank_code',
      'bank_code must be one of the NGN bank codes 17001, 17002, 17003',
    );
  });
  it('requires account_name and bank_code', () => {
    const { account_name: _, bank_code: __, ...rest } = valid.virtualAccount;
    const result = check(rest);
    expectIssue(
      result,
      'account_name',
      'account_name is required when payment_method_type is "virtual_account"',
    );
    expectIssue(result, 'bank_code', /^bank_code is required when/);
  });
});

describe('callback_url and third_party_reference_1', () => {
  it('refuses a relative callback_url and a missing one', () => {
    expectIssue(
      check({ ...valid.sendMoney, callback_url: '/hooks/collections' }),
      'callback_url',
      'callback_url must be an absolute http or https URL',
    );
    const { callback_url: _, ...rest } = valid.sendMoney;
    expectIssue(check(rest), 'callback_url', 'callback_url is required');
  });
  it('accepts the local dev callback over http', () => {
    expectOk(
      check({ ...valid.sendMoney, callback_url: 'http://127.0.0.1:8787/hooks/collections' }),
    );
  });
  it('refuses an empty or over-long reference', () => {
    expectIssue(
      check({ ...valid.sendMoney, third_party_reference_1: '' }),
      'third_party_reference_1',
      'third_party_reference_1 must not be empty',
    );
    expectIssue(
      check({ ...valid.sendMoney, third_party_reference_1: 'r'.repeat(65) }),
      'third_party_reference_1',
      'third_party_reference_1 must be at most 64 characters long',
    );
    expectOk(check({ ...valid.sendMoney, third_party_reference_1: 'r'.repeat(64) }));
  });
  it('refuses a sub_merchant_id that is not a UUID', () => {
    expectIssue(
      check({ ...valid.sendMoney, sub_merchant_id: 'abc' }),
      'sub_merchant_id',
      'sub_merchant_id must be a UUID',
    );
  });
});

describe('every problem at once', () => {
  it('reports a field type error and the catalogue rules together', () => {
    const result = check({ ...valid.sendMoney, amount: 1.5, mobile: '0712', currency: 'UGX' });
    expectIssue(result, 'amount', /whole number/);
    expectIssue(result, 'mobile', /dial code 254/);
    expectIssue(result, 'currency', /must be KES/);
  });
});

describe('the schema and the envelope', () => {
  it('is built once per catalogue', () => {
    expect(collectionParamsSchema(catalogue)).toBe(collectionParamsSchema(catalogue));
    expect(collectionParamsSchema(defaultCatalogue)).not.toBe(collectionParamsSchema(catalogue));
  });

  it('checks params inside a signed envelope', () => {
    const envelope = {
      client_id: 'client-1',
      sender: 'Shop',
      timestamp: 1_700_000_000,
      salt: 'salt-1',
      signature: 'a'.repeat(64),
      params: { ...valid.sendMoney, mobile: '0712' },
    };
    expectIssue(
      validate(collectionRequestSchema(catalogue), envelope),
      'params.mobile',
      'params.mobile must start with the dial code 254 and have 12 digits',
    );
    expectOk(
      validate(collectionRequestSchema(catalogue), { ...envelope, params: valid.sendMoney }),
    );
  });
});

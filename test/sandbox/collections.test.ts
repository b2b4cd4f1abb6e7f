// POST /api/v4/service-unified-collections for every country and method kind of the catalogue,
// the per-method rules, the response shapes, and the collections rows of the Errors table.
import { describe, expect, it } from 'vitest';
import { MESSAGES, PATHS, receiver, signedPost, uniqueRef } from './client/client';
import {
  catalogue,
  collectionParams,
  countryOf,
  kenyaParams,
  methodOf,
  phoneOf,
} from './client/fixtures';

const hook = receiver();
const PUBLIC_URL = 'http://127.0.0.1:8787/sandbox';
const RESPONSE_FIELDS = [
  'account_name',
  'amount',
  'callback_url',
  'country_id',
  'currency',
  'mobile',
  'name',
  'payment_method_type',
  'third_party_reference_1',
  'third_party_reference_2',
  'MerchantRequestID',
  'depositId',
  'account_number',
  'bank_name',
  'bank_code',
  'status',
  'payment_token',
  'payment_step',
  'authorization_url',
].sort();

const PHONE_PROMPT = 'Payment request sent. The payer must approve the prompt on their phone.';

describe.concurrent('every country and method of the catalogue', () => {
  const methods = catalogue.countries.flatMap((country) =>
    catalogue.enabledMethods(country.id).map((method) => ({ country, method })),
  );

  it('the sandbox catalogue enables every slot of the 17 countries', () => {
    expect(catalogue.countries).toHaveLength(17);
    const slots = catalogue.countries.flatMap((country) => country.methods);
    expect(slots.every((slot) => slot.value !== null)).toBe(true);
    expect(methods.length).toBe(slots.length);
  });

  for (const { country, method } of methods) {
    it(`${country.name} (${country.id}) ${method.kind} "${method.value}"`, async () => {
      const params = collectionParams(
        country,
        method as typeof method & { value: string },
        hook.url,
      );
      const got = await signedPost(PATHS.collections, params);
      expect(got.status, got.headers.get('x-sandbox-reason') ?? '').toBe(200);
      expect(got.body.success).toBe(true);
      expect(got.body.status_code).toBe('000000');
      const data = got.body.data;
      expect(Object.keys(data).sort()).toEqual(RESPONSE_FIELDS);
      expect(data.depositId).toMatch(/^SBX-[A-Z0-9]{12}$/);
      expect(data.MerchantRequestID).toBe(data.depositId);
      expect(data).toMatchObject({
        amount: 1500,
        currency: country.currency,
        country_id: country.id,
        payment_method_type: method.value,
        callback_url: hook.url,
        third_party_reference_1: params.third_party_reference_1,
        third_party_reference_2: params.third_party_reference_2,
        status: 'pending',
        payment_step: 1,
      });

      const redirect = ['redirect_wallet', 'bank_eft', 'bank_id'].includes(method.kind);
      const account = method.kind === 'virtual_account';
      if (redirect) {
        expect(data.authorization_url).toBe(`${PUBLIC_URL}/pay/${data.depositId}`);
      } else {
        expect(data.authorization_url).toBeNull();
      }
      if (method.kind === 'otp_operator') expect(data.payment_token).toMatch(/^ptk_[0-9a-f]{64}$/);
      else expect(data.payment_token).toBeNull();
      if (account) {
        expect(data.account_number).toMatch(/^\d{10}$/);
        expect(data.bank_name).toBe('Sandbox Bank One');
        expect(data.bank_code).toBe('17001');
        expect(data.account_name).toBe('Chinedu Okafor');
        expect(data.mobile).toBeNull();
      } else {
        expect([data.account_number, data.bank_name, data.account_name]).toEqual([
          null,
          null,
          null,
        ]);
      }
      if (
        ['phone_prompt', 'operator_prompt', 'otp_operator', 'redirect_wallet'].includes(method.kind)
      ) {
        expect(data.mobile).toBe(params.mobile);
      }
      if (method.kind === 'bank_eft') expect(data.bank_code).toBe('632005');
      if (redirect) expect(data.name).toBe(params.name);
      else expect(data.name).toBeNull();

      if (country.currency === 'NGN') {
        expect(got.body.message).toContain(data.account_number);
        expect(got.body.message).toMatch(
          /^Transfer 1500 NGN to account \d{10} \(Sandbox Bank One\)/,
        );
      } else if (country.currency === 'ZAR') {
        expect(got.body.message).toBe(
          `Complete the payment on the payment link: ${data.authorization_url}`,
        );
      } else {
        expect(got.body.message).toBe(PHONE_PROMPT);
      }
    });
  }

  it('NGN accepts `bank` as well as `virtual_account`, and each bank code names its bank', async () => {
    const nigeria = countryOf(17);
    const method = methodOf(17, 'virtual_account');
    for (const [code, bank] of [
      ['17002', 'Sandbox Bank Two'],
      ['17003', 'Sandbox Bank Three'],
    ]) {
      const params = collectionParams(nigeria, method, hook.url, {
        payment_method_type: 'bank',
        bank_code: code,
      });
      const got = await signedPost(PATHS.collections, params);
      expect(got.status).toBe(200);
      expect(got.body.data.bank_name).toBe(bank);
      expect(got.body.data.payment_method_type).toBe('bank');
    }
  });
});

describe('collections rules (400, the spec message)', () => {
  const kenya = countryOf(1);
  const refusedWith = async (params: Record<string, unknown>, reason: RegExp) => {
    const got = await signedPost(PATHS.collections, params);
    expect(got.status).toBe(400);
    expect(got.body).toEqual({ success: false, message: MESSAGES.collectionRefused });
    expect(got.headers.get('x-sandbox-reason')).toMatch(reason);
  };

  it('a decimal amount is refused', () =>
    refusedWith(kenyaParams(hook.url, '678', { amount: 100.5 }), /amount/));
  it('an amount as text is refused', () =>
    refusedWith(kenyaParams(hook.url, '678', { amount: '1500' }), /amount/));
  it('a zero or negative amount is refused', async () => {
    await refusedWith(kenyaParams(hook.url, '678', { amount: 0 }), /amount/);
    await refusedWith(kenyaParams(hook.url, '678', { amount: -5 }), /amount/);
  });
  it('an unknown country (and an announced, inactive one) is refused', async () => {
    await refusedWith(kenyaParams(hook.url, '678', { country_id: 99 }), /country_id 99/);
    await refusedWith(kenyaParams(hook.url, '678', { country_id: 6 }), /country_id 6/);
  });
  it('the currency must match the country', () =>
    refusedWith(kenyaParams(hook.url, '678', { currency: 'UGX' }), /currency must be KES/));
  it('a method not offered in the country is refused', () =>
    refusedWith(
      kenyaParams(hook.url, '678', { payment_method_type: 'bank_eft' }),
      /payment_method_type/,
    ));
  it('"eft" does not exist', () =>
    refusedWith(
      collectionParams(countryOf(15), methodOf(15, 'bank_eft'), hook.url, {
        payment_method_type: 'eft',
      }),
      /payment_method_type/,
    ));
  it('callback_url and third_party_reference_1 are required', async () => {
    const { callback_url: _, ...noCallback } = kenyaParams(hook.url, '678');
    await refusedWith(noCallback, /callback_url/);
    const { third_party_reference_1: __, ...noReference } = kenyaParams(hook.url, '678');
    await refusedWith(noReference, /third_party_reference_1/);
  });
  it('phone methods need a phone of the country, digits only, right length', async () => {
    const { mobile: _, ...noMobile } = kenyaParams(hook.url, '678');
    await refusedWith(noMobile, /mobile is required/);
    await refusedWith(kenyaParams(hook.url, '678', { mobile: '+254711111678' }), /digits only/);
    await refusedWith(kenyaParams(hook.url, '678', { mobile: '256711111678' }), /country code 254/);
    await refusedWith(kenyaParams(hook.url, '678', { mobile: '2547111116789' }), /9 digits/);
  });
  it('redirect wallet needs successful_url and failure_url', () =>
    refusedWith(
      collectionParams(countryOf(9), methodOf(9, 'redirect_wallet'), hook.url, {
        failure_url: undefined,
      }),
      /failure_url required/,
    ));
  it('bank_eft needs name, bank_code, successful_url, failure_url', () =>
    refusedWith(
      collectionParams(countryOf(15), methodOf(15, 'bank_eft'), hook.url, {
        name: null,
        bank_code: '',
      }),
      /name, bank_code required/,
    ));
  it('bank ID needs a 13-digit id_number', async () => {
    const za = countryOf(15);
    const method = methodOf(15, 'bank_id');
    await refusedWith(
      collectionParams(za, method, hook.url, { id_number: '800101500908' }),
      /13 digits/,
    );
    await refusedWith(
      collectionParams(za, method, hook.url, { id_number: '80010150090AB' }),
      /13 digits/,
    );
    await refusedWith(
      collectionParams(za, method, hook.url, { id_number: undefined }),
      /id_number required/,
    );
  });
  it('virtual accounts need account_name and a bank code from the bank table', async () => {
    const ng = countryOf(17);
    const method = methodOf(17, 'virtual_account');
    await refusedWith(
      collectionParams(ng, method, hook.url, { account_name: undefined }),
      /account_name/,
    );
    await refusedWith(collectionParams(ng, method, hook.url, { bank_code: '17004' }), /bank_code/);
  });
  it('virtual accounts accept missing first_name and last_name (the spec disagrees with itself)', async () => {
    const params = collectionParams(countryOf(17), methodOf(17, 'virtual_account'), hook.url, {
      first_name: undefined,
      last_name: undefined,
    });
    expect((await signedPost(PATHS.collections, params)).status).toBe(200);
  });
  it('third_party_reference_1 must be distinct: a duplicate is refused', async () => {
    const reference = uniqueRef();
    const first = await signedPost(
      PATHS.collections,
      kenyaParams(hook.url, '678', { third_party_reference_1: reference }),
    );
    expect(first.status).toBe(200);
    await refusedWith(
      kenyaParams(hook.url, '678', { third_party_reference_1: reference }),
      /already used/,
    );
  });
  it('third_party_reference_2 may repeat', async () => {
    const shared = uniqueRef('inv');
    for (let i = 0; i < 2; i++) {
      const got = await signedPost(
        PATHS.collections,
        kenyaParams(hook.url, '678', { third_party_reference_2: shared }),
      );
      expect(got.status).toBe(200);
    }
  });
});

describe('sub-merchants', () => {
  it('an unknown sub_merchant_id answers 404 "User not found!"', async () => {
    const got = await signedPost(
      PATHS.collections,
      kenyaParams(hook.url, '678', { sub_merchant_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ success: false, message: MESSAGES.userNotFound });
  });
  it('the known sub-merchant is accepted', async () => {
    const got = await signedPost(
      PATHS.collections,
      kenyaParams(hook.url, '678', { sub_merchant_id: '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01' }),
    );
    expect(got.status).toBe(200);
  });
  it('a sub_merchant_id that is not a UUID is refused with 400', async () => {
    const got = await signedPost(
      PATHS.collections,
      kenyaParams(hook.url, '678', { sub_merchant_id: 'shop-1' }),
    );
    expect(got.status).toBe(400);
  });
});

it('the payer phone of the fixtures fits each country', () => {
  for (const country of catalogue.countries) {
    expect(phoneOf(country)).toHaveLength(country.dialCode.length + country.nationalNumberLength);
  }
});

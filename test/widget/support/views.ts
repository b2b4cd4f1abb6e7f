/**
 * CheckoutView builders for widget tests: the same shapes the proxy sends (shared/view.ts),
 * fed to the real element with `applyView`, the path stream messages and answers take.
 * @module
 */
import type { MethodKind } from '../../../shared/method-kinds';
import type { AttemptInput, AttemptStatus, SessionStatus } from '../../../shared/status';
import type {
  AttemptView,
  BrandBadge,
  CheckoutView,
  CountryOption,
  LapseReason,
  NextAction,
} from '../../../shared/view';

/** A brand badge as the proxy sends it (shared/catalogue.ts `methodOption`). */
export function badge(text: string, bg: string, fg = '#000000'): BrandBadge {
  return { text, bg, fg };
}

export const KENYA: CountryOption = {
  id: 1,
  name: 'Kenya',
  iso2: 'KE',
  dial_code: '254',
  national_number_length: 9,
  methods: [
    { value: 'send money', kind: 'phone_prompt', label: 'M-PESA', badge: badge('MP', '#00a650') },
    {
      value: 'Airtel',
      kind: 'operator_prompt',
      label: 'Airtel Money',
      badge: badge('AM', '#e40000', '#ffffff'),
    },
  ],
};

export const IVORY_COAST: CountryOption = {
  id: 3,
  name: "Cote d'Ivoire",
  iso2: 'CI',
  dial_code: '225',
  national_number_length: 10,
  methods: [
    { value: 'mtn', kind: 'operator_prompt', label: 'MTN MoMo', badge: badge('MTN', '#ffcb05') },
    { value: 'Orange', kind: 'otp_operator', label: 'Orange Money', badge: badge('OM', '#ff7900') },
    { value: 'Wave', kind: 'redirect_wallet', label: 'Wave', badge: badge('W', '#1dc8f2') },
  ],
};

export const SENEGAL: CountryOption = {
  id: 9,
  name: 'Senegal',
  iso2: 'SN',
  dial_code: '221',
  national_number_length: 9,
  methods: [
    {
      value: 'Orange',
      kind: 'operator_prompt',
      label: 'Orange Money',
      badge: badge('OM', '#ff7900'),
    },
    { value: 'Wave', kind: 'redirect_wallet', label: 'Wave', badge: badge('W', '#1dc8f2') },
  ],
};

export const SOUTH_AFRICA: CountryOption = {
  id: 15,
  name: 'South Africa',
  iso2: 'ZA',
  dial_code: '27',
  national_number_length: 9,
  methods: [
    {
      value: 'bank_eft',
      kind: 'bank_eft',
      label: 'Instant EFT',
      badge: badge('EFT', '#1d5bd0', '#ffffff'),
    },
    {
      value: 'bank_id',
      kind: 'bank_id',
      label: 'Bank (ID number)',
      badge: badge('ID', '#3d4657', '#ffffff'),
    },
  ],
};

export const NIGERIA: CountryOption = {
  id: 17,
  name: 'Nigeria',
  iso2: 'NG',
  dial_code: '234',
  national_number_length: 10,
  methods: [
    {
      value: 'virtual_account',
      kind: 'virtual_account',
      label: 'Bank transfer',
      badge: badge('NGN', '#00704a', '#ffffff'),
    },
  ],
};

/** Two operators whose prefixes the proxy knows (`predicts`: the number comes first). */
export const RWANDA: CountryOption = {
  id: 8,
  name: 'Rwanda',
  iso2: 'RW',
  dial_code: '250',
  national_number_length: 9,
  predicts: true,
  methods: [
    { value: 'mtn', kind: 'operator_prompt', label: 'MTN MoMo', badge: badge('MTN', '#ffcb05') },
    {
      value: 'Airtel',
      kind: 'operator_prompt',
      label: 'Airtel Money',
      badge: badge('AM', '#e40000', '#ffffff'),
    },
  ],
};

export const NGN_BANKS = [
  { code: '17001', label: 'Issuing bank 1' },
  { code: '17002', label: 'Issuing bank 2' },
  { code: '17003', label: 'Issuing bank 3' },
];

const CURRENCY: Record<number, string> = {
  1: 'KES',
  3: 'XOF',
  8: 'RWF',
  9: 'XOF',
  15: 'ZAR',
  17: 'NGN',
};

let seq = 1;

/**
 * A view of an open session offering `countries` (all methods, or only `kind` if given).
 *
 * @example
 * view([KENYA], { only: 'phone_prompt' });
 */
export function view(
  countries: CountryOption[],
  options: {
    id?: string;
    only?: MethodKind;
    amount?: number;
    status?: SessionStatus;
    attempt?: AttemptView | null;
    can_retry?: boolean;
    customer?: CheckoutView['customer'];
    locale?: string | null;
  } = {},
): CheckoutView {
  const offered = countries
    .map((c) => ({
      ...c,
      methods: c.methods.filter((m) => !options.only || m.kind === options.only),
    }))
    .filter((c) => c.methods.length > 0);
  return {
    id: options.id ?? 'cs_test',
    status: options.status ?? 'open',
    amount: options.amount ?? 1500,
    currency: CURRENCY[offered[0]?.id ?? 1] ?? 'KES',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    countries: offered,
    banks: offered.some((c) => c.id === 17) ? NGN_BANKS : [],
    customer: options.customer ?? null,
    attempt: options.attempt ?? null,
    can_retry: options.can_retry ?? (options.status ?? 'open') === 'open',
    return_url: null,
    locale: options.locale ?? null,
    seq: seq++,
  };
}

/**
 * An attempt of `country`'s method of `kind`. Its `input` follows `next` (`given` for
 * `confirming`, `lapsed` for `input_lapsed`, else `awaiting`) unless `input` is given.
 *
 * @example
 * attempt(KENYA, 'phone_prompt', 'pending', { type: 'approve_on_phone', mobile_masked: '2547****5000' });
 */
export function attempt(
  country: CountryOption,
  kind: MethodKind,
  status: AttemptStatus,
  next: NextAction | null = null,
  failure: AttemptView['failure'] = null,
  id = `at_${kind}_${seq}`,
  input?: AttemptInput,
): AttemptView {
  const method = country.methods.find((m) => m.kind === kind);
  if (!method) throw new Error(`${country.name} has no ${kind}`);
  return {
    id,
    country_id: country.id,
    method: method.value,
    kind,
    status,
    input:
      input ??
      (next?.type === 'confirming'
        ? 'given'
        : next?.type === 'input_lapsed'
          ? 'lapsed'
          : 'awaiting'),
    created_at: new Date().toISOString(),
    next,
    failure,
  };
}

/**
 * A view with `base`'s offer and a new attempt (and a later seq). The session status follows the
 * money rules unless given: `pending` while the attempt holds it (pending, input not lapsed),
 * `succeeded` after a success, else `open`; `can_retry` when open and the attempt is neither
 * `mismatch` nor `needs_review`.
 */
export function withAttempt(
  base: CheckoutView,
  att: AttemptView,
  status?: SessionStatus,
): CheckoutView {
  const sessionStatus =
    status ??
    (att.status === 'pending' && att.input !== 'lapsed'
      ? 'pending'
      : att.status === 'succeeded'
        ? 'succeeded'
        : 'open');
  return {
    ...base,
    status: sessionStatus,
    attempt: att,
    can_retry:
      sessionStatus === 'open' && att.status !== 'mismatch' && att.status !== 'needs_review',
    seq: seq++,
  };
}

/**
 * A view of `country` offering only its method of `kind`, with one pending attempt whose next
 * action is `next`: the live steps' fixture.
 *
 * @example
 * await mountView(pendingView(KENYA, 'phone_prompt', { type: 'approve_on_phone', mobile_masked: '2547****5000' }));
 */
export function pendingView(
  country: CountryOption,
  kind: MethodKind,
  next: NextAction,
): CheckoutView {
  const base = view([country], { only: kind });
  return withAttempt(base, attempt(country, kind, 'pending', next));
}

/** What Intl prints for whole units in English (the test browser's ICU data decides the symbol). */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** ISO time `ms` from now. */
export function inMs(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/** One view per step the payer can see (form steps per method kind). */
export function stepViews(): [string, CheckoutView, boolean?][] {
  const ke = view([KENYA]);
  const ci = view([IVORY_COAST], { only: 'otp_operator' });
  const ng = view([NIGERIA]);
  const sn = view([SENEGAL], { only: 'redirect_wallet' });
  return [
    ['choose (two countries)', view([IVORY_COAST, SENEGAL])],
    ['form phone_prompt', view([KENYA], { only: 'phone_prompt' })],
    ['form phone_prompt with errors', view([KENYA], { only: 'phone_prompt' }), true],
    ['form bank_eft with errors', view([SOUTH_AFRICA], { only: 'bank_eft' }), true],
    ['form bank_id with errors', view([SOUTH_AFRICA], { only: 'bank_id' }), true],
    ['form virtual_account with errors', ng, true],
    [
      'approve',
      withAttempt(
        ke,
        attempt(KENYA, 'phone_prompt', 'pending', {
          type: 'approve_on_phone',
          mobile_masked: '2547****5000',
        }),
      ),
    ],
    [
      'otp',
      withAttempt(
        ci,
        attempt(IVORY_COAST, 'otp_operator', 'pending', {
          type: 'enter_otp',
          expires_at: inMs(120_000),
          tries_left: 3,
        }),
      ),
      true,
    ],
    [
      'transfer',
      withAttempt(
        ng,
        attempt(NIGERIA, 'virtual_account', 'pending', {
          type: 'bank_transfer',
          account_number: '9912345678',
          bank_name: 'Issuing bank 1',
          amount: 1500,
          currency: 'NGN',
          expires_at: inMs(1_800_000),
        }),
      ),
    ],
    [
      'redirect',
      withAttempt(
        sn,
        attempt(SENEGAL, 'redirect_wallet', 'pending', { type: 'redirect', url: 'https://x.test' }),
      ),
    ],
    ['wait', withAttempt(ci, attempt(IVORY_COAST, 'otp_operator', 'pending', { type: 'wait' }))],
    ['success', withAttempt(ke, attempt(KENYA, 'phone_prompt', 'succeeded'), 'succeeded')],
    [
      'failure',
      withAttempt(
        ke,
        attempt(KENYA, 'phone_prompt', 'failed', null, { code: 'PM-001', message: 'Declined' }),
      ),
    ],
    ['expired', view([KENYA], { status: 'expired' })],
    ['confirming', withAttempt(ci, attempt(IVORY_COAST, 'otp_operator', 'pending', CONFIRMING))],
    [
      'lapsed',
      withAttempt(ci, attempt(IVORY_COAST, 'otp_operator', 'pending', lapsedFor('otp_expired'))),
    ],
    ['mismatch', withAttempt(ke, attempt(KENYA, 'phone_prompt', 'mismatch'))],
    ['needs_review', withAttempt(ke, attempt(KENYA, 'phone_prompt', 'needs_review'))],
    [
      'closed_confirming',
      withAttempt(
        ng,
        attempt(NIGERIA, 'virtual_account', 'pending', lapsedFor('account_expired')),
        'expired',
      ),
    ],
  ];
}

/** The next action of an attempt whose payer acted (an accepted code, an approved redirect). */
export const CONFIRMING: NextAction = { type: 'confirming' };

/** The next action of an attempt whose input window closed for `reason`. */
export function lapsedFor(reason: LapseReason): NextAction {
  return { type: 'input_lapsed', reason };
}

/**
 * Igbo: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Kwado ya na ekwentị gị',
  approveSent: (amount, mobile) => `Anyị ezitela arịrịọ maka ${amount} na ${mobile}.`,
  approveSteps: [
    'Mepee arịrịọ ahụ na ekwentị gị.',
    'Lelee ego ole ọ bụ.',
    'Tinye PIN gị iji kwado ya.',
  ],
  approveWaiting: 'Anyị na-eche nkwado gị…',
  approveRetryHint: 'Ịhụghị arịrịọ ahụ? Mgbe oge arịrịọ a gwụrụ, ị nwere ike ịnwa ọzọ.',
  approveNoData: 'Arịrịọ ahụ na-arụ ọrụ na-enweghị data ekwentị.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Ọ dị mkpa ijupụta ebe a.',
  sending: 'Na-ezipu…',
  change: 'gbanwee',
  invalid: 'Lelee ihe a.',
  phoneInvalid: (digits) => `Tinye ọnụọgụ ${digits} mgbe koodu mba gachara.`,
  idLength: 'Nọmba njirimara nwere ọnụọgụ 13.',
  idInvalid: 'Nọmba njirimara a ezighi ezi.',
  bankRequired: 'Họrọ ụlọ akụ gị.',
  fixFields: (count) => `Dozie ebe ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ibe a enweghị ikike ịnara ịkwụ ụgwọ a.',
    SESSION_CLOSED: 'Emechiela ịkwụ ụgwọ a.',
    SESSION_EXPIRED: 'Oge ịkwụ ụgwọ a agafeela.',
    UPSTREAM_UNAVAILABLE:
      'Onye na-enye ọrụ ịkwụ ụgwọ adịghị ugbu a. Nwaa ọzọ n’oge na-adịghị anya.',
    UPSTREAM_TIMEOUT: 'Onye na-enye ọrụ ịkwụ ụgwọ na-egbu oge ịza. Anyị na-enyocha.',
    RATE_LIMITED: 'Ị nwaala ọtụtụ ugboro. Chere otu nkeji.',
    ATTEMPT_IN_PROGRESS: 'Ịkwụ ụgwọ ọzọ na-aga n’ihu ugbu a.',
    COUNTRY_NOT_AVAILABLE: 'Mba a adịghị maka ịkwụ ụgwọ a.',
    METHOD_NOT_AVAILABLE: 'Ụzọ ịkwụ ụgwọ a adịghị.',
    VALIDATION_FAILED: 'Lelee ebe ndị e gosiri.',
    UPSTREAM_REJECTED: 'Onye na-enye ọrụ ịkwụ ụgwọ jụrụ ịkwụ ụgwọ a.',
    MERCHANT_UNAVAILABLE: 'Ụlọ ahịa a enweghị ike ịnara ego ugbu a.',
    UPSTREAM_AUTH: 'Ịkwụ ụgwọ adịghị nwa oge. Nwaa ọzọ ma emechaa.',
    RATE_LIMITED_PHONE:
      'E zigaala arịrịọ ịkwụ ụgwọ karịrị akarị na nọmba ekwentị a. Nwaa ọzọ ma emechaa, ma ọ bụ kwụọ n’ụzọ ọzọ.',
    RATE_LIMITED_SESSION:
      'Arịrịọ ịkwụ ụgwọ karịrị akarị maka ịzụ ahịa a. Chere nkeji ole na ole, wee nwaa ọzọ.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Ị nọghị n’ịntanetị. Anyị ga-emelite ibe a mgbe ị laghachiri.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Ọ dị mkpa ijupụta ebe a.',
  sending: 'Na-ezipu…',
  otpHeading: 'Tinye koodu gị',
  otpBody: 'Anyị ezitela koodu otu ugboro na ekwentị gị.',
  otpUnconfirmed:
    'Anyị enweghị ike ịkwado na koodu gị ruru onye na-enye ọrụ ịkwụ ụgwọ. Tinye ya ọzọ: koodu o natala agaghị eme ka ị kwụọ ugboro abụọ.',
  otpLabel: 'Koodu otu ugboro',
  otpInvalidFormat: 'Tinye ọnụọgụ dị na koodu ahụ.',
  otpSubmit: 'Kwado',
  expiresIn: (time) => `Ọ ga-agwụ n’ime ${time}`,
  codeExpired: 'Koodu ahụ agwụla.',
  triesLeft: (count) => `Ọnwụnwa ${count} fọdụrụ.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ibe a enweghị ikike ịnara ịkwụ ụgwọ a.',
    SESSION_CLOSED: 'Emechiela ịkwụ ụgwọ a.',
    SESSION_EXPIRED: 'Oge ịkwụ ụgwọ a agafeela.',
    UPSTREAM_UNAVAILABLE:
      'Onye na-enye ọrụ ịkwụ ụgwọ adịghị ugbu a. Nwaa ọzọ n’oge na-adịghị anya.',
    UPSTREAM_TIMEOUT: 'Onye na-enye ọrụ ịkwụ ụgwọ na-egbu oge ịza. Anyị na-enyocha.',
    RATE_LIMITED: 'Ị nwaala ọtụtụ ugboro. Chere otu nkeji.',
    NO_ATTEMPT_WAITING: 'Ọ dịghị ịkwụ ụgwọ na-eche koodu.',
    OTP_INVALID: 'Koodu ahụ ezighi ezi.',
    OTP_EXPIRED: 'Koodu ahụ agwụla.',
    OTP_LOCKED: 'Koodu ezighi ezi karịrị akarị. Ekpochiela ịkwụ ụgwọ a.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Koodu ahụ agwụla',
    otp_locked: 'Koodu ezighi ezi karịrị akarị',
    account_expired: 'Akaụntụ ahụ agwụla tupu ego ezitere abịa',
    prompt_unanswered: 'Akwadoghị arịrịọ ahụ n’oge',
    redirect_cancelled: 'Akagburu ịkwụ ụgwọ ahụ na ibe ụlọ akụ',
    redirect_unanswered: 'Emechaghị inye ikike ahụ n’oge',
  },
  ifPaid: 'Ọ bụrụ na ị kwụọla, ibe a ga-emelite onwe ya.',
  reviewHeading: 'A na-enyocha ịkwụ ụgwọ a',
  mismatchBody:
    'Anyị natara ịkwụ ụgwọ na-adabaghị na ịzụ ahịa a (dịka ọmụmaatụ, ego dị iche). A gwala ụlọ ahịa ahụ, ha ga-akpọtụrụ gị; akwụla ụgwọ ọzọ ma ọ bụrụ na ha arịọghị gị.',
  reviewBody:
    'Anyị enwebeghị ike ịkwado ịkwụ ụgwọ a. A gwala ụlọ ahịa ahụ; akwụla ụgwọ ọzọ ma ọ bụrụ na ha arịọghị gị.',
  closedConfirming: 'A ka na-akwado ịkwụ ụgwọ ikpeazụ gị.',
  successHeading: 'Anatala ego',
  successBody: (amount) => `Daalụ. Ị kwụrụ ${amount}.`,
  failureHeading: 'Ịkwụ ụgwọ emezughị',
  failureFailed: 'Ịkwụ ụgwọ ahụ agaghị.',
  failureClosed: 'Emechiela ịkwụ ụgwọ a.',
  failureReason: (reason) => `Ihe kpatara ya: ${reason}`,
  retry: 'Nwaa ọzọ',
  otherMethod: 'Jiri ụzọ ọzọ',
  expiredHeading: 'Oge ịkwụ ụgwọ a agafeela',
  expiredBody: 'Laghachi n’ụlọ ahịa ka ịmalite ọzọ.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Gaa n’ihu na ${method}`,
  redirectBody: 'Nye ikike maka ịkwụ ụgwọ ahụ na windo ọhụrụ, wee lọghachi ebe a.',
  redirectButton: (method) => `Gaa na ${method}`,
  redirectWaiting: 'Anyị na-eche windo nke ọzọ…',
  redirectReopen: 'Mepee windo ahụ ọzọ',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Kwụọ site na mbufe ego n’ụlọ akụ',
  transferBody: (amount) => `Zipu kpọmkwem ${amount} na akaụntụ a.`,
  bankName: 'Ụlọ akụ',
  accountNumber: 'Nọmba akaụntụ',
  amount: 'Ego ole',
  copyButton: 'Detuo',
  copy: (what) => `Detuo ${what.toLowerCase()}`,
  copied: (what) => `E detuola ${what.toLowerCase()}.`,
  copyFailed: 'Enweghị ike idetu. Họrọ ederede ahụ.',
  accountExpiresIn: (time) => `Akaụntụ ahụ ga-emechi n’ime ${time}`,
  accountExpired: 'Emechiela akaụntụ a.',
  transferWaiting: 'Anyị ga-akwado ozugbo ego gị rutere.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'A na-akwado ịkwụ ụgwọ gị',
  waitBody: 'Akwụla ụgwọ ọzọ; ibe a ga-emelite onwe ya.',
  waitChecking:
    'Anyị na-ajụ onye na-enye ọrụ ịkwụ ụgwọ ma koodu gị ruru; ibe a ga-emelite onwe ya.',
};

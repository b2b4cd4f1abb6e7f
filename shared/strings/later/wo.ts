/**
 * Wolof: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Nangul ko ci sa telefon',
  approveSent: (amount, mobile) => `Yónnee nanu laaj bu ${amount} ci ${mobile}.`,
  approveSteps: [
    'Ubbil laaj bi ci sa telefon.',
    'Seetal xaalis bi.',
    'Bindal sa PIN ngir nangu ko.',
  ],
  approveWaiting: 'Ñu ngi xaar nga nangu…',
  approveRetryHint: 'Gisuloo laaj bi? Bu waxtu laaj bii jeexee, mën nga jéemaat.',
  approveNoData: 'Laaj bi dox na te soxlawul internet.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'War nga fees bii.',
  sending: 'Mi ngi yónnee…',
  change: 'soppi',
  invalid: 'Seetaatal lii.',
  phoneInvalid: (digits) => `Bindal ${digits} siifar ginnaaw koodu réew mi.`,
  idLength: 'Nimero idantite am na 13 siifar.',
  idInvalid: 'Nimero idantite bii baaxul.',
  bankRequired: 'Tànnal sa bànk.',
  fixFields: (count) => `Defaral ${count} bérab.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Xët wii amul sañ-sañu jël fey bii.',
    SESSION_CLOSED: 'Fey bii tëju na.',
    SESSION_EXPIRED: 'Waxtu fey bii jeex na.',
    UPSTREAM_UNAVAILABLE: 'Sarwiisu fey bi jàppandiwul. Jéemaatal ci kanam tuuti.',
    UPSTREAM_TIMEOUT: 'Sarwiisu fey bi dafa yéex a tontu. Ñu ngi koy seet.',
    RATE_LIMITED: 'Jéem nga lu bare. Xaaral benn simili.',
    ATTEMPT_IN_PROGRESS: 'Am na beneen fey buy dox léegi.',
    COUNTRY_NOT_AVAILABLE: 'Réew mii jàppandiwul.',
    METHOD_NOT_AVAILABLE: 'Anam fey bii jàppandiwul.',
    VALIDATION_FAILED: 'Seetaatal bérab yi ñu màndargal.',
    UPSTREAM_REJECTED: 'Sarwiisu fey bi bañ na fey bii.',
    MERCHANT_UNAVAILABLE: 'Bitig bii mënul jël fey léegi.',
    UPSTREAM_AUTH: 'Fey mënul nekk ci diir bii. Jéemaatal ci kanam.',
    RATE_LIMITED_PHONE:
      'Yónnee nañu laaj yu bare ci nimero telefon bii. Jéemaatal ci kanam, walla nga fey ci beneen anam.',
    RATE_LIMITED_SESSION:
      'Laaj yi bare nañu lool ci fey bii. Xaaral ay simili, ba noppi nga jéemaat.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Jotuloo internet. Dinañu yeesal xët wii bu nga delsee.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'War nga fees bii.',
  sending: 'Mi ngi yónnee…',
  otpHeading: 'Bindal sa kood',
  otpBody: 'Yónnee nanu la kood bu benn yoon ci sa telefon.',
  otpUnconfirmed:
    'Mënunu dëggal ne sa kood agsi na ca sarwiisu fey ba. Bindaatal ko: kood bu mu jot ba noppi du la fayloo ñaari yoon.',
  otpLabel: 'Kood bu benn yoon',
  otpInvalidFormat: 'Bindal siifar yi nekk ci kood bi.',
  otpSubmit: 'Dëggal',
  expiresIn: (time) => `Dina jeex ci ${time}`,
  codeExpired: 'Kood bi jeex na.',
  triesLeft: (count) => `Des na ${count} jéem.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Xët wii amul sañ-sañu jël fey bii.',
    SESSION_CLOSED: 'Fey bii tëju na.',
    SESSION_EXPIRED: 'Waxtu fey bii jeex na.',
    UPSTREAM_UNAVAILABLE: 'Sarwiisu fey bi jàppandiwul. Jéemaatal ci kanam tuuti.',
    UPSTREAM_TIMEOUT: 'Sarwiisu fey bi dafa yéex a tontu. Ñu ngi koy seet.',
    RATE_LIMITED: 'Jéem nga lu bare. Xaaral benn simili.',
    NO_ATTEMPT_WAITING: 'Amul fey buy xaar kood.',
    OTP_INVALID: 'Kood boobu baaxul.',
    OTP_EXPIRED: 'Kood bi jeex na.',
    OTP_LOCKED: 'Kood yu baaxul yi bare nañu. Fey bii tëju na.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Kood bi jeex na',
    otp_locked: 'Kood yu baaxul yi bare nañu',
    account_expired: 'Kontu bi jeex na laata xaalis bi agsi',
    prompt_unanswered: 'Nanguwuñu laaj bi ci jamono',
    redirect_cancelled: 'Fey bi neenal nañu ko ci xëtu bànk bi',
    redirect_unanswered: 'Sañ-sañ bi matuñu ko ci jamono',
  },
  ifPaid: 'Su fekkee fey nga, xët wii dina yeesu.',
  reviewHeading: 'Ñu ngi seet fey bi',
  mismatchBody:
    'Jot nanu fey bu dëppóowul ak njënd mii (misaal, xaalis bu wuute). Bitig bi xam na ko te dina la woo; bul feyaat lu dul ñoo la ko laaj.',
  reviewBody: 'Mënagunu dëggal fey bii. Bitig bi xam na ko; bul feyaat lu dul ñoo la ko laaj.',
  closedConfirming: 'Sa fey bu mujj bi, ñu ngi koy dëggal ba tey.',
  successHeading: 'Fey bi agsi na',
  successBody: (amount) => `Jërëjëf. Fey nga ${amount}.`,
  failureHeading: 'Fey bi matul',
  failureFailed: 'Fey bi antuwul.',
  failureClosed: 'Fey bii tëju na.',
  failureReason: (reason) => `Lu ko waral: ${reason}`,
  retry: 'Jéemaatal',
  otherMethod: 'Jëfandikoo beneen anam',
  expiredHeading: 'Waxtu fey bii jeex na',
  expiredBody: 'Dellul ca bitig ba ngir tàmbaliwaat.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Dem ci kanam ak ${method}`,
  redirectBody: 'Nangul fey bi ci palanteer bu bees bi, ba noppi nga dellusi fii.',
  redirectButton: (method) => `Dem ci ${method}`,
  redirectWaiting: 'Ñu ngi xaar beneen palanteer bi…',
  redirectReopen: 'Ubbiwaatal palanteer bi',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Fey ak virement bànk',
  transferBody: (amount) => `Yónneel ${amount} ci kontu bii, mu mat sëkk.`,
  bankName: 'Bànk',
  accountNumber: 'Nimero kontu',
  amount: 'Xaalis bi',
  copyButton: 'Duppi',
  copy: (what) => `Duppi ${what.toLowerCase()}`,
  copied: (what) => `Dupp nañu ${what.toLowerCase()}.`,
  copyFailed: 'Mënunu ko duppi. Tànnal mbind mi.',
  accountExpiresIn: (time) => `Kontu bi dina tëju ci ${time}`,
  accountExpired: 'Kontu bii tëju na.',
  transferWaiting: 'Dinañu ko dëggal bu sa xaalis agsee.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Ñu ngi dëggal sa fey',
  waitBody: 'Bul feyaat; xët wii dina yeesu boppam.',
  waitChecking: 'Ñu ngi laaj sarwiisu fey bi ndax sa kood agsi na; xët wii dina yeesu boppam.',
};

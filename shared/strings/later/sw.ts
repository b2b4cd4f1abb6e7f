/**
 * Kiswahili: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Idhinisha kwenye simu yako',
  approveSent: (amount, mobile) => `Tumetuma ombi la malipo la ${amount} kwa ${mobile}.`,
  approveSteps: [
    'Fungua simu yako na ufungue ombi.',
    'Kagua kiasi na jina la mfanyabiashara.',
    'Weka PIN yako ili kuidhinisha.',
  ],
  approveWaiting: 'Tunasubiri uidhinishe…',
  approveRetryHint:
    'Hujapata ombi baada ya dakika moja? Subiri ombi hili liishe muda, kisha ujaribu tena.',
  approveNoData: 'Ombi linafanya kazi bila data ya simu.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  change: 'badilisha',
  invalid: 'Kagua thamani hii.',
  phoneInvalid: (digits) => `Weka namba sahihi: tarakimu ${digits} baada ya msimbo wa nchi.`,
  idLength: 'Namba ya kitambulisho ina tarakimu 13 kamili.',
  idInvalid: 'Namba hii ya kitambulisho si sahihi. Kagua tarakimu.',
  bankRequired: 'Chagua benki yako.',
  fixFields: (count) =>
    count === 1 ? 'Rekebisha sehemu 1 ili kuendelea.' : `Rekebisha sehemu ${count} ili kuendelea.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    ATTEMPT_IN_PROGRESS: 'Malipo tayari yanaendelea. Subiri yakamilike.',
    COUNTRY_NOT_AVAILABLE: 'Nchi hii haipatikani kwa malipo haya.',
    METHOD_NOT_AVAILABLE: 'Njia hii ya malipo haipatikani.',
    VALIDATION_FAILED: 'Baadhi ya taarifa si sahihi. Kagua sehemu zilizowekwa alama.',
    UPSTREAM_REJECTED: 'Mtoa huduma wa malipo amekataa malipo haya.',
    MERCHANT_UNAVAILABLE: 'Duka hili haliwezi kupokea malipo kwa sasa.',
    UPSTREAM_AUTH: 'Malipo hayapatikani kwa muda. Jaribu tena baadaye.',
    RATE_LIMITED_PHONE:
      'Maombi mengi mno ya malipo yametumwa kwa namba hii ya simu. Jaribu tena baadaye, au lipa kwa njia nyingine.',
    RATE_LIMITED_SESSION:
      'Maombi mengi mno ya malipo kwa oda hii. Subiri dakika chache, kisha ujaribu tena.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Huna mtandao. Tutasasisha ukurasa huu utakaporudi mtandaoni.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  otpHeading: 'Weka msimbo wako',
  otpBody: 'Tumetuma msimbo wa matumizi ya mara moja kwenye simu yako.',
  otpUnconfirmed:
    'Hatukuweza kuthibitisha kwamba msimbo wako ulimfikia mtoa huduma wa malipo. Uweke tena: msimbo ambao tayari ameupokea hautakutoza mara mbili.',
  otpLabel: 'Msimbo wa mara moja',
  otpInvalidFormat: 'Weka tarakimu za msimbo.',
  otpSubmit: 'Thibitisha',
  expiresIn: (time) => `Unaisha baada ya ${time}`,
  codeExpired: 'Msimbo umeisha muda.',
  triesLeft: (count) => (count === 1 ? 'Jaribio 1 limebaki.' : `Majaribio ${count} yamebaki.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    NO_ATTEMPT_WAITING: 'Hakuna malipo yanayosubiri msimbo.',
    OTP_INVALID: 'Msimbo huo si sahihi.',
    OTP_EXPIRED: 'Msimbo umeisha muda.',
    OTP_LOCKED: 'Misimbo mingi isiyo sahihi. Malipo haya yamefungiwa.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Muda wa msimbo umekwisha',
    otp_locked: 'Misimbo mingi isiyo sahihi',
    account_expired: 'Muda wa akaunti umekwisha kabla uhamisho haujafika',
    prompt_unanswered: 'Ombi halikuidhinishwa kwa wakati',
    redirect_cancelled: 'Malipo yalighairiwa kwenye ukurasa wa benki',
    redirect_unanswered: 'Uidhinishaji haukukamilika kwa wakati',
  },
  ifPaid: 'Kama ulilipa, ukurasa huu utajisasisha.',
  reviewHeading: 'Malipo yanakaguliwa',
  mismatchBody:
    'Tumepokea malipo yasiyolingana na agizo hili (kwa mfano, kiasi tofauti). Duka limearifiwa na litawasiliana nawe; usilipe tena isipokuwa duka likikuomba.',
  reviewBody:
    'Bado hatujaweza kuthibitisha malipo haya. Duka limearifiwa; usilipe tena isipokuwa duka likikuomba.',
  closedConfirming: 'Malipo yako ya mwisho bado yanathibitishwa.',

  successHeading: 'Malipo yamepokelewa',
  successBody: (amount) => `Asante. ${amount} imelipwa.`,

  failureHeading: 'Malipo hayajakamilika',
  failureFailed: 'Malipo hayakufanikiwa.',
  failureClosed: 'Malipo haya yamefungwa.',
  failureReason: (reason) => `Sababu: ${reason}`,
  retry: 'Jaribu tena',
  otherMethod: 'Tumia njia nyingine',

  expiredHeading: 'Muda wa malipo haya umekwisha',
  expiredBody: 'Rudi dukani ili uanze malipo mapya.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Endelea na ${method}`,
  redirectBody: 'Dirisha jipya litafunguka ili uidhinishe malipo. Rudi hapa ukimaliza.',
  redirectButton: (method) => `Endelea kwenda ${method}`,
  redirectWaiting: 'Maliza kwenye dirisha lingine. Ukurasa huu utajisasisha wenyewe.',
  redirectReopen: 'Fungua dirisha tena',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Lipa kwa uhamisho wa benki',
  transferBody: (amount) =>
    `Hamisha ${amount} kamili kwenda akaunti hii kupitia programu ya benki yako.`,
  bankName: 'Benki',
  accountNumber: 'Namba ya akaunti',
  amount: 'Kiasi',
  copyButton: 'Nakili',
  copy: (what) => `Nakili ${what.toLowerCase()}`,
  copied: (what) => `${what} imenakiliwa.`,
  copyFailed: 'Imeshindwa kunakili. Chagua maandishi badala yake.',
  accountExpiresIn: (time) => `Akaunti hii inafungwa baada ya ${time}`,
  accountExpired: 'Akaunti hii imefungwa.',
  transferWaiting: 'Tutathibitisha wenyewe uhamisho wako ukifika.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Tunathibitisha malipo yako',
  waitBody: 'Usilipe tena; ukurasa huu utajisasisha wenyewe.',
  waitChecking:
    'Tunakagua na mtoa huduma wa malipo kama msimbo wako ulifika; ukurasa huu utajisasisha wenyewe.',
};

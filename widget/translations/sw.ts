/**
 * Kiswahili.
 * @module
 */
import { registerTranslation, type Translation } from '../localize';

const translation: Translation = {
  $code: 'sw',
  $name: 'Kiswahili',
  $dir: 'ltr',

  checkout: 'Malipo',
  loading: 'Inapakia malipo…',
  payAmount: (amount) => `Lipa ${amount}`,
  total: 'Jumla',

  chooseHeading: 'Ungependa kulipa kwa njia gani?',
  country: 'Nchi',
  method: 'Njia ya malipo',
  continue: 'Endelea',
  back: 'Rudi',
  kindHint: {
    phone_prompt: 'Idhinisha ombi kwenye simu yako',
    operator_prompt: 'Idhinisha ombi kwenye simu yako',
    otp_operator: 'Thibitisha kwa msimbo uliotumwa kwenye simu yako',
    redirect_wallet: 'Idhinisha kwenye pochi yako ya simu',
    bank_eft: 'Lipa kutoka akaunti yako ya benki',
    bank_id: 'Lipa kupitia benki yako kwa namba ya kitambulisho',
    virtual_account: 'Hamisha pesa kwenda namba ya akaunti ya muda',
  },

  formHeading: (method) => `Lipa kwa ${method}`,
  phone: 'Namba ya simu',
  phoneHint: (dialCode, digits) => `+${dialCode} kisha tarakimu ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nambari ya pochi: ${mobile}`
      : `Tutatuma ${kind == 'otp_operator' ? 'msimbo' : 'ombi'} kwa ${mobile}.`,
  firstName: 'Jina la kwanza',
  lastName: 'Jina la ukoo',
  fullName: 'Jina kamili',
  accountName: 'Jina la akaunti',
  accountNameHint: 'Jina lililo kwenye akaunti yako ya benki',
  bank: 'Benki',
  bankCode: 'Msimbo wa benki',
  bankCodeHint: 'Msimbo wa tawi la benki yako',
  chooseBank: 'Chagua benki yako',
  idNumber: 'Namba ya kitambulisho cha Afrika Kusini',
  idNumberHint: 'Tarakimu 13',
  required: 'Sehemu hii inahitajika.',
  invalid: 'Kagua thamani hii.',
  phoneInvalid: (digits) => `Weka namba sahihi: tarakimu ${digits} baada ya msimbo wa nchi.`,
  idLength: 'Namba ya kitambulisho ina tarakimu 13 kamili.',
  idInvalid: 'Namba hii ya kitambulisho si sahihi. Kagua tarakimu.',
  bankRequired: 'Chagua benki yako.',
  fixFields: (count) =>
    count === 1 ? 'Rekebisha sehemu 1 ili kuendelea.' : `Rekebisha sehemu ${count} ili kuendelea.`,
  sending: 'Inatuma…',

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

  otpHeading: 'Weka msimbo wako',
  otpBody: 'Tumetuma msimbo wa matumizi ya mara moja kwenye simu yako.',
  otpLabel: 'Msimbo wa mara moja',
  otpInvalidFormat: 'Weka tarakimu za msimbo.',
  otpSubmit: 'Thibitisha',
  expiresIn: (time) => `Unaisha baada ya ${time}`,
  codeExpired: 'Msimbo umeisha muda.',
  triesLeft: (count) => (count === 1 ? 'Jaribio 1 limebaki.' : `Majaribio ${count} yamebaki.`),

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

  redirectHeading: (method) => `Endelea na ${method}`,
  redirectBody: 'Dirisha jipya litafunguka ili uidhinishe malipo. Rudi hapa ukimaliza.',
  redirectButton: (method) => `Endelea kwenda ${method}`,
  redirectWaiting: 'Maliza kwenye dirisha lingine. Ukurasa huu utajisasisha wenyewe.',
  redirectReopen: 'Fungua dirisha tena',

  waitHeading: 'Tunathibitisha malipo yako',
  waitBody: 'Usilipe tena; ukurasa huu utajisasisha wenyewe.',

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

  errorHeading: 'Hitilafu imetokea',
  reload: 'Jaribu tena',
  errors: {
    generic: 'Hitilafu imetokea. Tafadhali jaribu tena.',
    NETWORK: 'Imeshindwa kufikia huduma ya malipo. Kagua muunganisho wako.',
    SESSION_NOT_FOUND: 'Malipo haya hayapo.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    ATTEMPT_IN_PROGRESS: 'Malipo tayari yanaendelea. Subiri yakamilike.',
    NO_ATTEMPT_WAITING: 'Hakuna malipo yanayosubiri msimbo.',
    COUNTRY_NOT_AVAILABLE: 'Nchi hii haipatikani kwa malipo haya.',
    METHOD_NOT_AVAILABLE: 'Njia hii ya malipo haipatikani.',
    VALIDATION_FAILED: 'Baadhi ya taarifa si sahihi. Kagua sehemu zilizowekwa alama.',
    OTP_INVALID: 'Msimbo huo si sahihi.',
    OTP_EXPIRED: 'Msimbo umeisha muda.',
    OTP_LOCKED: 'Misimbo mingi isiyo sahihi. Malipo haya yamefungiwa.',
    UPSTREAM_REJECTED: 'Mtoa huduma wa malipo amekataa malipo haya.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    MERCHANT_UNAVAILABLE: 'Duka hili haliwezi kupokea malipo kwa sasa.',
    UPSTREAM_AUTH: 'Malipo hayapatikani kwa muda. Jaribu tena baadaye.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
  },
};

registerTranslation(translation);
export default translation;

/**
 * isiZulu: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Vumela kufoni yakho',
  approveSent: (amount, mobile) => `Sithumele isicelo sika-${amount} ku-${mobile}.`,
  approveSteps: [
    'Vula isicelo kufoni yakho.',
    'Hlola inani lemali.',
    'Faka i-PIN yakho ukuze uvumele.',
  ],
  approveWaiting: 'Silinde imvume yakho…',
  approveRetryHint: 'Asikho isicelo? Uma lesi sicelo siphelelwa yisikhathi, ungazama futhi.',
  approveNoData: 'Isicelo sisebenza ngaphandle kwedatha yeselula.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Le nkambu iyadingeka.',
  sending: 'Iyathumela…',
  change: 'shintsha',
  invalid: 'Hlola leli nani.',
  phoneInvalid: (digits) => `Faka izinombolo ezingu-${digits} ngemva kwekhodi yezwe.`,
  idLength: 'Inombolo kamazisi inezinombolo ezingu-13.',
  idInvalid: 'Le nombolo kamazisi ayivumelekile.',
  bankRequired: 'Khetha ibhange lakho.',
  fixFields: (count) =>
    count === 1 ? 'Lungisa inkambu engu-1.' : `Lungisa izinkambu ezingu-${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Leli khasi alivunyelwe ukwamukela le nkokhelo.',
    SESSION_CLOSED: 'Le nkokhelo ivaliwe.',
    SESSION_EXPIRED: 'Isikhathi sale nkokhelo siphelile.',
    UPSTREAM_UNAVAILABLE: 'Umhlinzeki wokukhokha akatholakali. Zama futhi maduze.',
    UPSTREAM_TIMEOUT: 'Umhlinzeki wokukhokha uyephuza ukuphendula. Siyahlola.',
    RATE_LIMITED: 'Imizamo miningi kakhulu. Linda umzuzu owodwa.',
    ATTEMPT_IN_PROGRESS: 'Kukhona inkokhelo eseqhubekayo.',
    COUNTRY_NOT_AVAILABLE: 'Leli zwe alitholakali.',
    METHOD_NOT_AVAILABLE: 'Le ndlela yokukhokha ayitholakali.',
    VALIDATION_FAILED: 'Hlola izinkambu ezigqanyisiwe.',
    UPSTREAM_REJECTED: 'Umhlinzeki wokukhokha uyenqabile le nkokhelo.',
    MERCHANT_UNAVAILABLE: 'Lesi sitolo asikwazi ukwamukela izinkokhelo okwamanje.',
    UPSTREAM_AUTH: 'Izinkokhelo azitholakali okwesikhashana. Zama futhi kamuva.',
    RATE_LIMITED_PHONE:
      'Kuthunyelwe izicelo zokukhokha eziningi kakhulu kule nombolo yocingo. Zama futhi kamuva, noma ukhokhe ngenye indlela.',
    RATE_LIMITED_SESSION:
      'Izicelo zokukhokha ziningi kakhulu kule nkokhelo. Linda imizuzu embalwa, bese uzama futhi.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Awuxhunyiwe ku-inthanethi. Sizobuyekeza leli khasi uma usubuyile.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Le nkambu iyadingeka.',
  sending: 'Iyathumela…',
  otpHeading: 'Faka ikhodi yakho',
  otpBody: 'Sithumele ikhodi yokusetshenziswa kanye kufoni yakho.',
  otpUnconfirmed:
    'Asikwazanga ukuqinisekisa ukuthi ikhodi yakho ifike kumhlinzeki wokukhokha. Yifake futhi: ikhodi asenayo ngeke ikukhokhise kabili.',
  otpLabel: 'Ikhodi yokusetshenziswa kanye',
  otpInvalidFormat: 'Faka izinombolo zekhodi.',
  otpSubmit: 'Qinisekisa',
  expiresIn: (time) => `Iphelelwa yisikhathi ngemva kuka-${time}`,
  codeExpired: 'Ikhodi iphelelwe yisikhathi.',
  triesLeft: (count) => (count === 1 ? 'Kusele umzamo ongu-1.' : `Kusele imizamo engu-${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Leli khasi alivunyelwe ukwamukela le nkokhelo.',
    SESSION_CLOSED: 'Le nkokhelo ivaliwe.',
    SESSION_EXPIRED: 'Isikhathi sale nkokhelo siphelile.',
    UPSTREAM_UNAVAILABLE: 'Umhlinzeki wokukhokha akatholakali. Zama futhi maduze.',
    UPSTREAM_TIMEOUT: 'Umhlinzeki wokukhokha uyephuza ukuphendula. Siyahlola.',
    RATE_LIMITED: 'Imizamo miningi kakhulu. Linda umzuzu owodwa.',
    NO_ATTEMPT_WAITING: 'Ayikho inkokhelo elinde ikhodi.',
    OTP_INVALID: 'Leyo khodi ayilungile.',
    OTP_EXPIRED: 'Ikhodi iphelelwe yisikhathi.',
    OTP_LOCKED: 'Amakhodi angalungile maningi kakhulu. Le nkokhelo ivaliwe.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Ikhodi iphelelwe yisikhathi',
    otp_locked: 'Amakhodi angalungile maningi kakhulu',
    account_expired: 'I-akhawunti iphelelwe yisikhathi ngaphambi kokuthi kufike imali',
    prompt_unanswered: 'Isicelo asivunyelwanga ngesikhathi',
    redirect_cancelled: 'Inkokhelo ikhanseliwe ekhasini lebhange',
    redirect_unanswered: 'Ukugunyaza akuqedwanga ngesikhathi',
  },
  ifPaid: 'Uma ukhokhile, leli khasi lizobuyekezwa.',
  reviewHeading: 'Inkokhelo iyahlolwa',
  mismatchBody:
    'Sithole inkokhelo engahambisani nale oda (isibonelo, inani elihlukile). Isitolo sazisiwe futhi sizokuthinta; ungaphinde ukhokhe ngaphandle uma sikucela.',
  reviewBody:
    'Asikakwazi ukuqinisekisa le nkokhelo. Isitolo sazisiwe; ungaphinde ukhokhe ngaphandle uma sikucela.',
  closedConfirming: 'Inkokhelo yakho yokugcina isaqinisekiswa.',
  successHeading: 'Inkokhelo yamukelwe',
  successBody: (amount) => `Siyabonga. Ukhokhe ${amount}.`,
  failureHeading: 'Inkokhelo ayiphelelanga',
  failureFailed: 'Inkokhelo ayiphumelelanga.',
  failureClosed: 'Le nkokhelo ivaliwe.',
  failureReason: (reason) => `Isizathu: ${reason}`,
  retry: 'Zama futhi',
  otherMethod: 'Sebenzisa enye indlela',
  expiredHeading: 'Isikhathi sale nkokhelo siphelile',
  expiredBody: 'Buyela esitolo ukuze uqale kabusha.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Qhubeka nge-${method}`,
  redirectBody: 'Gunyaza inkokhelo ewindini elisha, bese ubuyela lapha.',
  redirectButton: (method) => `Qhubekela ku-${method}`,
  redirectWaiting: 'Silinde elinye iwindi…',
  redirectReopen: 'Vula iwindi futhi',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Khokha ngokudlulisela ebhange',
  transferBody: (amount) => `Dlulisela imali engu-${amount} ncamashi kule akhawunti.`,
  bankName: 'Ibhange',
  accountNumber: 'Inombolo ye-akhawunti',
  amount: 'Inani',
  copyButton: 'Kopisha',
  copy: (what) => `Kopisha ${what.toLowerCase()}`,
  copied: (what) => `Kukopishiwe: ${what.toLowerCase()}.`,
  copyFailed: 'Akukwazanga ukukopisha. Khetha umbhalo.',
  accountExpiresIn: (time) => `I-akhawunti ivalwa ngemva kuka-${time}`,
  accountExpired: 'Le akhawunti ivaliwe.',
  transferWaiting: 'Sizoqinisekisa ngokushesha lapho imali yakho ifika.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Inkokhelo yakho iyaqinisekiswa',
  waitBody: 'Ungaphinde ukhokhe; leli khasi lizizibuyekeza.',
  waitChecking:
    'Sihlola kumhlinzeki wokukhokha ukuthi ikhodi yakho ifikile yini; leli khasi lizizibuyekeza.',
};

/**
 * Ikinyarwanda: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Emeza kuri telefoni yawe',
  approveSent: (amount, mobile) => `Twohereje icyifuzo cyo kwishyura ${amount} kuri ${mobile}.`,
  approveSteps: [
    'Fungura icyifuzo kuri telefoni yawe.',
    'Genzura amafaranga.',
    'Andika PIN yawe kugira ngo wemeze.',
  ],
  approveWaiting: 'Dutegereje ko wemeza…',
  approveRetryHint:
    'Nta cyifuzo wabonye? Igihe cy’iki cyifuzo nikirangira, ushobora kongera kugerageza.',
  approveNoData: 'Icyifuzo gikora nta interineti ya telefoni.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Iki gice kigomba kuzuzwa.',
  sending: 'Birimo koherezwa…',
  change: 'hindura',
  invalid: 'Genzura ibi wanditse.',
  phoneInvalid: (digits) => `Andika imibare ${digits} nyuma ya kode y’igihugu.`,
  idLength: 'Nimero y’indangamuntu igira imibare 13.',
  idInvalid: 'Iyi nimero y’indangamuntu si yo.',
  bankRequired: 'Hitamo banki yawe.',
  fixFields: (count) => (count === 1 ? 'Kosora igice 1.' : `Kosora ibice ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Uru rupapuro ntirwemerewe kwakira ubu bwishyu.',
    SESSION_CLOSED: 'Ubu bwishyu bwafunzwe.',
    SESSION_EXPIRED: 'Igihe cy’ubu bwishyu cyarangiye.',
    UPSTREAM_UNAVAILABLE: 'Utanga serivisi yo kwishyura ntaboneka. Ongera ugerageze vuba.',
    UPSTREAM_TIMEOUT: 'Utanga serivisi yo kwishyura aratinda gusubiza. Turimo kugenzura.',
    RATE_LIMITED: 'Wagerageje inshuro nyinshi. Tegereza umunota umwe.',
    ATTEMPT_IN_PROGRESS: 'Hari ubwishyu burimo gukorwa.',
    COUNTRY_NOT_AVAILABLE: 'Iki gihugu ntikiboneka.',
    METHOD_NOT_AVAILABLE: 'Ubu buryo bwo kwishyura ntibuboneka.',
    VALIDATION_FAILED: 'Genzura ibice byagaragajwe.',
    UPSTREAM_REJECTED: 'Utanga serivisi yo kwishyura yanze ubu bwishyu.',
    MERCHANT_UNAVAILABLE: 'Iri duka ntirishobora kwakira ubwishyu ubu.',
    UPSTREAM_AUTH: 'Kwishyura ntibishoboka by’agateganyo. Ongera ugerageze nyuma.',
    RATE_LIMITED_PHONE:
      'Ibyifuzo byo kwishyura byinshi cyane byoherejwe kuri iyi nimero ya telefoni. Ongera ugerageze nyuma, cyangwa wishyure mu bundi buryo.',
    RATE_LIMITED_SESSION:
      'Ibyifuzo byo kwishyura ni byinshi cyane kuri ubu bwishyu. Tegereza iminota mike, hanyuma wongere ugerageze.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Ntabwo uri kuri interineti. Tuzavugurura uru rupapuro nugaruka.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Iki gice kigomba kuzuzwa.',
  sending: 'Birimo koherezwa…',
  otpHeading: 'Andika kode yawe',
  otpBody: 'Twohereje kode y’ikoreshwa rimwe kuri telefoni yawe.',
  otpUnconfirmed:
    'Ntitwashoboye kwemeza ko kode yawe yageze k’utanga serivisi yo kwishyura. Yongere uyandike: kode yamaze kwakirwa ntizatuma wishyura kabiri.',
  otpLabel: 'Kode y’ikoreshwa rimwe',
  otpInvalidFormat: 'Andika imibare ya kode.',
  otpSubmit: 'Emeza',
  expiresIn: (time) => `Irarangira mu ${time}`,
  codeExpired: 'Igihe cya kode cyarangiye.',
  triesLeft: (count) => (count === 1 ? 'Hasigaye igerageza 1.' : `Hasigaye amagerageza ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Uru rupapuro ntirwemerewe kwakira ubu bwishyu.',
    SESSION_CLOSED: 'Ubu bwishyu bwafunzwe.',
    SESSION_EXPIRED: 'Igihe cy’ubu bwishyu cyarangiye.',
    UPSTREAM_UNAVAILABLE: 'Utanga serivisi yo kwishyura ntaboneka. Ongera ugerageze vuba.',
    UPSTREAM_TIMEOUT: 'Utanga serivisi yo kwishyura aratinda gusubiza. Turimo kugenzura.',
    RATE_LIMITED: 'Wagerageje inshuro nyinshi. Tegereza umunota umwe.',
    NO_ATTEMPT_WAITING: 'Nta bwishyu butegereje kode.',
    OTP_INVALID: 'Iyo kode si yo.',
    OTP_EXPIRED: 'Igihe cya kode cyarangiye.',
    OTP_LOCKED: 'Kode zitari zo zabaye nyinshi. Ubu bwishyu bwahagaritswe.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Igihe cya kode cyarangiye',
    otp_locked: 'Kode zitari zo zabaye nyinshi',
    account_expired: 'Konti yarangiye amafaranga yoherejwe ataragera',
    prompt_unanswered: 'Icyifuzo nticyemejwe ku gihe',
    redirect_cancelled: 'Ubwishyu bwahagaritswe ku rupapuro rwa banki',
    redirect_unanswered: 'Kwemeza ntikwarangiye ku gihe',
  },
  ifPaid: 'Niba wishyuye, uru rupapuro ruzavugururwa.',
  reviewHeading: 'Ubwishyu burimo gusuzumwa',
  mismatchBody:
    'Twakiriye ubwishyu budahuye n’ibyo watumije (urugero, amafaranga atandukanye). Iduka ryabimenyeshejwe kandi rizakuvugisha; ntiwongere kwishyura keretse rigusabye.',
  reviewBody:
    'Ntiturabasha kwemeza ubu bwishyu. Iduka ryabimenyeshejwe; ntiwongere kwishyura keretse rigusabye.',
  closedConfirming: 'Ubwishyu bwawe bwa nyuma buracyemezwa.',
  successHeading: 'Ubwishyu bwakiriwe',
  successBody: (amount) => `Murakoze. Wishyuye ${amount}.`,
  failureHeading: 'Ubwishyu ntibwarangiye',
  failureFailed: 'Ubwishyu ntibwakunze.',
  failureClosed: 'Ubu bwishyu bwafunzwe.',
  failureReason: (reason) => `Impamvu: ${reason}`,
  retry: 'Ongera ugerageze',
  otherMethod: 'Koresha ubundi buryo',
  expiredHeading: 'Igihe cy’ubu bwishyu cyarangiye',
  expiredBody: 'Subira ku iduka kugira ngo wongere utangire.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Komeza na ${method}`,
  redirectBody: 'Emeza ubwishyu mu idirishya rishya, hanyuma ugaruke hano.',
  redirectButton: (method) => `Komeza kuri ${method}`,
  redirectWaiting: 'Dutegereje irindi dirishya…',
  redirectReopen: 'Ongera ufungure idirishya',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Ishyura wohereza amafaranga muri banki',
  transferBody: (amount) => `Ohereza neza neza ${amount} kuri iyi konti.`,
  bankName: 'Banki',
  accountNumber: 'Nimero ya konti',
  amount: 'Amafaranga',
  copyButton: 'Koporora',
  copy: (what) => `Koporora ${what.toLowerCase()}`,
  copied: (what) => `Byakopowe: ${what.toLowerCase()}.`,
  copyFailed: 'Ntibyashobotse gukoporora. Hitamo inyandiko.',
  accountExpiresIn: (time) => `Konti irafungwa mu ${time}`,
  accountExpired: 'Iyi konti yafunzwe.',
  transferWaiting: 'Turemeza ako kanya amafaranga yawe nagera.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Ubwishyu bwawe burimo kwemezwa',
  waitBody: 'Ntiwongere kwishyura; uru rupapuro ruzivugurura ubwarwo.',
  waitChecking:
    'Turimo kubaza utanga serivisi yo kwishyura niba kode yawe yageze; uru rupapuro ruzivugurura ubwarwo.',
};

/**
 * Hausa: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Ku amince a wayarku',
  approveSent: (amount, mobile) => `Mun aika buƙatar biyan ${amount} zuwa ${mobile}.`,
  approveSteps: [
    'Ku buɗe buƙatar a wayarku.',
    'Ku duba adadin kuɗin.',
    'Ku shigar da PIN ɗinku don amincewa.',
  ],
  approveWaiting: 'Muna jiran amincewarku…',
  approveRetryHint:
    'Ba ku ga buƙatar ba? Idan lokacin wannan buƙata ya ƙare, za ku iya sake gwadawa.',
  approveNoData: 'Buƙatar tana aiki ba tare da data ta waya ba.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Dole ne a cike wannan wuri.',
  sending: 'Ana aikawa…',
  change: 'canza',
  invalid: 'Ku duba wannan bayani.',
  phoneInvalid: (digits) => `Ku shigar da lambobi ${digits} bayan lambar ƙasa.`,
  idLength: 'Lambar shaida tana da lambobi 13.',
  idInvalid: 'Wannan lambar shaida ba daidai ba ce.',
  bankRequired: 'Ku zaɓi bankinku.',
  fixFields: (count) => (count === 1 ? 'Ku gyara wuri 1.' : `Ku gyara wurare ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Wannan shafi ba shi da izinin karɓar wannan biya.',
    SESSION_CLOSED: 'An rufe wannan biya.',
    SESSION_EXPIRED: 'Lokacin wannan biya ya ƙare.',
    UPSTREAM_UNAVAILABLE:
      'Mai ba da sabis na biya ba ya samuwa. Ku sake gwadawa nan ba da jimawa ba.',
    UPSTREAM_TIMEOUT: 'Mai ba da sabis na biya yana jinkirin amsawa. Muna dubawa.',
    RATE_LIMITED: 'Ƙoƙari ya yi yawa. Ku jira minti ɗaya.',
    ATTEMPT_IN_PROGRESS: 'Akwai wani biya da ake yi a yanzu.',
    COUNTRY_NOT_AVAILABLE: 'Wannan ƙasa ba ta samuwa.',
    METHOD_NOT_AVAILABLE: 'Wannan hanyar biya ba ta samuwa.',
    VALIDATION_FAILED: 'Ku duba wuraren da aka nuna.',
    UPSTREAM_REJECTED: 'Mai ba da sabis na biya ya ƙi wannan biya.',
    MERCHANT_UNAVAILABLE: 'Wannan shago ba zai iya karɓar biya a yanzu ba.',
    UPSTREAM_AUTH: 'Ba a iya biya na ɗan lokaci. Ku sake gwadawa daga baya.',
    RATE_LIMITED_PHONE:
      'An aika buƙatun biya da yawa zuwa wannan lambar waya. Ku sake gwadawa daga baya, ko ku biya ta wata hanya.',
    RATE_LIMITED_SESSION:
      'Buƙatun biya sun yi yawa a wannan oda. Ku jira ’yan mintuna, sannan ku sake gwadawa.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Ba ku da haɗin intanet. Za mu sabunta wannan shafi idan kun dawo.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Dole ne a cike wannan wuri.',
  sending: 'Ana aikawa…',
  otpHeading: 'Ku shigar da lambarku',
  otpBody: 'Mun aika lambar amfani sau ɗaya zuwa wayarku.',
  otpUnconfirmed:
    'Ba mu iya tabbatar da cewa lambarku ta isa ga mai ba da sabis na biya ba. Ku sake shigar da ita: lambar da ya riga ya karɓa ba za ta sa a caje ku sau biyu ba.',
  otpLabel: 'Lambar amfani sau ɗaya',
  otpInvalidFormat: 'Ku shigar da lambobin da ke cikin lambar.',
  otpSubmit: 'Tabbatar',
  expiresIn: (time) => `Za ta ƙare cikin ${time}`,
  codeExpired: 'Lambar ta ƙare.',
  triesLeft: (count) => `Saura gwaji ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Wannan shafi ba shi da izinin karɓar wannan biya.',
    SESSION_CLOSED: 'An rufe wannan biya.',
    SESSION_EXPIRED: 'Lokacin wannan biya ya ƙare.',
    UPSTREAM_UNAVAILABLE:
      'Mai ba da sabis na biya ba ya samuwa. Ku sake gwadawa nan ba da jimawa ba.',
    UPSTREAM_TIMEOUT: 'Mai ba da sabis na biya yana jinkirin amsawa. Muna dubawa.',
    RATE_LIMITED: 'Ƙoƙari ya yi yawa. Ku jira minti ɗaya.',
    NO_ATTEMPT_WAITING: 'Babu wani biya da ke jiran lamba.',
    OTP_INVALID: 'Wannan lambar ba daidai ba ce.',
    OTP_EXPIRED: 'Lambar ta ƙare.',
    OTP_LOCKED: 'Lambobin da ba daidai ba sun yi yawa. An kulle wannan biya.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Lambar ta ƙare',
    otp_locked: 'Lambobin da ba daidai ba sun yi yawa',
    account_expired: 'Asusun ya ƙare kafin kuɗin da aka tura su iso',
    prompt_unanswered: 'Ba a amince da buƙatar cikin lokaci ba',
    redirect_cancelled: 'An soke biyan a shafin banki',
    redirect_unanswered: 'Ba a kammala izinin cikin lokaci ba',
  },
  ifPaid: 'Idan kun riga kun biya, wannan shafi zai sabunta.',
  reviewHeading: 'Ana duba biyan',
  mismatchBody:
    'Mun karɓi biya da bai dace da wannan oda ba (misali, adadin kuɗi daban). An sanar da shagon kuma za su tuntuɓe ku; kada ku sake biya sai idan sun nemi hakan.',
  reviewBody:
    'Ba mu iya tabbatar da wannan biya ba tukuna. An sanar da shagon; kada ku sake biya sai idan sun nemi hakan.',
  closedConfirming: 'Har yanzu ana tabbatar da biyanku na ƙarshe.',
  successHeading: 'An karɓi biya',
  successBody: (amount) => `Mun gode. Kun biya ${amount}.`,
  failureHeading: 'Ba a kammala biyan ba',
  failureFailed: 'Biyan bai yi nasara ba.',
  failureClosed: 'An rufe wannan biya.',
  failureReason: (reason) => `Dalili: ${reason}`,
  retry: 'Sake gwadawa',
  otherMethod: 'Yi amfani da wata hanya',
  expiredHeading: 'Lokacin wannan biya ya ƙare',
  expiredBody: 'Ku koma shagon don sake farawa.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Ci gaba da ${method}`,
  redirectBody: 'Ku ba da izinin biyan a sabuwar taga, sannan ku dawo nan.',
  redirectButton: (method) => `Ci gaba zuwa ${method}`,
  redirectWaiting: 'Muna jiran ɗayan tagar…',
  redirectReopen: 'Sake buɗe tagar',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Biya ta hanyar tura kuɗi daga banki',
  transferBody: (amount) => `Ku tura daidai ${amount} zuwa wannan asusu.`,
  bankName: 'Banki',
  accountNumber: 'Lambar asusu',
  amount: 'Adadin kuɗi',
  copyButton: 'Kwafa',
  copy: (what) => `Kwafi ${what.toLowerCase()}`,
  copied: (what) => `An kwafi ${what.toLowerCase()}.`,
  copyFailed: 'Ba a iya kwafa ba. Ku zaɓi rubutun.',
  accountExpiresIn: (time) => `Asusun zai rufe cikin ${time}`,
  accountExpired: 'An rufe wannan asusu.',
  transferWaiting: 'Za mu tabbatar da zarar kuɗinku sun iso.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Ana tabbatar da biyanku',
  waitBody: 'Kada ku sake biya; wannan shafi zai sabunta da kansa.',
  waitChecking:
    'Muna tambayar mai ba da sabis na biya ko lambarku ta isa; wannan shafi zai sabunta da kansa.',
};

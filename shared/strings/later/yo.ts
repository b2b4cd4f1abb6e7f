/**
 * Yorùbá: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Ẹ fọwọ́ sí i lórí fóònù yín',
  approveSent: (amount, mobile) => `A ti fi ìbéèrè ìsanwó ${amount} ránṣẹ́ sí ${mobile}.`,
  approveSteps: [
    'Ẹ ṣí ìbéèrè náà lórí fóònù yín.',
    'Ẹ ṣàyẹ̀wò iye owó náà.',
    'Ẹ tẹ PIN yín láti fọwọ́ sí i.',
  ],
  approveWaiting: 'À ń dúró de ìfọwọ́sí yín…',
  approveRetryHint: 'Ẹ kò rí ìbéèrè náà? Nígbà tí àkókò ìbéèrè yìí bá kọjá, ẹ lè tún gbìyànjú.',
  approveNoData: 'Ìbéèrè náà ń ṣiṣẹ́ láìsí dátà fóònù.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Ẹ gbọ́dọ̀ kún apá yìí.',
  sending: 'Ó ń ránṣẹ́…',
  change: 'yí i padà',
  invalid: 'Ẹ ṣàyẹ̀wò ohun tí ẹ kọ.',
  phoneInvalid: (digits) => `Ẹ tẹ óńkà ${digits} lẹ́yìn kóòdù orílẹ̀-èdè.`,
  idLength: 'Nọ́ńbà ìdánimọ̀ ní óńkà 13.',
  idInvalid: 'Nọ́ńbà ìdánimọ̀ yìí kò tọ́.',
  bankRequired: 'Ẹ yan báńkì yín.',
  fixFields: (count) => `Ẹ ṣàtúnṣe apá ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ojú-ìwé yìí kò ní àṣẹ láti gba ìsanwó yìí.',
    SESSION_CLOSED: 'A ti pa ìsanwó yìí dé.',
    SESSION_EXPIRED: 'Àkókò ìsanwó yìí ti kọjá.',
    UPSTREAM_UNAVAILABLE: 'Olùpèsè ìsanwó kò sí lárọ̀ọ́wọ́tó. Ẹ tún gbìyànjú láìpẹ́.',
    UPSTREAM_TIMEOUT: 'Olùpèsè ìsanwó ń pẹ́ kó tó dáhùn. À ń ṣàyẹ̀wò.',
    RATE_LIMITED: 'Ẹ ti gbìyànjú jù. Ẹ dúró fún ìṣẹ́jú kan.',
    ATTEMPT_IN_PROGRESS: 'Ìsanwó kan ti ń lọ lọ́wọ́.',
    COUNTRY_NOT_AVAILABLE: 'Orílẹ̀-èdè yìí kò sí lárọ̀ọ́wọ́tó.',
    METHOD_NOT_AVAILABLE: 'Ọ̀nà ìsanwó yìí kò sí lárọ̀ọ́wọ́tó.',
    VALIDATION_FAILED: 'Ẹ ṣàyẹ̀wò àwọn apá tí a sàmì sí.',
    UPSTREAM_REJECTED: 'Olùpèsè ìsanwó kọ ìsanwó yìí.',
    MERCHANT_UNAVAILABLE: 'Ilé ìtajà yìí kò lè gba ìsanwó báyìí.',
    UPSTREAM_AUTH: 'Ìsanwó kò ṣeé ṣe fún ìgbà díẹ̀. Ẹ tún gbìyànjú nígbà míì.',
    RATE_LIMITED_PHONE:
      'A ti fi ìbéèrè ìsanwó tó pọ̀ jù ránṣẹ́ sí nọ́ńbà fóònù yìí. Ẹ tún gbìyànjú nígbà míì, tàbí ẹ sanwó lọ́nà míì.',
    RATE_LIMITED_SESSION:
      'Ìbéèrè ìsanwó ti pọ̀ jù fún ìsanwó yìí. Ẹ dúró fún ìṣẹ́jú díẹ̀, lẹ́yìn náà ẹ tún gbìyànjú.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Ẹ kò sí lórí ayélujára. A ó ṣe àtúnṣe ojú-ìwé yìí nígbà tí ẹ bá padà dé.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Ẹ gbọ́dọ̀ kún apá yìí.',
  sending: 'Ó ń ránṣẹ́…',
  otpHeading: 'Ẹ tẹ kóòdù yín',
  otpBody: 'A ti fi kóòdù ẹ̀ẹ̀kan ṣoṣo ránṣẹ́ sí fóònù yín.',
  otpUnconfirmed:
    'A kò lè jẹ́rìí sí i pé kóòdù yín dé ọ̀dọ̀ olùpèsè ìsanwó. Ẹ tún un tẹ̀: kóòdù tí ó ti gbà tẹ́lẹ̀ kò ní mú kí ẹ sanwó lẹ́ẹ̀mejì.',
  otpLabel: 'Kóòdù ẹ̀ẹ̀kan ṣoṣo',
  otpInvalidFormat: 'Ẹ tẹ àwọn óńkà inú kóòdù náà.',
  otpSubmit: 'Jẹ́rìí sí i',
  expiresIn: (time) => `Yóò parí lẹ́yìn ${time}`,
  codeExpired: 'Àkókò kóòdù náà ti kọjá.',
  triesLeft: (count) => `Ó ku àǹfààní ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ojú-ìwé yìí kò ní àṣẹ láti gba ìsanwó yìí.',
    SESSION_CLOSED: 'A ti pa ìsanwó yìí dé.',
    SESSION_EXPIRED: 'Àkókò ìsanwó yìí ti kọjá.',
    UPSTREAM_UNAVAILABLE: 'Olùpèsè ìsanwó kò sí lárọ̀ọ́wọ́tó. Ẹ tún gbìyànjú láìpẹ́.',
    UPSTREAM_TIMEOUT: 'Olùpèsè ìsanwó ń pẹ́ kó tó dáhùn. À ń ṣàyẹ̀wò.',
    RATE_LIMITED: 'Ẹ ti gbìyànjú jù. Ẹ dúró fún ìṣẹ́jú kan.',
    NO_ATTEMPT_WAITING: 'Kò sí ìsanwó tí ń dúró de kóòdù.',
    OTP_INVALID: 'Kóòdù yẹn kò tọ́.',
    OTP_EXPIRED: 'Àkókò kóòdù náà ti kọjá.',
    OTP_LOCKED: 'Kóòdù tí kò tọ́ ti pọ̀ jù. A ti tìpa ìsanwó yìí.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Àkókò kóòdù náà ti kọjá',
    otp_locked: 'Kóòdù tí kò tọ́ ti pọ̀ jù',
    account_expired: 'Àkókò àkántì náà kọjá kí owó tó dé',
    prompt_unanswered: 'A kò fọwọ́ sí ìbéèrè náà lásìkò',
    redirect_cancelled: 'A fagi lé ìsanwó náà lórí ojú-ìwé báńkì',
    redirect_unanswered: 'A kò parí ìfúnni-láṣẹ náà lásìkò',
  },
  ifPaid: 'Bí ẹ bá ti sanwó, ojú-ìwé yìí yóò ṣe àtúnṣe.',
  reviewHeading: 'À ń ṣàyẹ̀wò ìsanwó náà',
  mismatchBody:
    'A gba ìsanwó kan tí kò bá ìbéèrè yìí mu (fún àpẹẹrẹ, iye owó tó yàtọ̀). A ti sọ fún ilé ìtajà, wọn yóò sì kàn sí yín; ẹ má ṣe tún sanwó àyàfi tí wọ́n bá béèrè.',
  reviewBody:
    'A kò tíì lè jẹ́rìí sí ìsanwó yìí. A ti sọ fún ilé ìtajà; ẹ má ṣe tún sanwó àyàfi tí wọ́n bá béèrè.',
  closedConfirming: 'À ń jẹ́rìí sí ìsanwó yín tó kẹ́yìn lọ́wọ́.',
  successHeading: 'A ti gba ìsanwó',
  successBody: (amount) => `Ẹ ṣé. Ẹ ti san ${amount}.`,
  failureHeading: 'Ìsanwó kò parí',
  failureFailed: 'Ìsanwó náà kò yọrí sí rere.',
  failureClosed: 'A ti pa ìsanwó yìí dé.',
  failureReason: (reason) => `Ìdí: ${reason}`,
  retry: 'Ẹ tún gbìyànjú',
  otherMethod: 'Ẹ lo ọ̀nà míì',
  expiredHeading: 'Àkókò ìsanwó yìí ti kọjá',
  expiredBody: 'Ẹ padà sí ilé ìtajà láti bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Tẹ̀síwájú pẹ̀lú ${method}`,
  redirectBody: 'Ẹ fún ìsanwó náà láṣẹ nínú fèrèsé tuntun, lẹ́yìn náà ẹ padà síbí.',
  redirectButton: (method) => `Tẹ̀síwájú sí ${method}`,
  redirectWaiting: 'À ń dúró de fèrèsé kejì…',
  redirectReopen: 'Tún fèrèsé náà ṣí',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Sanwó nípasẹ̀ ìfiránṣẹ́ owó ní báńkì',
  transferBody: (amount) => `Ẹ fi ${amount} gẹ́lẹ́ ránṣẹ́ sí àkántì yìí.`,
  bankName: 'Báńkì',
  accountNumber: 'Nọ́ńbà àkántì',
  amount: 'Iye owó',
  copyButton: 'Ṣe ẹ̀dà',
  copy: (what) => `Ṣe ẹ̀dà ${what.toLowerCase()}`,
  copied: (what) => `A ti ṣe ẹ̀dà ${what.toLowerCase()}.`,
  copyFailed: 'A kò lè ṣe ẹ̀dà. Ẹ yan ọ̀rọ̀ náà.',
  accountExpiresIn: (time) => `Àkántì náà yóò tì lẹ́yìn ${time}`,
  accountExpired: 'A ti ti àkántì yìí pa.',
  transferWaiting: 'A ó jẹ́rìí sí i ní kété tí owó yín bá dé.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'À ń jẹ́rìí sí ìsanwó yín',
  waitBody: 'Ẹ má ṣe tún sanwó; ojú-ìwé yìí yóò ṣe àtúnṣe fúnra rẹ̀.',
  waitChecking:
    'À ń bá olùpèsè ìsanwó ṣàyẹ̀wò bóyá kóòdù yín dé; ojú-ìwé yìí yóò ṣe àtúnṣe fúnra rẹ̀.',
};

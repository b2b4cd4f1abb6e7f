/**
 * Lingála: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Ndima na telefone na yo',
  approveSent: (amount, mobile) => `Totindi bosenga ya ${amount} na ${mobile}.`,
  approveSteps: [
    'Fungola bosenga na telefone na yo.',
    'Tala motuya ya mbongo.',
    'Koma PIN na yo mpo na kondima.',
  ],
  approveWaiting: 'Tozali kozela ondima…',
  approveRetryHint: 'Bosenga eyei te? Soki ntango ya bosenga oyo esili, okoki komeka lisusu.',
  approveNoData: 'Bosenga esalaka kozanga data ya telefone.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Esengeli kotondisa esika oyo.',
  sending: 'Ezali kotinda…',
  change: 'kobongola',
  invalid: 'Tala lisusu oyo okomi.',
  phoneInvalid: (digits) => `Koma mituya ${digits} sima ya kode ya ekolo.`,
  idLength: 'Nimero ya idantite ezali na mituya 13.',
  idInvalid: 'Nimero ya idantite oyo ezali malamu te.',
  bankRequired: 'Pona banki na yo.',
  fixFields: (count) => (count === 1 ? 'Bongisa esika 1.' : `Bongisa bisika ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Lokasa oyo ezali na ndingisa te ya kozwa kofuta oyo.',
    SESSION_CLOSED: 'Kofuta oyo ekangami.',
    SESSION_EXPIRED: 'Ntango ya kofuta oyo esili.',
    UPSTREAM_UNAVAILABLE:
      'Mopesi ya mosala ya kofuta azali te sikoyo. Meka lisusu nsima ya mwa ntango.',
    UPSTREAM_TIMEOUT: 'Mopesi ya mosala ya kofuta azali koumela kozongisa eyano. Tozali kotala.',
    RATE_LIMITED: 'Omeki mbala mingi. Zela miniti moko.',
    ATTEMPT_IN_PROGRESS: 'Kofuta mosusu ezali kosalema sikoyo.',
    COUNTRY_NOT_AVAILABLE: 'Ekolo oyo ezali te.',
    METHOD_NOT_AVAILABLE: 'Lolenge ya kofuta oyo ezali te.',
    VALIDATION_FAILED: 'Tala bisika oyo bilakisami.',
    UPSTREAM_REJECTED: 'Mopesi ya mosala ya kofuta aboyi kofuta oyo.',
    MERCHANT_UNAVAILABLE: 'Magazini oyo ekoki kozwa mbongo sikoyo te.',
    UPSTREAM_AUTH: 'Kofuta ekoki kosalema te mpo na mwa ntango. Meka lisusu sima.',
    RATE_LIMITED_PHONE:
      'Masenga ya kofuta ebele etindami na nimero ya telefone oyo. Meka lisusu sima, to futa na lolenge mosusu.',
    RATE_LIMITED_SESSION:
      'Masenga ya kofuta eleki ebele mpo na kofuta oyo. Zela miniti mwa moke, sima meka lisusu.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Ozali na internet te. Tokobongisa lokasa oyo ntango okozonga.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Esengeli kotondisa esika oyo.',
  sending: 'Ezali kotinda…',
  otpHeading: 'Koma kode na yo',
  otpBody: 'Totindeli yo kode ya mbala moko na telefone na yo.',
  otpUnconfirmed:
    'Tokoki te kondimisa ete kode na yo ekomi epai ya mopesi ya mosala ya kofuta. Koma yango lisusu: kode oyo azwaki kala ekofutisa yo mbala mibale te.',
  otpLabel: 'Kode ya mbala moko',
  otpInvalidFormat: 'Koma mituya ya kode.',
  otpSubmit: 'Ndimisa',
  expiresIn: (time) => `Ekosila nsima ya ${time}`,
  codeExpired: 'Kode esili ntango.',
  triesLeft: (count) => `Otikali na mbala ${count} ya komeka.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Lokasa oyo ezali na ndingisa te ya kozwa kofuta oyo.',
    SESSION_CLOSED: 'Kofuta oyo ekangami.',
    SESSION_EXPIRED: 'Ntango ya kofuta oyo esili.',
    UPSTREAM_UNAVAILABLE:
      'Mopesi ya mosala ya kofuta azali te sikoyo. Meka lisusu nsima ya mwa ntango.',
    UPSTREAM_TIMEOUT: 'Mopesi ya mosala ya kofuta azali koumela kozongisa eyano. Tozali kotala.',
    RATE_LIMITED: 'Omeki mbala mingi. Zela miniti moko.',
    NO_ATTEMPT_WAITING: 'Kofuta moko te ezali kozela kode.',
    OTP_INVALID: 'Kode wana ezali malamu te.',
    OTP_EXPIRED: 'Kode esili ntango.',
    OTP_LOCKED: 'Kode ya mabe eleki ebele. Kofuta oyo ekangami.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'Kode esili ntango',
    otp_locked: 'Kode ya mabe eleki ebele',
    account_expired: 'Konti esilaki liboso mbongo etindami ekoma',
    prompt_unanswered: 'Bosenga endimamaki na ntango te',
    redirect_cancelled: 'Kofuta ekatamaki na lokasa ya banki',
    redirect_unanswered: 'Ndingisa esilisamaki na ntango te',
  },
  ifPaid: 'Soki ofutaki, lokasa oyo ekomibongisa.',
  reviewHeading: 'Kofuta ezali kotalelama',
  mismatchBody:
    'Tozwi kofuta oyo ekokani te na mombongo oyo (ndakisa, motuya mosusu). Magazini eyebisami mpe ekosolola na yo; kofuta lisusu te longola se soki esengi yo.',
  reviewBody:
    'Tokoki naino te kondimisa kofuta oyo. Magazini eyebisami; kofuta lisusu te longola se soki esengi yo.',
  closedConfirming: 'Kofuta na yo ya suka ezali naino kondimisama.',
  successHeading: 'Kofuta ezwami',
  successBody: (amount) => `Matondi. Ofuti ${amount}.`,
  failureHeading: 'Kofuta esilaki te',
  failureFailed: 'Kofuta elongi te.',
  failureClosed: 'Kofuta oyo ekangami.',
  failureReason: (reason) => `Ntina: ${reason}`,
  retry: 'Meka lisusu',
  otherMethod: 'Salela lolenge mosusu',
  expiredHeading: 'Ntango ya kofuta oyo esili',
  expiredBody: 'Zonga na magazini mpo na kobanda lisusu.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Kokoba na ${method}`,
  redirectBody: 'Pesa ndingisa ya kofuta na lininisa ya sika, sima zonga awa.',
  redirectButton: (method) => `Kende na ${method}`,
  redirectWaiting: 'Tozali kozela lininisa mosusu…',
  redirectReopen: 'Fungola lininisa lisusu',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Futa na kotinda mbongo na banki',
  transferBody: (amount) => `Tinda mpenza ${amount} na konti oyo.`,
  bankName: 'Banki',
  accountNumber: 'Nimero ya konti',
  amount: 'Motuya',
  copyButton: 'Kopia',
  copy: (what) => `Kopia ${what.toLowerCase()}`,
  copied: (what) => `Ekopiami: ${what.toLowerCase()}.`,
  copyFailed: 'Ekoki kokopiama te. Pona makomi.',
  accountExpiresIn: (time) => `Konti ekokangama nsima ya ${time}`,
  accountExpired: 'Konti oyo ekangami.',
  transferWaiting: 'Tokondimisa kaka ntango mbongo na yo ekokoma.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Kofuta na yo ezali kondimisama',
  waitBody: 'Kofuta lisusu te; lokasa oyo ekomibongisa yango moko.',
  waitChecking:
    'Tozali kotuna mopesi ya mosala ya kofuta soki kode na yo ekomaki; lokasa oyo ekomibongisa yango moko.',
};

/**
 * The shape of the payer-facing strings (shared/strings/): types only.
 *
 * The strings are plain data, read by the widget (widget/localize.ts registers them and loads
 * each language's file as a chunk of its own) and by the hosted page's server render
 * (worker/hosted/widget-strings.ts), which joins every table of a language:
 *
 * - `<code>.ts`, one per code of `LANGUAGES` (languages.ts): the first screens' strings
 *   (`FirstStrings`, first.ts), the default export; a page's first load fetches only the
 *   payer's language.
 * - `later/<code>.ts`, one per code: the later steps' strings of one language, one export per
 *   step with English's keys (`later/en.ts`); the widget fetches the payer's language's only, a
 *   chunk of its own, once a later step is near (widget/later-strings.ts).
 * - `later.ts`: every language's later strings (`LATER`), and `steps/<step>.ts` a later step's
 *   in every language (a {@link StepTable}, the default export), for the server and the checks.
 * - `hosted.ts`: the hosted page's own words in every language (server side only).
 *
 * Adding a language: add its code to LANGUAGES (languages.ts), write `<code>.ts` like fr.ts and
 * `later/<code>.ts` like later/fr.ts, add it to `LATER` (later.ts) and its strings to hosted.ts
 * (the `Record` of each table fails to compile until it has them all), and its loaders to
 * widget/localize.ts's and widget/later-strings.ts's CHUNKS (likewise).
 * Nothing here imports widget or worker code, and no file registers anything on import.
 *
 * Right-to-left languages (`$dir: 'rtl'`): a function wraps each value it is given (an amount,
 * a phone number, a method's name, a time, a reason) in Unicode's left-to-right isolate,
 * `\u2066…\u2069` (the plain-text `<bdi dir="ltr">`), so `+254 712 345 678` and `1,500 EGP`
 * keep their order inside the sentence; `copy`/`copied` get the language's own words and are
 * left alone. The wrapping lives in the language's data, so left-to-right languages and the
 * widget's first load carry none of it. test/shared/strings-completeness.test.ts checks every
 * language of LANGUAGES against English, table by table; test/shared/strings.test.ts checks the
 * left-to-right isolates.
 * @module
 */
import type { MethodKind } from '../method-kinds';
import type { ErrorCode } from '../errors';
import type { LapseReason } from '../view';
import type { Language } from './languages';

/** Error codes the widget explains to the payer, plus `NETWORK` (the request never got an answer). */
export type ExplainedError = ErrorCode | 'NETWORK';

/** Which prompt limit refused an attempt (`RATE_LIMITED` with `details.limit`), worded apart:
 * a phone that received too many prompts, or a session that sent too many. */
export type PromptLimitError = 'RATE_LIMITED_PHONE' | 'RATE_LIMITED_SESSION';

/** Every string the widget shows. Functions take already formatted values. */
export interface Translation {
  /** BCP 47 language code, e.g. `fr`. */
  $code: string;
  /** The language's own name, e.g. `Français`. */
  $name: string;
  $dir: 'ltr' | 'rtl';

  checkout: string;
  loading: string;
  payAmount: (amount: string) => string;
  total: string;

  chooseHeading: string;
  country: string;
  method: string;
  continue: string;
  back: string;
  /** Changes the operator predicted from the number ("MTN MoMo · change"). */
  change: string;
  /** Why a method is greyed out: said before its largest or smallest amount ("Up to"). */
  upTo: string;
  from: string;
  /** Said after the label of a method failing often right now ("is slow right now"). */
  slow: string;
  kindHint: {
    phone_prompt: string;
    operator_prompt: string;
    otp_operator: string;
    redirect_wallet: string;
    bank_eft: string;
    bank_id: string;
    virtual_account: string;
  };

  formHeading: (method: string) => string;
  phone: string;
  phoneHint: (dialCode: string, digits: number) => string;
  /** The number the payer typed, formatted (`+254 712 345 678`), as it will be used. */
  phoneUse: (mobile: string, kind: MethodKind) => string;
  /** The checkbox that confirms the shop's prefilled phone, shown masked (`+232 *****456`). */
  phoneSaved: (masked: string) => string;
  firstName: string;
  lastName: string;
  fullName: string;
  accountName: string;
  accountNameHint: string;
  bank: string;
  bankCode: string;
  bankCodeHint: string;
  chooseBank: string;
  idNumber: string;
  idNumberHint: string;
  required: string;
  invalid: string;
  phoneInvalid: (digits: number) => string;
  idLength: string;
  idInvalid: string;
  bankRequired: string;
  fixFields: (count: number) => string;
  sending: string;

  approveHeading: string;
  approveSent: (amount: string, mobile: string) => string;
  approveSteps: readonly string[];
  approveWaiting: string;
  approveRetryHint: string;
  /** The approve step: the prompt needs no mobile data (optional: a page's own translation may lack it). */
  approveNoData?: string;
  /** While the payer's connection is down (with the live transport's chunk; optional likewise). */
  offline?: string;

  otpHeading: string;
  otpBody: string;
  /** The OTP step after a code whose answer never came: enter it again (no double charge). */
  otpUnconfirmed: string;
  otpLabel: string;
  otpInvalidFormat: string;
  otpSubmit: string;
  expiresIn: (time: string) => string;
  codeExpired: string;
  triesLeft: (count: number) => string;

  transferHeading: string;
  transferBody: (amount: string) => string;
  bankName: string;
  accountNumber: string;
  amount: string;
  copyButton: string;
  copy: (what: string) => string;
  copied: (what: string) => string;
  copyFailed: string;
  accountExpiresIn: (time: string) => string;
  accountExpired: string;
  transferWaiting: string;

  redirectHeading: (method: string) => string;
  redirectBody: string;
  redirectButton: (method: string) => string;
  redirectWaiting: string;
  redirectReopen: string;

  waitHeading: string;
  /** Under "wait" and "confirming": the outcome is on its way; do not pay again. */
  waitBody: string;
  /** Under "confirming" when the code's answer never came: being checked (never "do not pay
   * again": the upstream may not have the code). */
  waitChecking: string;

  /** Why the input window closed (the heading of the "lapsed" step). */
  lapse: Record<LapseReason, string>;
  /** Under a lapsed input or a closed session whose last attempt is still being confirmed. */
  ifPaid: string;
  /** Heading of the "mismatch" and "needs_review" steps. */
  reviewHeading: string;
  mismatchBody: string;
  reviewBody: string;
  /** Under "This checkout is closed." when the session expired or closed while its last
   * attempt is still being confirmed. */
  closedConfirming: string;

  successHeading: string;
  successBody: (amount: string) => string;

  failureHeading: string;
  failureFailed: string;
  failureClosed: string;
  failureReason: (reason: string) => string;
  retry: string;
  otherMethod: string;

  expiredHeading: string;
  expiredBody: string;

  errorHeading: string;
  reload: string;
  /** Messages for error codes; `generic` covers the rest. */
  errors: Partial<Record<ExplainedError | PromptLimitError, string>> & { generic: string };
}

/** A later step's strings (steps/): some of a translation's, errors included. */
export type StepStrings = Partial<Omit<Translation, 'errors'>> & {
  errors?: Partial<Translation['errors']>;
};

/**
 * Another language's strings for the keys of a step's English ones (`T`), error messages too.
 *
 * @example
 * const fr: SameStrings<typeof en> = { otpHeading: 'Saisissez votre code', errors: { … } };
 */
export type SameStrings<T> = {
  [K in keyof T]: K extends 'errors'
    ? { [E in keyof T[K]]: string }
    : K extends keyof Translation
      ? Translation[K]
      : never;
};

/**
 * A later step's strings in every language (steps/<step>.ts): for each code of
 * `LANGUAGES` (languages.ts), the keys of the step's English strings `T`.
 *
 * @example
 * const table: StepTable<typeof en> = { en, fr, sw, pt };
 */
export type StepTable<T> = Readonly<Record<Language, SameStrings<T>>>;

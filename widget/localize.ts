/**
 * Translations, Shoelace/Web Awesome style: one file per locale under `translations/`, each
 * registering a {@link Translation} object with the first screens' strings; the later steps'
 * strings, in every language, come with each step's chunk (`translations/steps/`) and join
 * them ({@link fillTranslation}). The registry lives on `globalThis` so a translation loaded
 * by a separate `<script>` reaches every copy of the widget on the page.
 * @module
 */
import type { MethodKind } from '../shared/method-kinds';
import type { ErrorCode } from '../shared/errors';
import type { LapseReason } from '../shared/view';

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

/** A later step's strings (translations/steps/): some of a translation's, errors included. */
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

interface Registry {
  translations: Map<string, Translation>;
  loading: Map<string, Promise<void>>;
  /** The later steps' strings by language code, for translations registered after them. */
  fills?: Map<string, StepStrings>;
}

const registryKey = Symbol.for('unified-checkout.translations');

function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [registryKey]?: Registry };
  return (scope[registryKey] ??= { translations: new Map(), loading: new Map() });
}

/**
 * Registers translations (a later one for the same code replaces the earlier). The later
 * steps' strings already loaded (see {@link fillTranslation}) fill the keys it lacks.
 *
 * @example
 * import fr from './translations/fr';
 * registerTranslation(fr);
 */
export function registerTranslation(...translations: Translation[]): void {
  for (const t of translations) {
    const code = t.$code.toLowerCase();
    registry().translations.set(code, t);
    fillMissing(t, registry().fills?.get(code) ?? {});
  }
}

/**
 * Adds a later step's `strings` to the translation `code` where it has none of its own: they
 * arrive with the step's chunk (translations/steps/), and a translation the page registered
 * keeps its own wording. Kept for a translation that registers afterwards.
 *
 * @example
 * fillTranslation('fr', { otpHeading: 'Saisissez votre code' });
 */
export function fillTranslation(code: string, strings: StepStrings): void {
  const fills = (registry().fills ??= new Map());
  const earlier = fills.get(code);
  fills.set(code, { ...earlier, ...strings, errors: { ...earlier?.errors, ...strings.errors } });
  const translation = registry().translations.get(code);
  if (translation) fillMissing(translation, strings);
}

/** Copies into `translation` the `strings` (and error messages) whose keys it lacks. */
function fillMissing(translation: Translation, strings: StepStrings): void {
  for (const [key, value] of Object.entries(strings)) {
    if (!(key in translation)) Object.assign(translation, { [key]: value });
  }
  translation.errors = { ...strings.errors, ...translation.errors };
}

/**
 * The codes of the registered translations.
 *
 * @example
 * registeredLocales(); // e.g. ['fr', 'en']: the languages loaded so far
 */
export function registeredLocales(): string[] {
  return [...registry().translations.keys()];
}

/** The translations, each a chunk beside the module (the classic loader starts the page's). */
const CHUNKS: Readonly<Record<string, () => Promise<unknown>>> = {
  en: () => import('./translations/en'),
  fr: () => import('./translations/fr'),
  sw: () => import('./translations/sw'),
  pt: () => import('./translations/pt'),
};

/**
 * Loads the translation chunk of `code` once (it registers itself), with `import()` beside the
 * module that asks, so from the origin that served the widget: a strict CSP allowing that
 * origin in `script-src` is enough. Resolves at once when the translation is already
 * registered; rejects (once, without retrying) when there is no such chunk or it cannot be
 * loaded (the element then asks for English).
 *
 * @example
 * await loadTranslation('fr');
 */
export function loadTranslation(code: string): Promise<void> {
  const { translations, loading } = registry();
  if (translations.has(code)) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    const load = CHUNKS[code];
    pending = load
      ? load().then(() => undefined)
      : Promise.reject(new Error(`unified-checkout: no ${code} translation`));
    loading.set(code, pending);
  }
  return pending;
}

/** A resolved locale: the translation to use and the full tag for number formatting. */
export interface ResolvedLocale {
  translation: Translation;
  /** The requested tag when its language matched (e.g. `fr-CI`), else the translation's code. */
  tag: string;
}

/**
 * Picks the registered translation for an explicit `locale` attribute, else for the first
 * browser language that has one, else English; `null` while none of them has loaded.
 *
 * @example
 * resolveLocale('fr-CI', ['en-US'])?.translation.$code; // 'fr' once fr has loaded
 * resolveLocale('', ['sw-KE', 'en'])?.tag; // 'sw-KE' once sw has loaded
 */
export function resolveLocale(
  requested: string,
  browser: readonly string[],
): ResolvedLocale | null {
  const { translations } = registry();
  for (const tag of [requested, ...browser]) {
    if (!tag) continue;
    const lower = tag.toLowerCase();
    const found = translations.get(lower) ?? translations.get(lower.split('-')[0] ?? '');
    if (found) return { translation: found, tag };
  }
  const en = translations.get('en');
  return en ? { translation: en, tag: 'en' } : null;
}

/**
 * The widget's own words for the hosted page's no-JS steps (worker/hosted/steps.ts): the same
 * translations the widget registers (widget/translations/), every later step's strings joined,
 * so a step reads the same with or without JavaScript.
 * @module
 */
import en from '../../widget/translations/en';
import fr from '../../widget/translations/fr';
import pt from '../../widget/translations/pt';
import sw from '../../widget/translations/sw';
// Each step's strings join the translations above as they load (widget/localize.ts).
import '../../widget/translations/steps/approve';
import '../../widget/translations/steps/attempt';
import '../../widget/translations/steps/otp';
import '../../widget/translations/steps/outcome';
import '../../widget/translations/steps/redirect';
import '../../widget/translations/steps/transfer';
import type { Translation } from '../../widget/localize';
import type { HostedLanguage } from './locale';

const BY_LANGUAGE: Readonly<Record<HostedLanguage, Translation>> = { en, fr, pt, sw };

/**
 * The widget's translation of a hosted page language, complete.
 *
 * @example
 * widgetStrings('fr').otpSubmit; // 'Valider'
 */
export function widgetStrings(language: HostedLanguage): Translation {
  return BY_LANGUAGE[language];
}

/**
 * The redirect step in every language: in that step's chunk (widget/steps/redirect.ts), so a
 * page's first load carries only the first screens' strings (shared/strings/<language>.ts). Each
 * language's strings join its translation when the chunk loads, or when the translation registers
 * later.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  redirectHeading: (method) => `Continue with ${method}`,
  redirectBody: 'Authorize the payment in the new window, then come back here.',
  redirectButton: (method) => `Continue to ${method}`,
  redirectWaiting: 'Waiting for the other window…',
  redirectReopen: 'Open the window again',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
  redirectHeading: (method) => `Continuer avec ${method}`,
  redirectBody:
    'Une nouvelle fenêtre s’ouvre pour autoriser le paiement. Revenez ici une fois terminé.',
  redirectButton: (method) => `Continuer vers ${method}`,
  redirectWaiting: 'Terminez dans l’autre fenêtre. Cette page se met à jour toute seule.',
  redirectReopen: 'Rouvrir la fenêtre',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  redirectHeading: (method) => `Endelea na ${method}`,
  redirectBody: 'Dirisha jipya litafunguka ili uidhinishe malipo. Rudi hapa ukimaliza.',
  redirectButton: (method) => `Endelea kwenda ${method}`,
  redirectWaiting: 'Maliza kwenye dirisha lingine. Ukurasa huu utajisasisha wenyewe.',
  redirectReopen: 'Fungua dirisha tena',
};

/** Português. */
const pt: SameStrings<typeof en> = {
  redirectHeading: (method) => `Continuar com ${method}`,
  redirectBody: 'Abre-se uma nova janela onde autoriza o pagamento. Volte aqui quando terminar.',
  redirectButton: (method) => `Continuar para ${method}`,
  redirectWaiting: 'Termine na outra janela. Esta página atualiza-se sozinha.',
  redirectReopen: 'Abrir a janela novamente',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;

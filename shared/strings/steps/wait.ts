/**
 * The "wait" and "confirming" steps in every language: in the live transport's chunk
 * (transport.ts), whose module those steps ship with (steps/wait.ts), so a page's first load
 * does not carry them.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  waitHeading: 'Your payment is being confirmed',
  waitBody: 'Don’t pay again; this page updates by itself.',
  waitChecking:
    'We are checking with the payment provider whether your code arrived; this page updates by itself.',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
  waitHeading: 'Votre paiement est en cours de confirmation',
  waitBody: 'Ne payez pas une seconde fois : cette page se met à jour toute seule.',
  waitChecking:
    'Nous vérifions auprès du prestataire de paiement si votre code est bien arrivé ; cette page se met à jour toute seule.',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  waitHeading: 'Tunathibitisha malipo yako',
  waitBody: 'Usilipe tena; ukurasa huu utajisasisha wenyewe.',
  waitChecking:
    'Tunakagua na mtoa huduma wa malipo kama msimbo wako ulifika; ukurasa huu utajisasisha wenyewe.',
};

/** Português. */
const pt: SameStrings<typeof en> = {
  waitHeading: 'A confirmar o seu pagamento',
  waitBody: 'Não pague novamente; esta página atualiza-se sozinha.',
  waitChecking:
    'Estamos a verificar junto do prestador de pagamentos se o seu código chegou; esta página atualiza-se sozinha.',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;

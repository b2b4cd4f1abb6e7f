/**
 * The offline notice in every language: in the live transport's chunk (transport.ts), which
 * every page following a session live has loaded before its connection can drop, so a page's
 * first load does not carry it.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  offline: 'You’re offline. We’ll update this when you’re back.',
} satisfies Partial<Translation>;

const fr: SameStrings<typeof en> = {
  offline: 'Vous êtes hors ligne. Nous mettrons cette page à jour à votre retour.',
};

const sw: SameStrings<typeof en> = {
  offline: 'Huna mtandao. Tutasasisha ukurasa huu utakaporudi mtandaoni.',
};

const pt: SameStrings<typeof en> = {
  offline: 'Está sem ligação. Atualizaremos esta página quando voltar a estar online.',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;

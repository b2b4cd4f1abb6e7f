/**
 * The offline notice in every language: in the live transport's chunk (transport.ts), which
 * every page following a session live has loaded before its connection can drop, so a page's
 * first load does not carry it.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** English. */
export const en = {
  offline: 'You’re offline. We’ll update this when you’re back.',
} satisfies Partial<Translation>;

const fr: Pick<Translation, keyof typeof en> = {
  offline: 'Vous êtes hors ligne. Nous mettrons cette page à jour à votre retour.',
};

const sw: Pick<Translation, keyof typeof en> = {
  offline: 'Huna mtandao. Tutasasisha ukurasa huu utakaporudi mtandaoni.',
};

const pt: Pick<Translation, keyof typeof en> = {
  offline: 'Está sem ligação. Atualizaremos esta página quando voltar a estar online.',
};

for (const [code, strings] of Object.entries({ en, fr, sw, pt })) fillTranslation(code, strings);

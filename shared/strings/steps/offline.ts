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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  offline: 'Ba ku da haɗin intanet. Za mu sabunta wannan shafi idan kun dawo.',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  offline: 'Ẹ kò sí lórí ayélujára. A ó ṣe àtúnṣe ojú-ìwé yìí nígbà tí ẹ bá padà dé.',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  offline: 'Ị nọghị n’ịntanetị. Anyị ga-emelite ibe a mgbe ị laghachiri.',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  offline: 'Ntabwo uri kuri interineti. Tuzavugurura uru rupapuro nugaruka.',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  offline: 'Jotuloo internet. Dinañu yeesal xët wii bu nga delsee.',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  offline: 'Awuxhunyiwe ku-inthanethi. Sizobuyekeza leli khasi uma usubuyile.',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  offline: 'Ozali na internet te. Tokobongisa lokasa oyo ntango okozonga.',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  offline: 'أنت غير متصل بالإنترنت. سنحدث هذه الصفحة عند عودة الاتصال.',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  offline: 'ከኢንተርኔት ውጭ ነዎት። ሲመለሱ ይህን ገጽ እናዘምነዋለን።',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

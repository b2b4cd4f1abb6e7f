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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  redirectHeading: (method) => `Ci gaba da ${method}`,
  redirectBody: 'Ku ba da izinin biyan a sabuwar taga, sannan ku dawo nan.',
  redirectButton: (method) => `Ci gaba zuwa ${method}`,
  redirectWaiting: 'Muna jiran ɗayan tagar…',
  redirectReopen: 'Sake buɗe tagar',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  redirectHeading: (method) => `Tẹ̀síwájú pẹ̀lú ${method}`,
  redirectBody: 'Ẹ fún ìsanwó náà láṣẹ nínú fèrèsé tuntun, lẹ́yìn náà ẹ padà síbí.',
  redirectButton: (method) => `Tẹ̀síwájú sí ${method}`,
  redirectWaiting: 'À ń dúró de fèrèsé kejì…',
  redirectReopen: 'Tún fèrèsé náà ṣí',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  redirectHeading: (method) => `Gaa n’ihu na ${method}`,
  redirectBody: 'Nye ikike maka ịkwụ ụgwọ ahụ na windo ọhụrụ, wee lọghachi ebe a.',
  redirectButton: (method) => `Gaa na ${method}`,
  redirectWaiting: 'Anyị na-eche windo nke ọzọ…',
  redirectReopen: 'Mepee windo ahụ ọzọ',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  redirectHeading: (method) => `Komeza na ${method}`,
  redirectBody: 'Emeza ubwishyu mu idirishya rishya, hanyuma ugaruke hano.',
  redirectButton: (method) => `Komeza kuri ${method}`,
  redirectWaiting: 'Dutegereje irindi dirishya…',
  redirectReopen: 'Ongera ufungure idirishya',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  redirectHeading: (method) => `Dem ci kanam ak ${method}`,
  redirectBody: 'Nangul fey bi ci palanteer bu bees bi, ba noppi nga dellusi fii.',
  redirectButton: (method) => `Dem ci ${method}`,
  redirectWaiting: 'Ñu ngi xaar beneen palanteer bi…',
  redirectReopen: 'Ubbiwaatal palanteer bi',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  redirectHeading: (method) => `Qhubeka nge-${method}`,
  redirectBody: 'Gunyaza inkokhelo ewindini elisha, bese ubuyela lapha.',
  redirectButton: (method) => `Qhubekela ku-${method}`,
  redirectWaiting: 'Silinde elinye iwindi…',
  redirectReopen: 'Vula iwindi futhi',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  redirectHeading: (method) => `Kokoba na ${method}`,
  redirectBody: 'Pesa ndingisa ya kofuta na lininisa ya sika, sima zonga awa.',
  redirectButton: (method) => `Kende na ${method}`,
  redirectWaiting: 'Tozali kozela lininisa mosusu…',
  redirectReopen: 'Fungola lininisa lisusu',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  redirectHeading: (method) => `المتابعة عبر \u2066${method}\u2069`,
  redirectBody: 'وافق على الدفع في النافذة الجديدة، ثم عد إلى هنا.',
  redirectButton: (method) => `المتابعة إلى \u2066${method}\u2069`,
  redirectWaiting: 'بانتظار النافذة الأخرى…',
  redirectReopen: 'افتح النافذة مجددًا',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  redirectHeading: (method) => `በ${method} ይቀጥሉ`,
  redirectBody: 'ክፍያውን በአዲሱ መስኮት ይፍቀዱ፣ ከዚያ ወደዚህ ይመለሱ።',
  redirectButton: (method) => `ወደ ${method} ይቀጥሉ`,
  redirectWaiting: 'ሌላኛውን መስኮት በመጠባበቅ ላይ…',
  redirectReopen: 'መስኮቱን እንደገና ይክፈቱ',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

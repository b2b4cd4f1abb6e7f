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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  waitHeading: 'Ana tabbatar da biyanku',
  waitBody: 'Kada ku sake biya; wannan shafi zai sabunta da kansa.',
  waitChecking:
    'Muna tambayar mai ba da sabis na biya ko lambarku ta isa; wannan shafi zai sabunta da kansa.',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  waitHeading: 'À ń jẹ́rìí sí ìsanwó yín',
  waitBody: 'Ẹ má ṣe tún sanwó; ojú-ìwé yìí yóò ṣe àtúnṣe fúnra rẹ̀.',
  waitChecking:
    'À ń bá olùpèsè ìsanwó ṣàyẹ̀wò bóyá kóòdù yín dé; ojú-ìwé yìí yóò ṣe àtúnṣe fúnra rẹ̀.',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  waitHeading: 'A na-akwado ịkwụ ụgwọ gị',
  waitBody: 'Akwụla ụgwọ ọzọ; ibe a ga-emelite onwe ya.',
  waitChecking:
    'Anyị na-ajụ onye na-enye ọrụ ịkwụ ụgwọ ma koodu gị ruru; ibe a ga-emelite onwe ya.',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  waitHeading: 'Ubwishyu bwawe burimo kwemezwa',
  waitBody: 'Ntiwongere kwishyura; uru rupapuro ruzivugurura ubwarwo.',
  waitChecking:
    'Turimo kubaza utanga serivisi yo kwishyura niba kode yawe yageze; uru rupapuro ruzivugurura ubwarwo.',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  waitHeading: 'Ñu ngi dëggal sa fey',
  waitBody: 'Bul feyaat; xët wii dina yeesu boppam.',
  waitChecking: 'Ñu ngi laaj sarwiisu fey bi ndax sa kood agsi na; xët wii dina yeesu boppam.',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  waitHeading: 'Inkokhelo yakho iyaqinisekiswa',
  waitBody: 'Ungaphinde ukhokhe; leli khasi lizizibuyekeza.',
  waitChecking:
    'Sihlola kumhlinzeki wokukhokha ukuthi ikhodi yakho ifikile yini; leli khasi lizizibuyekeza.',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  waitHeading: 'Kofuta na yo ezali kondimisama',
  waitBody: 'Kofuta lisusu te; lokasa oyo ekomibongisa yango moko.',
  waitChecking:
    'Tozali kotuna mopesi ya mosala ya kofuta soki kode na yo ekomaki; lokasa oyo ekomibongisa yango moko.',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  waitHeading: 'جارٍ تأكيد دفعتك',
  waitBody: 'لا تدفع مرة أخرى؛ ستُحدَث هذه الصفحة تلقائيًا.',
  waitChecking: 'نتحقق مع مزود الدفع من وصول رمزك؛ ستُحدَث هذه الصفحة تلقائيًا.',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  waitHeading: 'ክፍያዎ በመረጋገጥ ላይ ነው',
  waitBody: 'እንደገና አይክፈሉ፤ ይህ ገጽ በራሱ ይዘመናል።',
  waitChecking: 'ኮድዎ መድረሱን ከክፍያ አቅራቢው ጋር እያጣራን ነው፤ ይህ ገጽ በራሱ ይዘመናል።',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

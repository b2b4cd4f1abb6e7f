/**
 * The bank-transfer step in every language: in that step's chunk (widget/steps/transfer.ts), so a
 * page's first load carries only the first screens' strings (shared/strings/<language>.ts). Each
 * language's strings join its translation when the chunk loads, or when the translation registers
 * later.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  transferHeading: 'Pay by bank transfer',
  transferBody: (amount) => `Transfer exactly ${amount} to this account.`,
  bankName: 'Bank',
  accountNumber: 'Account number',
  amount: 'Amount',
  copyButton: 'Copy',
  copy: (what) => `Copy ${what.toLowerCase()}`,
  copied: (what) => `${what} copied.`,
  copyFailed: 'Could not copy. Select the text.',
  accountExpiresIn: (time) => `Account closes in ${time}`,
  accountExpired: 'This account has closed.',
  transferWaiting: 'We confirm as soon as your transfer arrives.',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
  transferHeading: 'Payer par virement',
  transferBody: (amount) =>
    `Virez exactement ${amount} sur ce compte depuis l’application de votre banque.`,
  bankName: 'Banque',
  accountNumber: 'Numéro de compte',
  amount: 'Montant',
  copyButton: 'Copier',
  copy: (what) => `Copier : ${what.toLowerCase()}`,
  copied: (what) => `${what} copié.`,
  copyFailed: 'Copie impossible. Sélectionnez le texte.',
  accountExpiresIn: (time) => `Ce compte se ferme dans ${time}`,
  accountExpired: 'Ce compte est fermé.',
  transferWaiting: 'Nous confirmons automatiquement dès réception de votre virement.',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  transferHeading: 'Lipa kwa uhamisho wa benki',
  transferBody: (amount) =>
    `Hamisha ${amount} kamili kwenda akaunti hii kupitia programu ya benki yako.`,
  bankName: 'Benki',
  accountNumber: 'Namba ya akaunti',
  amount: 'Kiasi',
  copyButton: 'Nakili',
  copy: (what) => `Nakili ${what.toLowerCase()}`,
  copied: (what) => `${what} imenakiliwa.`,
  copyFailed: 'Imeshindwa kunakili. Chagua maandishi badala yake.',
  accountExpiresIn: (time) => `Akaunti hii inafungwa baada ya ${time}`,
  accountExpired: 'Akaunti hii imefungwa.',
  transferWaiting: 'Tutathibitisha wenyewe uhamisho wako ukifika.',
};

/** Português. */
const pt: SameStrings<typeof en> = {
  transferHeading: 'Pagar por transferência bancária',
  transferBody: (amount) =>
    `Transfira exatamente ${amount} para esta conta a partir da app do seu banco.`,
  bankName: 'Banco',
  accountNumber: 'Número de conta',
  amount: 'Montante',
  copyButton: 'Copiar',
  copy: (what) => `Copiar ${what.toLowerCase()}`,
  copied: (what) => `${what} copiado.`,
  copyFailed: 'Não foi possível copiar. Selecione o texto.',
  accountExpiresIn: (time) => `Esta conta fecha dentro de ${time}`,
  accountExpired: 'Esta conta foi fechada.',
  transferWaiting: 'Confirmamos automaticamente quando a transferência chegar.',
};

/** Hausa. */
const ha: SameStrings<typeof en> = {
  transferHeading: 'Biya ta hanyar tura kuɗi daga banki',
  transferBody: (amount) => `Ku tura daidai ${amount} zuwa wannan asusu.`,
  bankName: 'Banki',
  accountNumber: 'Lambar asusu',
  amount: 'Adadin kuɗi',
  copyButton: 'Kwafa',
  copy: (what) => `Kwafi ${what.toLowerCase()}`,
  copied: (what) => `An kwafi ${what.toLowerCase()}.`,
  copyFailed: 'Ba a iya kwafa ba. Ku zaɓi rubutun.',
  accountExpiresIn: (time) => `Asusun zai rufe cikin ${time}`,
  accountExpired: 'An rufe wannan asusu.',
  transferWaiting: 'Za mu tabbatar da zarar kuɗinku sun iso.',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  transferHeading: 'Sanwó nípasẹ̀ ìfiránṣẹ́ owó ní báńkì',
  transferBody: (amount) => `Ẹ fi ${amount} gẹ́lẹ́ ránṣẹ́ sí àkántì yìí.`,
  bankName: 'Báńkì',
  accountNumber: 'Nọ́ńbà àkántì',
  amount: 'Iye owó',
  copyButton: 'Ṣe ẹ̀dà',
  copy: (what) => `Ṣe ẹ̀dà ${what.toLowerCase()}`,
  copied: (what) => `A ti ṣe ẹ̀dà ${what.toLowerCase()}.`,
  copyFailed: 'A kò lè ṣe ẹ̀dà. Ẹ yan ọ̀rọ̀ náà.',
  accountExpiresIn: (time) => `Àkántì náà yóò tì lẹ́yìn ${time}`,
  accountExpired: 'A ti ti àkántì yìí pa.',
  transferWaiting: 'A ó jẹ́rìí sí i ní kété tí owó yín bá dé.',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  transferHeading: 'Kwụọ site na mbufe ego n’ụlọ akụ',
  transferBody: (amount) => `Zipu kpọmkwem ${amount} na akaụntụ a.`,
  bankName: 'Ụlọ akụ',
  accountNumber: 'Nọmba akaụntụ',
  amount: 'Ego ole',
  copyButton: 'Detuo',
  copy: (what) => `Detuo ${what.toLowerCase()}`,
  copied: (what) => `E detuola ${what.toLowerCase()}.`,
  copyFailed: 'Enweghị ike idetu. Họrọ ederede ahụ.',
  accountExpiresIn: (time) => `Akaụntụ ahụ ga-emechi n’ime ${time}`,
  accountExpired: 'Emechiela akaụntụ a.',
  transferWaiting: 'Anyị ga-akwado ozugbo ego gị rutere.',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  transferHeading: 'Ishyura wohereza amafaranga muri banki',
  transferBody: (amount) => `Ohereza neza neza ${amount} kuri iyi konti.`,
  bankName: 'Banki',
  accountNumber: 'Nimero ya konti',
  amount: 'Amafaranga',
  copyButton: 'Koporora',
  copy: (what) => `Koporora ${what.toLowerCase()}`,
  copied: (what) => `Byakopowe: ${what.toLowerCase()}.`,
  copyFailed: 'Ntibyashobotse gukoporora. Hitamo inyandiko.',
  accountExpiresIn: (time) => `Konti irafungwa mu ${time}`,
  accountExpired: 'Iyi konti yafunzwe.',
  transferWaiting: 'Turemeza ako kanya amafaranga yawe nagera.',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  transferHeading: 'Fey ak virement bànk',
  transferBody: (amount) => `Yónneel ${amount} ci kontu bii, mu mat sëkk.`,
  bankName: 'Bànk',
  accountNumber: 'Nimero kontu',
  amount: 'Xaalis bi',
  copyButton: 'Duppi',
  copy: (what) => `Duppi ${what.toLowerCase()}`,
  copied: (what) => `Dupp nañu ${what.toLowerCase()}.`,
  copyFailed: 'Mënunu ko duppi. Tànnal mbind mi.',
  accountExpiresIn: (time) => `Kontu bi dina tëju ci ${time}`,
  accountExpired: 'Kontu bii tëju na.',
  transferWaiting: 'Dinañu ko dëggal bu sa xaalis agsee.',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  transferHeading: 'Khokha ngokudlulisela ebhange',
  transferBody: (amount) => `Dlulisela imali engu-${amount} ncamashi kule akhawunti.`,
  bankName: 'Ibhange',
  accountNumber: 'Inombolo ye-akhawunti',
  amount: 'Inani',
  copyButton: 'Kopisha',
  copy: (what) => `Kopisha ${what.toLowerCase()}`,
  copied: (what) => `Kukopishiwe: ${what.toLowerCase()}.`,
  copyFailed: 'Akukwazanga ukukopisha. Khetha umbhalo.',
  accountExpiresIn: (time) => `I-akhawunti ivalwa ngemva kuka-${time}`,
  accountExpired: 'Le akhawunti ivaliwe.',
  transferWaiting: 'Sizoqinisekisa ngokushesha lapho imali yakho ifika.',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  transferHeading: 'Futa na kotinda mbongo na banki',
  transferBody: (amount) => `Tinda mpenza ${amount} na konti oyo.`,
  bankName: 'Banki',
  accountNumber: 'Nimero ya konti',
  amount: 'Motuya',
  copyButton: 'Kopia',
  copy: (what) => `Kopia ${what.toLowerCase()}`,
  copied: (what) => `Ekopiami: ${what.toLowerCase()}.`,
  copyFailed: 'Ekoki kokopiama te. Pona makomi.',
  accountExpiresIn: (time) => `Konti ekokangama nsima ya ${time}`,
  accountExpired: 'Konti oyo ekangami.',
  transferWaiting: 'Tokondimisa kaka ntango mbongo na yo ekokoma.',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  transferHeading: 'الدفع بتحويل بنكي',
  transferBody: (amount) => `حول \u2066${amount}\u2069 بالضبط إلى هذا الحساب.`,
  bankName: 'البنك',
  accountNumber: 'رقم الحساب',
  amount: 'المبلغ',
  copyButton: 'نسخ',
  copy: (what) => `نسخ ${what}`,
  copied: (what) => `تم نسخ ${what}.`,
  copyFailed: 'تعذر النسخ. حدد النص.',
  accountExpiresIn: (time) => `يُغلق الحساب خلال \u2066${time}\u2069`,
  accountExpired: 'أُغلق هذا الحساب.',
  transferWaiting: 'سنؤكد الدفع فور وصول تحويلك.',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  transferHeading: 'በባንክ ማስተላለፍ ይክፈሉ',
  transferBody: (amount) => `በትክክል ${amount} ወደዚህ ሂሳብ ያስተላልፉ።`,
  bankName: 'ባንክ',
  accountNumber: 'የሂሳብ ቁጥር',
  amount: 'መጠን',
  copyButton: 'ይቅዱ',
  copy: (what) => `${what} ይቅዱ`,
  copied: (what) => `${what} ተቀድቷል።`,
  copyFailed: 'መቅዳት አልተቻለም። ጽሑፉን ይምረጡ።',
  accountExpiresIn: (time) => `ሂሳቡ በ${time} ውስጥ ይዘጋል`,
  accountExpired: 'ይህ ሂሳብ ተዘግቷል።',
  transferWaiting: 'ገንዘብዎ እንደደረሰ እናረጋግጣለን።',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

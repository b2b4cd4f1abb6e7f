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

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;

/**
 * English of the bank-transfer step: in that step's chunk (steps/transfer.ts), so the entry
 * carries only the first screens' English (translations/en.ts); it fills the English translation
 * when the chunk loads.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** The strings. */
export const strings = {
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

fillTranslation('en', strings);

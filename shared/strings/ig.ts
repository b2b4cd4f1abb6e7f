/**
 * Igbo: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/ig.md).
 * @module
 */
import type { FirstStrings } from './first';

const ig: FirstStrings = {
  $code: 'ig',
  $name: 'Igbo',
  $dir: 'ltr',
  checkout: 'Ịkwụ ụgwọ',
  loading: 'Chere ntakịrị…',
  payAmount: (amount) => `Kwụọ ${amount}`,
  total: 'Ngụkọta',
  chooseHeading: 'Kedu ka ị chọrọ isi kwụọ ụgwọ?',
  country: 'Mba',
  method: 'Ụzọ ịkwụ ụgwọ',
  continue: 'Gaa n’ihu',
  back: 'Laghachi',
  upTo: 'Ruo',
  from: 'Site na',
  slow: 'na-adị nwayọ ugbu a',
  kindHint: {
    phone_prompt: 'Kwado ya na ekwentị gị',
    operator_prompt: 'Kwado ya na ekwentị gị',
    otp_operator: 'Jiri koodu e zitere na SMS kwado ya',
    redirect_wallet: 'Nye ikike n’akpa ego gị',
    bank_eft: 'Kwụọ site n’akaụntụ ụlọ akụ gị',
    bank_id: 'Kwụọ site n’ụlọ akụ gị jiri nọmba njirimara gị',
    virtual_account: 'Zipu ego n’akaụntụ a na-eji otu ugboro',
  },
  formHeading: (method) => `Jiri ${method} kwụọ ụgwọ`,
  phone: 'Nọmba ekwentị',
  phoneHint: (dialCode, digits) => `+${dialCode}, mgbe ahụ ọnụọgụ ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nọmba akpa ego: ${mobile}`
      : `Anyị ga-ezipu ${kind == 'otp_operator' ? 'koodu' : 'arịrịọ ịkwụ ụgwọ'} na ${mobile}.`,
  phoneSaved: (masked) => `Jiri nọmba i nyere ụlọ ahịa: ${masked}`,
  firstName: 'Aha mbụ',
  lastName: 'Aha ezinụlọ',
  fullName: 'Aha zuru ezu',
  accountName: 'Aha akaụntụ',
  accountNameHint: 'Dịka ọ dị n’akaụntụ ụlọ akụ gị',
  bank: 'Ụlọ akụ',
  bankCode: 'Koodu ụlọ akụ',
  bankCodeHint: 'Koodu alaka ụlọ akụ gị',
  chooseBank: 'Họrọ ụlọ akụ gị',
  idNumber: 'Nọmba njirimara Saụt Afrịka',
  idNumberHint: 'Ọnụọgụ 13',
  errorHeading: 'Ihe adịghị mma mere',
  reload: 'Nwaa ọzọ',
  errors: {
    generic: 'Ihe adịghị mma mere. Nwaa ọzọ.',
    NETWORK: 'Anyị enweghị ike iru ọrụ ịkwụ ụgwọ. Lelee njikọ gị.',
    SESSION_NOT_FOUND: 'Ịkwụ ụgwọ a adịghị.',
  },
};

export default ig;

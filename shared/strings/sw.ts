/**
 * Kiswahili: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk).
 * @module
 */
import type { FirstStrings } from './first';

const sw: FirstStrings = {
  $code: 'sw',
  $name: 'Kiswahili',
  $dir: 'ltr',

  checkout: 'Malipo',
  loading: 'Inapakia malipo…',
  payAmount: (amount) => `Lipa ${amount}`,
  total: 'Jumla',

  chooseHeading: 'Ungependa kulipa kwa njia gani?',
  country: 'Nchi',
  method: 'Njia ya malipo',
  continue: 'Endelea',
  back: 'Rudi',
  upTo: 'Hadi',
  from: 'Kuanzia',
  slow: 'inachelewa kwa sasa',
  kindHint: {
    phone_prompt: 'Idhinisha ombi kwenye simu yako',
    operator_prompt: 'Idhinisha ombi kwenye simu yako',
    otp_operator: 'Thibitisha kwa msimbo uliotumwa kwenye simu yako',
    redirect_wallet: 'Idhinisha kwenye pochi yako ya simu',
    bank_eft: 'Lipa kutoka akaunti yako ya benki',
    bank_id: 'Lipa kupitia benki yako kwa namba ya kitambulisho',
    virtual_account: 'Hamisha pesa kwenda namba ya akaunti ya muda',
  },

  formHeading: (method) => `Lipa kwa ${method}`,
  phone: 'Namba ya simu',
  phoneHint: (dialCode, digits) => `+${dialCode} kisha tarakimu ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nambari ya pochi: ${mobile}`
      : `Tutatuma ${kind == 'otp_operator' ? 'msimbo' : 'ombi'} kwa ${mobile}.`,
  phoneSaved: (masked) => `Tumia namba uliyotoa kwa duka: ${masked}`,
  firstName: 'Jina la kwanza',
  lastName: 'Jina la ukoo',
  fullName: 'Jina kamili',
  accountName: 'Jina la akaunti',
  accountNameHint: 'Jina lililo kwenye akaunti yako ya benki',
  bank: 'Benki',
  bankCode: 'Msimbo wa benki',
  bankCodeHint: 'Msimbo wa tawi la benki yako',
  chooseBank: 'Chagua benki yako',
  idNumber: 'Namba ya kitambulisho cha Afrika Kusini',
  idNumberHint: 'Tarakimu 13',

  errorHeading: 'Hitilafu imetokea',
  reload: 'Jaribu tena',
  errors: {
    generic: 'Hitilafu imetokea. Tafadhali jaribu tena.',
    NETWORK: 'Imeshindwa kufikia huduma ya malipo. Kagua muunganisho wako.',
    SESSION_NOT_FOUND: 'Malipo haya hayapo.',
  },
};

export default sw;

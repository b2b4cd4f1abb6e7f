/**
 * Ikinyarwanda: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/rw.md).
 * @module
 */
import type { FirstStrings } from './first';

const rw: FirstStrings = {
  $code: 'rw',
  $name: 'Ikinyarwanda',
  $dir: 'ltr',
  checkout: 'Kwishyura',
  loading: 'Birimo gufunguka…',
  payAmount: (amount) => `Ishyura ${amount}`,
  total: 'Igiteranyo',
  chooseHeading: 'Urashaka kwishyura ute?',
  country: 'Igihugu',
  method: 'Uburyo bwo kwishyura',
  continue: 'Komeza',
  back: 'Subira inyuma',
  upTo: 'Kugeza kuri',
  from: 'Guhera kuri',
  slow: 'biratinda muri iki gihe',
  kindHint: {
    phone_prompt: 'Emeza kuri telefoni yawe',
    operator_prompt: 'Emeza kuri telefoni yawe',
    otp_operator: 'Emeza ukoresheje kode yoherejwe kuri SMS',
    redirect_wallet: 'Emeza mu ikofi yawe',
    bank_eft: 'Ishyura uvuye kuri konti yawe ya banki',
    bank_id: 'Ishyura ukoresheje banki yawe n’inomero y’indangamuntu',
    virtual_account: 'Ohereza amafaranga kuri konti ikoreshwa rimwe',
  },
  formHeading: (method) => `Ishyura ukoresheje ${method}`,
  phone: 'Nimero ya telefoni',
  phoneHint: (dialCode, digits) => `+${dialCode} hanyuma imibare ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nimero y’ikofi: ${mobile}`
      : `Tuzohereza ${kind == 'otp_operator' ? 'kode' : 'icyifuzo cyo kwishyura'} kuri ${mobile}.`,
  phoneSaved: (masked) => `Koresha nimero wahaye iduka: ${masked}`,
  firstName: 'Izina bwite',
  lastName: 'Izina ry’umuryango',
  fullName: 'Amazina yose',
  accountName: 'Izina rya konti',
  accountNameHint: 'Nk’uko riri kuri konti yawe ya banki',
  bank: 'Banki',
  bankCode: 'Kode ya banki',
  bankCodeHint: 'Kode y’ishami rya banki yawe',
  chooseBank: 'Hitamo banki yawe',
  idNumber: 'Nimero y’indangamuntu yo muri Afurika y’Epfo',
  idNumberHint: 'Imibare 13',
  errorHeading: 'Habaye ikibazo',
  reload: 'Ongera ugerageze',
  errors: {
    generic: 'Habaye ikibazo. Ongera ugerageze.',
    NETWORK: 'Serivisi yo kwishyura ntiboneka. Reba niba uri kuri interineti.',
    SESSION_NOT_FOUND: 'Ubu bwishyu ntibubaho.',
  },
};

export default rw;

/**
 * Hausa: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/ha.md).
 * @module
 */
import type { FirstStrings } from './first';

const ha: FirstStrings = {
  $code: 'ha',
  $name: 'Hausa',
  $dir: 'ltr',
  checkout: 'Biyan kuɗi',
  loading: 'Ana lodawa…',
  payAmount: (amount) => `Biya ${amount}`,
  total: 'Jimilla',
  chooseHeading: 'Ta yaya kuke son biya?',
  country: 'Ƙasa',
  method: 'Hanyar biya',
  continue: 'Ci gaba',
  back: 'Koma baya',
  upTo: 'Har zuwa',
  from: 'Daga',
  slow: 'yana jinkiri a yanzu',
  kindHint: {
    phone_prompt: 'Ku amince a wayarku',
    operator_prompt: 'Ku amince a wayarku',
    otp_operator: 'Ku tabbatar da lambar da aka aiko ta SMS',
    redirect_wallet: 'Ku ba da izini a walat ɗinku',
    bank_eft: 'Ku biya daga asusun bankinku',
    bank_id: 'Ku biya ta bankinku da lambar shaidarku',
    virtual_account: 'Ku tura kuɗi zuwa asusun amfani sau ɗaya',
  },
  formHeading: (method) => `Biya da ${method}`,
  phone: 'Lambar waya',
  phoneHint: (dialCode, digits) => `+${dialCode} sannan lambobi ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Lambar walat: ${mobile}`
      : `Za mu aika ${kind == 'otp_operator' ? 'lambar tabbatarwa' : 'buƙatar biya'} zuwa ${mobile}.`,
  phoneSaved: (masked) => `Yi amfani da lambar da kuka ba shagon: ${masked}`,
  firstName: 'Sunan farko',
  lastName: 'Sunan iyali',
  fullName: 'Cikakken suna',
  accountName: 'Sunan mai asusu',
  accountNameHint: 'Kamar yadda yake a asusun bankinku',
  bank: 'Banki',
  bankCode: 'Lambar banki',
  bankCodeHint: 'Lambar reshen bankinku',
  chooseBank: 'Zaɓi bankinku',
  idNumber: 'Lambar shaidar Afirka ta Kudu',
  idNumberHint: 'Lambobi 13',
  errorHeading: 'An sami matsala',
  reload: 'Sake gwadawa',
  errors: {
    generic: 'An sami matsala. Ku sake gwadawa.',
    NETWORK: 'Ba a iya isa ga sabis ɗin biya ba. Ku duba haɗin intanet ɗinku.',
    SESSION_NOT_FOUND: 'Babu wannan biya.',
  },
};

export default ha;

/**
 * Lingála: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/ln.md).
 * @module
 */
import type { FirstStrings } from './first';

const ln: FirstStrings = {
  $code: 'ln',
  $name: 'Lingála',
  $dir: 'ltr',
  checkout: 'Kofuta',
  loading: 'Zela moke…',
  payAmount: (amount) => `Futa ${amount}`,
  total: 'Motuya mobimba',
  chooseHeading: 'Olingi kofuta ndenge nini?',
  country: 'Ekolo',
  method: 'Lolenge ya kofuta',
  continue: 'Kokoba',
  back: 'Kozonga',
  upTo: 'Kino',
  from: 'Kobanda',
  slow: 'ezali kotambola malembe sikoyo',
  kindHint: {
    phone_prompt: 'Ndima na telefone na yo',
    operator_prompt: 'Ndima na telefone na yo',
    otp_operator: 'Ndimisa na kode oyo etindami na SMS',
    redirect_wallet: 'Pesa ndingisa na sakosi na yo ya mbongo',
    bank_eft: 'Futa uta na konti na yo ya banki',
    bank_id: 'Futa na banki na yo na nimero ya idantite',
    virtual_account: 'Tinda mbongo na konti ya mbala moko',
  },
  formHeading: (method) => `Futa na ${method}`,
  phone: 'Nimero ya telefone',
  phoneHint: (dialCode, digits) => `+${dialCode} sima mituya ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nimero ya sakosi: ${mobile}`
      : `Tokotinda ${kind == 'otp_operator' ? 'kode' : 'bosenga ya kofuta'} na ${mobile}.`,
  phoneSaved: (masked) => `Salela nimero oyo opesaki magazini: ${masked}`,
  firstName: 'Kombo',
  lastName: 'Kombo ya libota',
  fullName: 'Kombo mobimba',
  accountName: 'Kombo ya konti',
  accountNameHint: 'Ndenge ekomami na konti na yo ya banki',
  bank: 'Banki',
  bankCode: 'Kode ya banki',
  bankCodeHint: 'Kode ya agence ya banki na yo',
  chooseBank: 'Pona banki na yo',
  idNumber: 'Nimero ya idantite ya Afrika ya Sidi',
  idNumberHint: 'Mituya 13',
  errorHeading: 'Likambo moko etamboli malamu te',
  reload: 'Meka lisusu',
  errors: {
    generic: 'Likambo moko etamboli malamu te. Meka lisusu.',
    NETWORK: 'Tokoki kokoma na mosala ya kofuta te. Tala soki ozali na internet.',
    SESSION_NOT_FOUND: 'Kofuta oyo ezali te.',
  },
};

export default ln;

/**
 * isiZulu: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/zu.md).
 * @module
 */
import type { FirstStrings } from './first';

const zu: FirstStrings = {
  $code: 'zu',
  $name: 'isiZulu',
  $dir: 'ltr',
  checkout: 'Ukukhokha',
  loading: 'Kuyalayishwa…',
  payAmount: (amount) => `Khokha ${amount}`,
  total: 'Isamba',
  chooseHeading: 'Ufuna ukukhokha kanjani?',
  country: 'Izwe',
  method: 'Indlela yokukhokha',
  continue: 'Qhubeka',
  back: 'Emuva',
  upTo: 'Kuze kube',
  from: 'Okungenani',
  slow: 'ihamba kancane manje',
  kindHint: {
    phone_prompt: 'Vumela kufoni yakho',
    operator_prompt: 'Vumela kufoni yakho',
    otp_operator: 'Qinisekisa ngekhodi ethunyelwe nge-SMS',
    redirect_wallet: 'Gunyaza esikhwameni sakho semali',
    bank_eft: 'Khokha nge-akhawunti yakho yasebhange',
    bank_id: 'Khokha ngebhange lakho usebenzisa inombolo kamazisi',
    virtual_account: 'Dlulisela e-akhawuntini esetshenziswa kanye',
  },
  formHeading: (method) => `Khokha nge-${method}`,
  phone: 'Inombolo yocingo',
  phoneHint: (dialCode, digits) => `+${dialCode} bese kuba izinombolo ezingu-${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Inombolo yesikhwama: ${mobile}`
      : `Sizothumela ${kind == 'otp_operator' ? 'ikhodi' : 'isicelo'} ku-${mobile}.`,
  phoneSaved: (masked) => `Sebenzisa inombolo oyinike isitolo: ${masked}`,
  firstName: 'Igama',
  lastName: 'Isibongo',
  fullName: 'Igama eliphelele',
  accountName: 'Igama le-akhawunti',
  accountNameHint: 'Njengoba kubhalwe ku-akhawunti yakho yasebhange',
  bank: 'Ibhange',
  bankCode: 'Ikhodi yebhange',
  bankCodeHint: 'Ikhodi yegatsha lebhange lakho',
  chooseBank: 'Khetha ibhange lakho',
  idNumber: 'Inombolo kamazisi yaseNingizimu Afrika',
  idNumberHint: 'Izinombolo ezingu-13',
  errorHeading: 'Kukhona okungahambanga kahle',
  reload: 'Zama futhi',
  errors: {
    generic: 'Kukhona okungahambanga kahle. Zama futhi.',
    NETWORK: 'Isevisi yokukhokha ayitholakali. Hlola uxhumano lwakho.',
    SESSION_NOT_FOUND: 'Le nkokhelo ayikho.',
  },
};

export default zu;

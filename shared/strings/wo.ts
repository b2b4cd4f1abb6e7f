/**
 * Wolof: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/wo.md).
 * @module
 */
import type { FirstStrings } from './first';

const wo: FirstStrings = {
  $code: 'wo',
  $name: 'Wolof',
  $dir: 'ltr',
  checkout: 'Fey',
  loading: 'Xaaral tuuti…',
  payAmount: (amount) => `Fey ${amount}`,
  total: 'Mboolem',
  chooseHeading: 'Nan nga bëgga fey?',
  country: 'Réew',
  method: 'Anam fey',
  continue: 'Dem ci kanam',
  back: 'Dellu ginnaaw',
  upTo: 'Ba',
  from: 'Dale ci',
  slow: 'dafa yéex léegi',
  kindHint: {
    phone_prompt: 'Nangul ko ci sa telefon',
    operator_prompt: 'Nangul ko ci sa telefon',
    otp_operator: 'Dëggal ko ak kood bi ñu yónnee ci SMS',
    redirect_wallet: 'Nangul ko ci sa kàlpe',
    bank_eft: 'Fey ci sa kontu bànk',
    bank_id: 'Fey ci sa bànk ak sa nimero idantite',
    virtual_account: 'Yónnee xaalis ci kontu bu ñuy jëfandikoo benn yoon',
  },
  formHeading: (method) => `Fey ak ${method}`,
  phone: 'Nimero telefon',
  phoneHint: (dialCode, digits) => `+${dialCode} ba noppi ${digits} siifar`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nimero kàlpe: ${mobile}`
      : `Dinañu yónnee ${kind == 'otp_operator' ? 'kood bi' : 'laaj bi'} ci ${mobile}.`,
  phoneSaved: (masked) => `Jëfandikoo nimero bi nga joxoon bitig bi: ${masked}`,
  firstName: 'Tur',
  lastName: 'Sant',
  fullName: 'Tur ak sant',
  accountName: 'Turu kontu bi',
  accountNameHint: 'Ni mu bindoo ci sa kontu bànk',
  bank: 'Bànk',
  bankCode: 'Koodu bànk',
  bankCodeHint: 'Koodu agence bu sa bànk',
  chooseBank: 'Tànnal sa bànk',
  idNumber: 'Nimero idantite bu Afrig di Sid',
  idNumberHint: '13 siifar',
  errorHeading: 'Am na jafe-jafe',
  reload: 'Jéemaatal',
  errors: {
    generic: 'Am na jafe-jafe. Jéemaatal.',
    NETWORK: 'Mënuñu jot ci sarwiisu fey bi. Seetal sa internet.',
    SESSION_NOT_FOUND: 'Fey bii amul.',
  },
};

export default wo;

/**
 * አማርኛ (Amharic, Ge’ez script): the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/am.md).
 * @module
 */
import type { FirstStrings } from './first';

const am: FirstStrings = {
  $code: 'am',
  $name: 'አማርኛ',
  $dir: 'ltr',
  checkout: 'ክፍያ',
  loading: 'በመጫን ላይ…',
  payAmount: (amount) => `${amount} ይክፈሉ`,
  total: 'ጠቅላላ',
  chooseHeading: 'እንዴት ይከፍላሉ?',
  country: 'አገር',
  method: 'የክፍያ ዘዴ',
  continue: 'ይቀጥሉ',
  back: 'ይመለሱ',
  upTo: 'እስከ',
  from: 'ከ',
  slow: 'አሁን ቀርፋፋ ነው',
  kindHint: {
    phone_prompt: 'በስልክዎ ያጽድቁ',
    operator_prompt: 'በስልክዎ ያጽድቁ',
    otp_operator: 'በSMS ኮድ ያረጋግጡ',
    redirect_wallet: 'በዋሌትዎ ይፍቀዱ',
    bank_eft: 'ከባንክ ሂሳብዎ ይክፈሉ',
    bank_id: 'በመታወቂያ ቁጥር ከባንክ ይክፈሉ',
    virtual_account: 'ወደ ጊዜያዊ ሂሳብ ያስተላልፉ',
  },
  formHeading: (method) => `በ${method} ይክፈሉ`,
  phone: 'ስልክ ቁጥር',
  phoneHint: (dialCode, digits) => `+${dialCode} ከዚያ ${digits} አሃዞች`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `የዋሌት ቁጥር፦ ${mobile}`
      : `${kind == 'otp_operator' ? 'ኮዱን' : 'ጥያቄውን'} ወደ ${mobile} እንልካለን።`,
  phoneSaved: (masked) => `ለመደብሩ የሰጡትን ቁጥር ይጠቀሙ፦ ${masked}`,
  firstName: 'ስም',
  lastName: 'የአባት ስም',
  fullName: 'ሙሉ ስም',
  accountName: 'የሂሳብ ስም',
  accountNameHint: 'በባንክ ሂሳብዎ እንዳለው',
  bank: 'ባንክ',
  bankCode: 'የባንክ ኮድ',
  bankCodeHint: 'የቅርንጫፍ ኮድ',
  chooseBank: 'ባንክዎን ይምረጡ',
  idNumber: 'የደቡብ አፍሪካ መታወቂያ ቁጥር',
  idNumberHint: '13 አሃዞች',
  errorHeading: 'ችግር ተፈጥሯል',
  reload: 'እንደገና ይሞክሩ',
  errors: {
    generic: 'ችግር ተፈጥሯል። እንደገና ይሞክሩ።',
    NETWORK: 'መገናኘት አልተቻለም። ግንኙነትዎን ያረጋግጡ።',
    SESSION_NOT_FOUND: 'ይህ ክፍያ የለም።',
  },
};

export default am;

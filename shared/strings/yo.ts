/**
 * Yorùbá: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/yo.md).
 * @module
 */
import type { FirstStrings } from './first';

const yo: FirstStrings = {
  $code: 'yo',
  $name: 'Yorùbá',
  $dir: 'ltr',
  checkout: 'Ìsanwó',
  loading: 'Ẹ dúró díẹ̀…',
  payAmount: (amount) => `San ${amount}`,
  total: 'Àpapọ̀',
  chooseHeading: 'Báwo ni ẹ ṣe fẹ́ sanwó?',
  country: 'Orílẹ̀-èdè',
  method: 'Ọ̀nà ìsanwó',
  continue: 'Tẹ̀síwájú',
  back: 'Padà',
  upTo: 'Títí dé',
  from: 'Láti',
  slow: 'ń lọ́ra báyìí',
  kindHint: {
    phone_prompt: 'Ẹ fọwọ́ sí i lórí fóònù yín',
    operator_prompt: 'Ẹ fọwọ́ sí i lórí fóònù yín',
    otp_operator: 'Ẹ jẹ́rìí sí i pẹ̀lú kóòdù SMS',
    redirect_wallet: 'Ẹ fọwọ́ sí i nínú àpamọ́wọ́ yín',
    bank_eft: 'Ẹ sanwó láti àkántì báńkì yín',
    bank_id: 'Ẹ sanwó pẹ̀lú nọ́ńbà ìdánimọ̀ yín',
    virtual_account: 'Ẹ fi owó ránṣẹ́ sí àkántì ẹ̀ẹ̀kan ṣoṣo',
  },
  formHeading: (method) => `Sanwó pẹ̀lú ${method}`,
  phone: 'Nọ́ńbà fóònù',
  phoneHint: (dialCode, digits) => `+${dialCode} àti óńkà ${digits}`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Nọ́ńbà àpamọ́wọ́: ${mobile}`
      : `A ó fi ${kind == 'otp_operator' ? 'kóòdù' : 'ìbéèrè ìsanwó'} ránṣẹ́ sí ${mobile}.`,
  phoneSaved: (masked) => `Ẹ lo nọ́ńbà tí ẹ fún ilé ìtajà: ${masked}`,
  firstName: 'Orúkọ àkọ́kọ́',
  lastName: 'Orúkọ ìdílé',
  fullName: 'Orúkọ kíkún',
  accountName: 'Orúkọ àkántì',
  accountNameHint: 'Bí ó ṣe wà ní báńkì yín',
  bank: 'Báńkì',
  bankCode: 'Kóòdù báńkì',
  bankCodeHint: 'Kóòdù ẹ̀ka báńkì yín',
  chooseBank: 'Ẹ yan báńkì yín',
  idNumber: 'Nọ́ńbà ìdánimọ̀ Gúúsù Áfíríkà',
  idNumberHint: 'Óńkà 13',
  errorHeading: 'Nǹkan kan ṣàṣìṣe',
  reload: 'Ẹ tún gbìyànjú',
  errors: {
    generic: 'Nǹkan kan ṣàṣìṣe. Ẹ tún gbìyànjú.',
    NETWORK: 'A kò rí iṣẹ́ ìsanwó. Ẹ ṣàyẹ̀wò ìsopọ̀ yín.',
    SESSION_NOT_FOUND: 'Ìsanwó yìí kò sí.',
  },
};

export default yo;

/**
 * Português (norma europeia, a usada em Angola e Moçambique): the first screens' strings (the later steps' are in steps/, in
 * each step's chunk).
 * @module
 */
import type { FirstStrings } from './first';

const pt: FirstStrings = {
  $code: 'pt',
  $name: 'Português',
  $dir: 'ltr',

  checkout: 'Pagamento',
  loading: 'A carregar o pagamento…',
  payAmount: (amount) => `Pagar ${amount}`,
  total: 'Total',

  chooseHeading: 'Como pretende pagar?',
  country: 'País',
  method: 'Método de pagamento',
  continue: 'Continuar',
  back: 'Voltar',
  upTo: 'Até',
  from: 'A partir de',
  slow: 'está lento neste momento',
  kindHint: {
    phone_prompt: 'Aprove o pedido no seu telemóvel',
    operator_prompt: 'Aprove o pedido no seu telemóvel',
    otp_operator: 'Confirme com um código enviado para o seu telemóvel',
    redirect_wallet: 'Autorize na sua carteira móvel',
    bank_eft: 'Pague a partir da sua conta bancária',
    bank_id: 'Pague pelo seu banco com o número de identificação',
    virtual_account: 'Transfira para um número de conta temporário',
  },

  formHeading: (method) => `Pagar com ${method}`,
  phone: 'Número de telemóvel',
  phoneHint: (dialCode, digits) => `+${dialCode} seguido de ${digits} dígitos`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Número da carteira: ${mobile}`
      : `Enviaremos ${kind == 'otp_operator' ? 'o código' : 'o pedido'} para ${mobile}.`,
  phoneSaved: (masked) => `Usar o número que deu à loja: ${masked}`,
  firstName: 'Nome próprio',
  lastName: 'Apelido',
  fullName: 'Nome completo',
  accountName: 'Titular da conta',
  accountNameHint: 'O nome que consta da sua conta bancária',
  bank: 'Banco',
  bankCode: 'Código do banco',
  bankCodeHint: 'O código de balcão do seu banco',
  chooseBank: 'Escolha o seu banco',
  idNumber: 'Número de identificação sul-africano',
  idNumberHint: '13 dígitos',

  errorHeading: 'Ocorreu um erro',
  reload: 'Tentar novamente',
  errors: {
    generic: 'Ocorreu um erro. Tente novamente.',
    NETWORK: 'Não foi possível contactar o serviço de pagamento. Verifique a ligação.',
    SESSION_NOT_FOUND: 'Este pagamento não existe.',
  },
};

export default pt;

/**
 * Português: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Aprove no seu telemóvel',
  approveSent: (amount, mobile) => `Enviámos um pedido de pagamento de ${amount} para ${mobile}.`,
  approveSteps: [
    'Desbloqueie o telemóvel e abra o pedido.',
    'Verifique o montante e o comerciante.',
    'Introduza o seu PIN para aprovar.',
  ],
  approveWaiting: 'A aguardar a sua aprovação…',
  approveRetryHint: 'Sem pedido após um minuto? Aguarde que este pedido expire e tente novamente.',
  approveNoData: 'O pedido funciona sem dados móveis.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
  required: 'Este campo é obrigatório.',
  sending: 'A enviar…',
  change: 'alterar',
  invalid: 'Verifique este valor.',
  phoneInvalid: (digits) => `Introduza um número válido: ${digits} dígitos após o indicativo.`,
  idLength: 'Um número de identificação tem exatamente 13 dígitos.',
  idInvalid: 'Este número de identificação não é válido. Verifique os dígitos.',
  bankRequired: 'Escolha o seu banco.',
  fixFields: (count) =>
    count === 1 ? 'Corrija 1 campo para continuar.' : `Corrija ${count} campos para continuar.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Esta página não está autorizada a receber este pagamento.',
    SESSION_CLOSED: 'Este pagamento está encerrado.',
    SESSION_EXPIRED: 'Este pagamento expirou.',
    UPSTREAM_UNAVAILABLE: 'O prestador de pagamentos está indisponível. Tente daqui a pouco.',
    UPSTREAM_TIMEOUT:
      'O prestador de pagamentos está a demorar a responder. Estamos a verificar o estado.',
    RATE_LIMITED: 'Demasiadas tentativas. Aguarde um minuto e tente novamente.',
    ATTEMPT_IN_PROGRESS: 'Já existe um pagamento em curso. Aguarde que termine.',
    COUNTRY_NOT_AVAILABLE: 'Este país não está disponível para este pagamento.',
    METHOD_NOT_AVAILABLE: 'Este método de pagamento não está disponível.',
    VALIDATION_FAILED: 'Alguns dados não são válidos. Verifique os campos assinalados.',
    UPSTREAM_REJECTED: 'O prestador de pagamentos recusou este pagamento.',
    MERCHANT_UNAVAILABLE: 'Esta loja não pode receber pagamentos neste momento.',
    UPSTREAM_AUTH: 'Os pagamentos estão temporariamente indisponíveis. Tente mais tarde.',
    RATE_LIMITED_PHONE:
      'Foram enviados demasiados pedidos de pagamento para este número. Tente mais tarde ou pague de outra forma.',
    RATE_LIMITED_SESSION:
      'Demasiados pedidos de pagamento para esta compra. Aguarde alguns minutos e tente novamente.',
  },
};

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Está sem ligação. Atualizaremos esta página quando voltar a estar online.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Este campo é obrigatório.',
  sending: 'A enviar…',
  otpHeading: 'Introduza o código',
  otpBody: 'Enviámos um código de utilização única para o seu telemóvel.',
  otpUnconfirmed:
    'Não conseguimos confirmar que o seu código chegou ao prestador de pagamentos. Introduza-o novamente: um código que ele já tenha não o fará pagar duas vezes.',
  otpLabel: 'Código de utilização única',
  otpInvalidFormat: 'Introduza os dígitos do código.',
  otpSubmit: 'Confirmar',
  expiresIn: (time) => `Expira em ${time}`,
  codeExpired: 'O código expirou.',
  triesLeft: (count) => (count === 1 ? 'Resta 1 tentativa.' : `Restam ${count} tentativas.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Esta página não está autorizada a receber este pagamento.',
    SESSION_CLOSED: 'Este pagamento está encerrado.',
    SESSION_EXPIRED: 'Este pagamento expirou.',
    UPSTREAM_UNAVAILABLE: 'O prestador de pagamentos está indisponível. Tente daqui a pouco.',
    UPSTREAM_TIMEOUT:
      'O prestador de pagamentos está a demorar a responder. Estamos a verificar o estado.',
    RATE_LIMITED: 'Demasiadas tentativas. Aguarde um minuto e tente novamente.',
    NO_ATTEMPT_WAITING: 'Nenhum pagamento aguarda um código.',
    OTP_INVALID: 'Esse código não está correto.',
    OTP_EXPIRED: 'O código expirou.',
    OTP_LOCKED: 'Demasiados códigos errados. Este pagamento foi bloqueado.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
  lapse: {
    otp_expired: 'O código expirou',
    otp_locked: 'Demasiados códigos errados',
    account_expired: 'A conta expirou antes de chegar uma transferência',
    prompt_unanswered: 'O pedido não foi aprovado a tempo',
    redirect_cancelled: 'O pagamento foi cancelado na página do banco',
    redirect_unanswered: 'A autorização não foi concluída a tempo',
  },
  ifPaid: 'Se pagou, esta página será atualizada.',
  reviewHeading: 'Pagamento em análise',
  mismatchBody:
    'Recebemos um pagamento que não corresponde a esta compra (por exemplo, um montante diferente). A loja foi avisada e vai contactá-lo; não pague novamente, a menos que a loja o peça.',
  reviewBody:
    'Ainda não conseguimos confirmar este pagamento. A loja foi avisada; não pague novamente, a menos que a loja o peça.',
  closedConfirming: 'O seu último pagamento ainda está a ser confirmado.',

  successHeading: 'Pagamento recebido',
  successBody: (amount) => `Obrigado. ${amount} foi pago.`,

  failureHeading: 'Pagamento não concluído',
  failureFailed: 'O pagamento não foi efetuado.',
  failureClosed: 'Este pagamento está encerrado.',
  failureReason: (reason) => `Motivo: ${reason}`,
  retry: 'Tentar novamente',
  otherMethod: 'Usar outro método',

  expiredHeading: 'Este pagamento expirou',
  expiredBody: 'Volte à loja para iniciar um novo pagamento.',
};

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Continuar com ${method}`,
  redirectBody: 'Abre-se uma nova janela onde autoriza o pagamento. Volte aqui quando terminar.',
  redirectButton: (method) => `Continuar para ${method}`,
  redirectWaiting: 'Termine na outra janela. Esta página atualiza-se sozinha.',
  redirectReopen: 'Abrir a janela novamente',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Pagar por transferência bancária',
  transferBody: (amount) =>
    `Transfira exatamente ${amount} para esta conta a partir da app do seu banco.`,
  bankName: 'Banco',
  accountNumber: 'Número de conta',
  amount: 'Montante',
  copyButton: 'Copiar',
  copy: (what) => `Copiar ${what.toLowerCase()}`,
  copied: (what) => `${what} copiado.`,
  copyFailed: 'Não foi possível copiar. Selecione o texto.',
  accountExpiresIn: (time) => `Esta conta fecha dentro de ${time}`,
  accountExpired: 'Esta conta foi fechada.',
  transferWaiting: 'Confirmamos automaticamente quando a transferência chegar.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'A confirmar o seu pagamento',
  waitBody: 'Não pague novamente; esta página atualiza-se sozinha.',
  waitChecking:
    'Estamos a verificar junto do prestador de pagamentos se o seu código chegou; esta página atualiza-se sozinha.',
};

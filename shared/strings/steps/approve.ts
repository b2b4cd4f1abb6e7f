/**
 * The "approve on your phone" step in every language: in that step's chunk
 * (widget/steps/approve.ts), so a page's first load carries only the first screens' strings
 * (shared/strings/<language>.ts). Each language's strings join its translation when the chunk loads,
 * or when the translation registers later.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  approveHeading: 'Approve on your phone',
  approveSent: (amount, mobile) => `We sent a request for ${amount} to ${mobile}.`,
  approveSteps: [
    'Open the prompt on your phone.',
    'Check the amount.',
    'Enter your PIN to approve.',
  ],
  approveWaiting: 'Waiting for your approval…',
  approveRetryHint: 'No prompt? When this request times out, you can try again.',
  approveNoData: 'The prompt works without mobile data.',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
  approveHeading: 'Validez sur votre téléphone',
  approveSent: (amount, mobile) =>
    `Nous avons envoyé une demande de paiement de ${amount} au ${mobile}.`,
  approveSteps: [
    'Déverrouillez votre téléphone et ouvrez la demande.',
    'Vérifiez le montant et le marchand.',
    'Saisissez votre code secret pour valider.',
  ],
  approveWaiting: 'En attente de votre validation…',
  approveRetryHint:
    'Aucune demande après une minute ? Attendez l’expiration de celle-ci, puis réessayez.',
  approveNoData: 'La demande fonctionne sans données mobiles.',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  approveHeading: 'Idhinisha kwenye simu yako',
  approveSent: (amount, mobile) => `Tumetuma ombi la malipo la ${amount} kwa ${mobile}.`,
  approveSteps: [
    'Fungua simu yako na ufungue ombi.',
    'Kagua kiasi na jina la mfanyabiashara.',
    'Weka PIN yako ili kuidhinisha.',
  ],
  approveWaiting: 'Tunasubiri uidhinishe…',
  approveRetryHint:
    'Hujapata ombi baada ya dakika moja? Subiri ombi hili liishe muda, kisha ujaribu tena.',
  approveNoData: 'Ombi linafanya kazi bila data ya simu.',
};

/** Português. */
const pt: SameStrings<typeof en> = {
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

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;

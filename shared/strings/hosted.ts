/**
 * The hosted page's own words (the widget brings its own: `<code>.ts` and steps/) in every
 * language of languages.ts: the Worker's server render reads them. `{brand}`, `{seconds}` and
 * `{amount}` are filled in after escaping.
 * @module
 */
import type { Language } from './languages';

/** Every sentence of the hosted page. */
export interface HostedStrings {
  /** The document title: "Pay {brand}". */
  title: string;
  order: string;
  amount: string;
  reference: string;
  returnTo: string;
  /** Under the return button after a success; `{seconds}` counts down. */
  returning: string;
  paidHeading: string;
  paidBody: string;
  /** On the paid page once a refund succeeded: "Refunded {amount}" (the sum refunded). */
  refunded: string;
  /** The "already paid" page when the payer just came back from paying (a redirect method). */
  receivedHeading: string;
  receivedBody: string;
  expiredHeading: string;
  expiredBody: string;
  notFoundHeading: string;
  notFoundBody: string;
  /** Shown when the widget's code cannot be fetched (offline, blocked). */
  unloadable: string;
  /** Wide screens: the card with the page's QR code, to pay on a phone instead. */
  phoneHeading: string;
  phoneBody: string;
  /** The QR code's accessible name. */
  phoneQr: string;
  /** Without JavaScript, the waiting steps' link that loads the page again (they also reload
   * themselves). */
  checkAgain: string;
}

/**
 * The sentences per language.
 *
 * @example
 * HOSTED_STRINGS.fr.amount; // 'Montant'
 */
export const HOSTED_STRINGS: Readonly<Record<Language, HostedStrings>> = {
  en: {
    title: 'Pay {brand}',
    order: 'Your order',
    amount: 'Amount',
    reference: 'Reference',
    returnTo: 'Return to {brand}',
    returning: 'Taking you back to {brand} in {seconds} s.',
    paidHeading: 'This order is already paid',
    paidBody: 'There is nothing more to pay. Keep the reference for your records.',
    refunded: 'Refunded {amount}',
    receivedHeading: 'Payment received',
    receivedBody: 'Thank you. Your payment is confirmed.',
    expiredHeading: 'This payment link has expired',
    expiredBody: 'Ask {brand} for a new payment link.',
    notFoundHeading: 'Payment link not found',
    notFoundBody: 'Check the link you were sent, or ask {brand} for a new one.',
    unloadable: 'The payment form could not be loaded. Check your connection and reload the page.',
    phoneHeading: 'Pay on your phone',
    phoneBody: 'Scan this code with your phone’s camera to open this payment there.',
    phoneQr: 'QR code of this payment page',
    checkAgain: 'Update this page',
  },
  fr: {
    title: 'Payer {brand}',
    order: 'Votre commande',
    amount: 'Montant',
    reference: 'Référence',
    returnTo: 'Retour à {brand}',
    returning: 'Retour à {brand} dans {seconds} s.',
    paidHeading: 'Cette commande est déjà payée',
    paidBody: 'Il n’y a plus rien à payer. Gardez la référence pour vos dossiers.',
    refunded: 'Remboursé : {amount}',
    receivedHeading: 'Paiement reçu',
    receivedBody: 'Merci. Votre paiement est confirmé.',
    expiredHeading: 'Ce lien de paiement a expiré',
    expiredBody: 'Demandez un nouveau lien de paiement à {brand}.',
    notFoundHeading: 'Lien de paiement introuvable',
    notFoundBody: 'Vérifiez le lien reçu, ou demandez-en un nouveau à {brand}.',
    unloadable:
      'Le formulaire de paiement n’a pas pu être chargé. Vérifiez votre connexion et rechargez la page.',
    phoneHeading: 'Payer sur votre téléphone',
    phoneBody:
      'Scannez ce code avec l’appareil photo de votre téléphone pour y ouvrir ce paiement.',
    phoneQr: 'Code QR de cette page de paiement',
    checkAgain: 'Actualiser la page',
  },
  pt: {
    title: 'Pagar a {brand}',
    order: 'O seu pedido',
    amount: 'Valor',
    reference: 'Referência',
    returnTo: 'Voltar a {brand}',
    returning: 'A voltar a {brand} em {seconds} s.',
    paidHeading: 'Este pedido já está pago',
    paidBody: 'Não há mais nada a pagar. Guarde a referência para os seus registos.',
    refunded: 'Reembolsado: {amount}',
    receivedHeading: 'Pagamento recebido',
    receivedBody: 'Obrigado. O seu pagamento está confirmado.',
    expiredHeading: 'Este link de pagamento expirou',
    expiredBody: 'Peça a {brand} um novo link de pagamento.',
    notFoundHeading: 'Link de pagamento não encontrado',
    notFoundBody: 'Verifique o link que recebeu, ou peça um novo a {brand}.',
    unloadable:
      'Não foi possível carregar o formulário de pagamento. Verifique a sua ligação e recarregue a página.',
    phoneHeading: 'Pagar no telemóvel',
    phoneBody: 'Leia este código com a câmara do telemóvel para abrir este pagamento nele.',
    phoneQr: 'Código QR desta página de pagamento',
    checkAgain: 'Atualizar a página',
  },
  sw: {
    title: 'Lipa {brand}',
    order: 'Oda yako',
    amount: 'Kiasi',
    reference: 'Kumbukumbu',
    returnTo: 'Rudi kwa {brand}',
    returning: 'Unarudishwa kwa {brand} baada ya sekunde {seconds}.',
    paidHeading: 'Oda hii imeshalipwa',
    paidBody: 'Hakuna cha kulipa tena. Hifadhi kumbukumbu kwa rekodi zako.',
    refunded: 'Imerejeshwa: {amount}',
    receivedHeading: 'Malipo yamepokelewa',
    receivedBody: 'Asante. Malipo yako yamethibitishwa.',
    expiredHeading: 'Kiungo hiki cha malipo kimeisha muda',
    expiredBody: 'Omba kiungo kipya cha malipo kutoka kwa {brand}.',
    notFoundHeading: 'Kiungo cha malipo hakijapatikana',
    notFoundBody: 'Angalia kiungo ulichotumiwa, au omba kipya kutoka kwa {brand}.',
    unloadable:
      'Fomu ya malipo haikuweza kupakiwa. Kagua muunganisho wako kisha upakie ukurasa upya.',
    phoneHeading: 'Lipa kwa simu yako',
    phoneBody: 'Changanua msimbo huu kwa kamera ya simu yako ili kufungua malipo haya humo.',
    phoneQr: 'Msimbo wa QR wa ukurasa huu wa malipo',
    checkAgain: 'Pakia ukurasa upya',
  },
};

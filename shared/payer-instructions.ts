/**
 * How a payer approves a missed mobile-money prompt from the phone's own menu (USSD), per
 * operator, in the widget's four languages: data, shown on the approve step after 30 s and
 * listed by `GET /v1/payment-methods`. Only steps a public source documents are listed; any
 * other operator gets the generic line.
 * @module
 */

/** A text in each of the widget's languages. */
export interface Texts {
  readonly en: string;
  readonly fr: string;
  readonly sw: string;
  readonly pt: string;
}

/**
 * The steps by `<ISO2>:<payment_method_type in lowercase>` (the catalogue's default values).
 *
 * @example
 * USSD_STEPS['RW:mtn']?.en;
 */
export const USSD_STEPS: Readonly<Record<string, Texts>> = {
  // MTN MoMo Rwanda: pending approvals are in the MoMo menu under *182*7#. Source: Mobile Money
  // Rwanda Ltd, "MoMo Self reversal" announcement (royalfm.rw), which names *182*7# for the
  // approval operation.
  'RW:mtn': {
    en: 'Missed the prompt? Dial *182*7#, open your pending approvals and approve this payment with your PIN.',
    fr: 'Demande manquée ? Composez *182*7#, ouvrez vos approbations en attente et validez ce paiement avec votre code secret.',
    sw: 'Umekosa ombi? Piga *182*7#, fungua maombi yanayosubiri idhini na uidhinishe malipo haya kwa PIN yako.',
    pt: 'Perdeu o pedido? Marque *182*7#, abra as aprovações pendentes e aprove este pagamento com o seu PIN.',
  },
};

/** What every other operator's payer is told. */
export const GENERIC_STEPS: Texts = {
  en: 'Missed the prompt? Open your mobile-money menu on the phone and look for a payment waiting for approval.',
  fr: 'Demande manquée ? Ouvrez le menu mobile money de votre téléphone et cherchez un paiement en attente de validation.',
  sw: 'Umekosa ombi? Fungua menyu ya pesa kwa simu na utafute malipo yanayosubiri idhini.',
  pt: 'Perdeu o pedido? Abra o menu de dinheiro móvel do telemóvel e procure um pagamento à espera de aprovação.',
};

/**
 * The steps for a method of a country, or the generic line.
 *
 * @example
 * ussdSteps('RW', 'mtn').en; // 'Missed the prompt? Dial *182*7#, …'
 */
export function ussdSteps(iso2: string, method: string): Texts {
  return USSD_STEPS[`${iso2.toUpperCase()}:${method.toLowerCase()}`] ?? GENERIC_STEPS;
}

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
    en: 'No prompt? Dial *182*7# and approve the pending payment with your PIN.',
    fr: 'Pas de demande ? Composez *182*7# et validez le paiement en attente avec votre code.',
    sw: 'Hukupata ombi? Piga *182*7# na uidhinishe malipo yanayosubiri kwa PIN yako.',
    pt: 'Sem pedido? Marque *182*7# e aprove o pagamento pendente com o seu PIN.',
  },
};

/** What every other operator's payer is told. */
export const GENERIC_STEPS: Texts = {
  en: 'No prompt? Open your mobile-money menu and approve the pending payment.',
  fr: 'Pas de demande ? Ouvrez votre menu mobile money et validez le paiement en attente.',
  sw: 'Hukupata ombi? Fungua menyu ya pesa kwa simu na uidhinishe malipo yanayosubiri.',
  pt: 'Sem pedido? Abra o menu de dinheiro móvel e aprove o pagamento pendente.',
};

/**
 * The steps for a method of a country, or the generic line.
 *
 * @example
 * ussdSteps('RW', 'mtn').en; // 'No prompt? Dial *182*7# and …'
 */
export function ussdSteps(iso2: string, method: string): Texts {
  return USSD_STEPS[`${iso2.toUpperCase()}:${method.toLowerCase()}`] ?? GENERIC_STEPS;
}

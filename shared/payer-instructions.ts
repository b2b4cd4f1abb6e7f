/**
 * How a payer approves a missed mobile-money prompt from the phone's own menu (USSD), per
 * operator, in every language of the widget (shared/strings/languages.ts): data, shown on the
 * approve step after 30 s and listed by `GET /v1/payment-methods`. Only steps a public source
 * documents are listed; any other operator gets the generic line.
 * @module
 */
import type { Language } from './strings/languages';

/** A text in each of the widget's languages. */
export type Texts = Readonly<Record<Language, string>>;

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
    ha: 'Ba ku ga buƙatar ba? Ku danna *182*7# ku amince da biyan da ke jira da PIN ɗinku.',
    yo: 'Ẹ kò rí ìbéèrè náà? Ẹ tẹ *182*7# kí ẹ sì fọwọ́ sí ìsanwó tó ń dúró pẹ̀lú PIN yín.',
    ig: 'Ịhụghị arịrịọ ahụ? Kpọọ *182*7# ma jiri PIN gị kwado ịkwụ ụgwọ na-eche.',
    rw: 'Nta cyifuzo wabonye? Kanda *182*7# hanyuma wemeze ubwishyu butegereje ukoresheje PIN yawe.',
    wo: 'Gisuloo laaj bi? Bësal *182*7# te nangu fey biy xaar ak sa PIN.',
    zu: 'Asikho isicelo? Shayela *182*7# bese uvumela inkokhelo elindile nge-PIN yakho.',
    ln: 'Bosenga eyei te? Beta *182*7# mpe ndima kofuta oyo ezali kozela na PIN na yo.',
    ar: 'لم يصلك الطلب؟ اطلب \u2066*182*7#\u2069 ووافق على الدفع المعلق برمز PIN.',
    am: 'ጥያቄው አልደረሰዎትም? *182*7# ይደውሉ እና በመጠባበቅ ላይ ያለውን ክፍያ በፒንዎ ያጽድቁ።',
  },
};

/** What every other operator's payer is told. */
export const GENERIC_STEPS: Texts = {
  en: 'No prompt? Open your mobile-money menu and approve the pending payment.',
  fr: 'Pas de demande ? Ouvrez votre menu mobile money et validez le paiement en attente.',
  sw: 'Hukupata ombi? Fungua menyu ya pesa kwa simu na uidhinishe malipo yanayosubiri.',
  pt: 'Sem pedido? Abra o menu de dinheiro móvel e aprove o pagamento pendente.',
  ha: 'Ba ku ga buƙatar ba? Ku buɗe menu na kuɗin wayarku ku amince da biyan da ke jira.',
  yo: 'Ẹ kò rí ìbéèrè náà? Ẹ ṣí mẹ́nù owó alágbèéká yín kí ẹ sì fọwọ́ sí ìsanwó tó ń dúró.',
  ig: 'Ịhụghị arịrịọ ahụ? Mepee menu ego ekwentị gị ma kwado ịkwụ ụgwọ na-eche.',
  rw: 'Nta cyifuzo wabonye? Fungura menu ya mobile money hanyuma wemeze ubwishyu butegereje.',
  wo: 'Gisuloo laaj bi? Ubbil menu xaalis bu sa telefon te nangu fey biy xaar.',
  zu: 'Asikho isicelo? Vula imenyu yemali yeselula bese uvumela inkokhelo elindile.',
  ln: 'Bosenga eyei te? Fungola menu ya mobile money mpe ndima kofuta oyo ezali kozela.',
  ar: 'لم يصلك الطلب؟ افتح قائمة محفظة الهاتف ووافق على الدفع المعلق.',
  am: 'ጥያቄው አልደረሰዎትም? የሞባይል ገንዘብ ሜኑዎን ይክፈቱ እና በመጠባበቅ ላይ ያለውን ክፍያ ያጽድቁ።',
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

/**
 * The hosted page's own words (the widget brings its own: `<code>.ts` and later/) in every
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
  ha: {
    title: 'Biyan {brand}',
    order: 'Odarku',
    amount: 'Adadin kuɗi',
    reference: 'Lambar ma’amala',
    returnTo: 'Koma zuwa {brand}',
    returning: 'Za a mayar da ku zuwa {brand} cikin daƙiƙa {seconds}.',
    paidHeading: 'An riga an biya wannan oda',
    paidBody: 'Babu sauran abin da za a biya. Ku ajiye lambar ma’amala don bayananku.',
    refunded: 'An mayar da {amount}',
    receivedHeading: 'An karɓi biya',
    receivedBody: 'Mun gode. An tabbatar da biyanku.',
    expiredHeading: 'Mahaɗin biyan nan ya ƙare',
    expiredBody: 'Ku nemi sabon mahaɗin biya daga {brand}.',
    notFoundHeading: 'Ba a sami mahaɗin biya ba',
    notFoundBody: 'Ku duba mahaɗin da aka aiko muku, ko ku nemi sabo daga {brand}.',
    unloadable:
      'Ba a iya loda fom ɗin biya ba. Ku duba haɗin intanet ɗinku kuma ku sake loda shafin.',
    phoneHeading: 'Ku biya a wayarku',
    phoneBody: 'Ku sikana wannan lambar QR da kyamarar wayarku don buɗe wannan biya a can.',
    phoneQr: 'Lambar QR ta wannan shafin biya',
    checkAgain: 'Sabunta wannan shafi',
  },
  yo: {
    title: 'Sanwó fún {brand}',
    order: 'Ìbéèrè ọjà yín',
    amount: 'Iye owó',
    reference: 'Nọ́ńbà ìtọ́kasí',
    returnTo: 'Padà sí {brand}',
    returning: 'A ó mú yín padà sí {brand} ní ìṣẹ́jú-àáyá {seconds}.',
    paidHeading: 'A ti san owó ìbéèrè ọjà yìí',
    paidBody: 'Kò sí ohun tó kù láti san. Ẹ tọ́jú nọ́ńbà ìtọ́kasí fún àkọsílẹ̀ yín.',
    refunded: 'A ti dá {amount} padà',
    receivedHeading: 'A ti gba ìsanwó',
    receivedBody: 'Ẹ ṣé. A ti jẹ́rìí sí ìsanwó yín.',
    expiredHeading: 'Àkókò lińkì ìsanwó yìí ti kọjá',
    expiredBody: 'Ẹ béèrè lińkì ìsanwó tuntun lọ́wọ́ {brand}.',
    notFoundHeading: 'A kò rí lińkì ìsanwó náà',
    notFoundBody: 'Ẹ ṣàyẹ̀wò lińkì tí a fi ránṣẹ́ sí yín, tàbí ẹ béèrè tuntun lọ́wọ́ {brand}.',
    unloadable: 'Fọ́ọ̀mù ìsanwó kò ṣí. Ẹ ṣàyẹ̀wò ìsopọ̀ yín, kí ẹ sì tún ojú-ìwé náà ṣí.',
    phoneHeading: 'Ẹ sanwó lórí fóònù yín',
    phoneBody: 'Ẹ fi kámẹ́rà fóònù yín ka kóòdù yìí láti ṣí ìsanwó yìí níbẹ̀.',
    phoneQr: 'Kóòdù QR ojú-ìwé ìsanwó yìí',
    checkAgain: 'Ṣe àtúnṣe ojú-ìwé yìí',
  },
  ig: {
    title: 'Kwụọ ụgwọ nye {brand}',
    order: 'Ihe i zụrụ',
    amount: 'Ego ole',
    reference: 'Nọmba ntụaka',
    returnTo: 'Laghachi na {brand}',
    returning: 'A na-akpọghachi gị na {brand} n’ime sekọnd {seconds}.',
    paidHeading: 'A kwụọla ụgwọ ihe a zụrụ a',
    paidBody: 'Ọ dịghị ihe fọdụrụ ịkwụ. Debe nọmba ntụaka maka ndekọ gị.',
    refunded: 'E weghachila {amount}',
    receivedHeading: 'Anatala ego',
    receivedBody: 'Daalụ. E kwadoola ịkwụ ụgwọ gị.',
    expiredHeading: 'Oge njikọ ịkwụ ụgwọ a agafeela',
    expiredBody: 'Rịọ {brand} ka o nye gị njikọ ịkwụ ụgwọ ọhụrụ.',
    notFoundHeading: 'Ahụghị njikọ ịkwụ ụgwọ ahụ',
    notFoundBody: 'Lelee njikọ e zitere gị, ma ọ bụ rịọ {brand} maka nke ọhụrụ.',
    unloadable: 'Enweghị ike ibunye fọm ịkwụ ụgwọ. Lelee njikọ gị, wee bugharịa ibe ahụ.',
    phoneHeading: 'Kwụọ na ekwentị gị',
    phoneBody: 'Jiri igwefoto ekwentị gị nyochaa koodu a iji mepee ịkwụ ụgwọ a n’ebe ahụ.',
    phoneQr: 'Koodu QR nke ibe ịkwụ ụgwọ a',
    checkAgain: 'Melite ibe a',
  },
  rw: {
    title: 'Ishyura {brand}',
    order: 'Ibyo watumije',
    amount: 'Amafaranga',
    reference: 'Nimero ndanga',
    returnTo: 'Subira kuri {brand}',
    returning: 'Urasubizwa kuri {brand} mu masegonda {seconds}.',
    paidHeading: 'Ibi watumije byamaze kwishyurwa',
    paidBody: 'Nta kindi gisigaye cyo kwishyura. Bika nimero ndanga kugira ngo uzayifashishe.',
    refunded: 'Hasubijwe {amount}',
    receivedHeading: 'Ubwishyu bwakiriwe',
    receivedBody: 'Murakoze. Ubwishyu bwawe bwemejwe.',
    expiredHeading: 'Iyi link yo kwishyura yarangiye',
    expiredBody: 'Saba {brand} indi link yo kwishyura.',
    notFoundHeading: 'Link yo kwishyura ntiyabonetse',
    notFoundBody: 'Genzura link woherejwe, cyangwa usabe {brand} indi nshya.',
    unloadable:
      'Ifishi yo kwishyura ntiyashoboye gufunguka. Reba niba uri kuri interineti, hanyuma wongere ufungure urupapuro.',
    phoneHeading: 'Ishyura kuri telefoni yawe',
    phoneBody:
      'Skaninga iyi kode ukoresheje kamera ya telefoni yawe kugira ngo ufungurireho ubu bwishyu.',
    phoneQr: 'Kode ya QR y’uru rupapuro rwo kwishyura',
    checkAgain: 'Vugurura uru rupapuro',
  },
  wo: {
    title: 'Fey {brand}',
    order: 'Sa njënd',
    amount: 'Xaalis bi',
    reference: 'Nimero referaas',
    returnTo: 'Dellu ci {brand}',
    returning: 'Dinañu la delloo ci {brand} ci {seconds} segond.',
    paidHeading: 'Njënd mii, fey nañu ko ba noppi',
    paidBody: 'Amul dara lu des ngir fey. Denc nimero referaas bi.',
    refunded: 'Delloo nañu {amount}',
    receivedHeading: 'Fey bi agsi na',
    receivedBody: 'Jërëjëf. Sa fey dëggu na.',
    expiredHeading: 'Lien fey bii jeex na',
    expiredBody: 'Laajal {brand} beneen lien fey.',
    notFoundHeading: 'Gisuñu lien fey bi',
    notFoundBody: 'Seetal lien bi ñu la yónnee, walla laajal {brand} beneen.',
    unloadable: 'Mënuñu yebu formileeru fey bi. Seetal sa internet te yebuwaat xët wi.',
    phoneHeading: 'Fey ci sa telefon',
    phoneBody: 'Skaneel kood bii ak kamera sa telefon ngir ubbi fey bii ca.',
    phoneQr: 'Kood QR bu xëtu fey bii',
    checkAgain: 'Yeesal xët wii',
  },
  zu: {
    title: 'Khokha ku-{brand}',
    order: 'I-oda lakho',
    amount: 'Inani',
    reference: 'Inkomba',
    returnTo: 'Buyela ku-{brand}',
    returning: 'Sizokubuyisela ku-{brand} ngemva kwemizuzwana engu-{seconds}.',
    paidHeading: 'Le oda isivele ikhokhelwe',
    paidBody: 'Akukho okunye okufanele ukukhokhe. Gcina inkomba ukuze ube nerekhodi.',
    refunded: 'Kubuyiselwe: {amount}',
    receivedHeading: 'Inkokhelo yamukelwe',
    receivedBody: 'Siyabonga. Inkokhelo yakho iqinisekisiwe.',
    expiredHeading: 'Isixhumanisi sokukhokha siphelelwe yisikhathi',
    expiredBody: 'Cela isixhumanisi esisha sokukhokha ku-{brand}.',
    notFoundHeading: 'Isixhumanisi sokukhokha asitholakalanga',
    notFoundBody: 'Hlola isixhumanisi osithunyelwe, noma ucele esisha ku-{brand}.',
    unloadable:
      'Ifomu lokukhokha alikwazanga ukulayishwa. Hlola uxhumano lwakho bese ulayisha kabusha ikhasi.',
    phoneHeading: 'Khokha ngefoni yakho',
    phoneBody: 'Skena le khodi ngekhamera yefoni yakho ukuze uvule le nkokhelo lapho.',
    phoneQr: 'Ikhodi ye-QR yaleli khasi lokukhokha',
    checkAgain: 'Buyekeza leli khasi',
  },
  ln: {
    title: 'Futa {brand}',
    order: 'Mombongo na yo',
    amount: 'Motuya',
    reference: 'Referansi',
    returnTo: 'Zonga na {brand}',
    returning: 'Tozongisi yo na {brand} nsima ya sekonde {seconds}.',
    paidHeading: 'Mombongo oyo efutami kala',
    paidBody: 'Eloko moko te etikali kofuta. Bomba referansi mpo na mikanda na yo.',
    refunded: 'Ezongisami: {amount}',
    receivedHeading: 'Kofuta ezwami',
    receivedBody: 'Matondi. Kofuta na yo endimami.',
    expiredHeading: 'Lien ya kofuta oyo esili ntango',
    expiredBody: 'Senga {brand} lien ya sika ya kofuta.',
    notFoundHeading: 'Lien ya kofuta emonani te',
    notFoundBody: 'Tala lien oyo batindeli yo, to senga {brand} lien ya sika.',
    unloadable:
      'Formilere ya kofuta ekoki kofungwama te. Tala soki ozali na internet mpe fungola lokasa lisusu.',
    phoneHeading: 'Futa na telefone na yo',
    phoneBody: 'Skane kode oyo na kamera ya telefone na yo mpo na kofungola kofuta oyo kuna.',
    phoneQr: 'Kode QR ya lokasa ya kofuta oyo',
    checkAgain: 'Fungola lokasa oyo lisusu',
  },
  ar: {
    title: 'الدفع إلى {brand}',
    order: 'طلبك',
    amount: 'المبلغ',
    reference: 'المرجع',
    returnTo: 'العودة إلى {brand}',
    returning: 'ستعود إلى {brand} خلال {seconds} ثانية.',
    paidHeading: 'هذا الطلب مدفوع بالفعل',
    paidBody: 'لا يوجد ما تدفعه. احتفظ بالمرجع لسجلاتك.',
    refunded: 'تم استرداد \u2066{amount}\u2069',
    receivedHeading: 'تم استلام الدفع',
    receivedBody: 'شكرًا لك. تم تأكيد دفعتك.',
    expiredHeading: 'انتهت صلاحية رابط الدفع هذا',
    expiredBody: 'اطلب من {brand} رابط دفع جديدًا.',
    notFoundHeading: 'لم يُعثر على رابط الدفع',
    notFoundBody: 'تحقق من الرابط الذي أُرسل إليك، أو اطلب رابطًا جديدًا من {brand}.',
    unloadable: 'تعذر تحميل نموذج الدفع. تحقق من اتصالك وأعد تحميل الصفحة.',
    phoneHeading: 'ادفع من هاتفك',
    phoneBody: 'امسح هذا الرمز بكاميرا هاتفك لفتح عملية الدفع هذه عليه.',
    phoneQr: 'رمز QR لصفحة الدفع هذه',
    checkAgain: 'تحديث هذه الصفحة',
  },
  am: {
    title: 'ለ{brand} ይክፈሉ',
    order: 'ትዕዛዝዎ',
    amount: 'መጠን',
    reference: 'ማጣቀሻ',
    returnTo: 'ወደ {brand} ይመለሱ',
    returning: 'በ{seconds} ሰከንድ ውስጥ ወደ {brand} ይመለሳሉ።',
    paidHeading: 'ይህ ትዕዛዝ አስቀድሞ ተከፍሏል',
    paidBody: 'የሚከፈል ሌላ ነገር የለም። ማጣቀሻውን ለመዝገብዎ ያስቀምጡ።',
    refunded: '{amount} ተመላሽ ተደርጓል',
    receivedHeading: 'ክፍያው ደርሷል',
    receivedBody: 'እናመሰግናለን። ክፍያዎ ተረጋግጧል።',
    expiredHeading: 'ይህ የክፍያ ሊንክ ጊዜው አልፏል',
    expiredBody: 'ከ{brand} አዲስ የክፍያ ሊንክ ይጠይቁ።',
    notFoundHeading: 'የክፍያ ሊንኩ አልተገኘም',
    notFoundBody: 'የተላከልዎትን ሊንክ ያረጋግጡ፣ ወይም ከ{brand} አዲስ ይጠይቁ።',
    unloadable: 'የክፍያ ቅጹን መጫን አልተቻለም። ግንኙነትዎን ያረጋግጡ እና ገጹን እንደገና ይጫኑ።',
    phoneHeading: 'በስልክዎ ይክፈሉ',
    phoneBody: 'ይህን ክፍያ በስልክዎ ለመክፈት ይህን ኮድ በስልክዎ ካሜራ ይቃኙ።',
    phoneQr: 'የዚህ የክፍያ ገጽ QR ኮድ',
    checkAgain: 'ይህን ገጽ ያድሱ',
  },
};

/**
 * The notices (success, failure, lapsed, review, expired) in every language: in that step's chunk
 * (widget/steps/outcome.ts), so a page's first load carries only the first screens' strings
 * (shared/strings/<language>.ts). Each language's strings join its translation when the chunk loads,
 * or when the translation registers later.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
  lapse: {
    otp_expired: 'The code expired',
    otp_locked: 'Too many wrong codes',
    account_expired: 'The account expired before a transfer arrived',
    prompt_unanswered: 'The prompt was not approved in time',
    redirect_cancelled: 'The payment was cancelled on the bank’s page',
    redirect_unanswered: 'The authorization was not completed in time',
  },
  ifPaid: 'If you did pay, this page will update.',
  reviewHeading: 'Payment under review',
  mismatchBody:
    'We received a payment that does not match this checkout (for example a different amount). The shop has been told and will contact you; don’t pay again unless they ask.',
  reviewBody:
    'We could not confirm this payment yet. The shop has been told; don’t pay again unless they ask.',
  closedConfirming: 'Your last payment is still being confirmed.',

  successHeading: 'Payment received',
  successBody: (amount) => `Thank you. You paid ${amount}.`,

  failureHeading: 'Payment not completed',
  failureFailed: 'The payment did not go through.',
  failureClosed: 'This checkout is closed.',
  failureReason: (reason) => `Reason: ${reason}`,
  retry: 'Try again',
  otherMethod: 'Use another method',

  expiredHeading: 'This checkout has expired',
  expiredBody: 'Return to the shop to start again.',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Le code a expiré',
    otp_locked: 'Trop de codes erronés',
    account_expired: 'Le compte a expiré avant l’arrivée d’un virement',
    prompt_unanswered: 'La demande n’a pas été validée à temps',
    redirect_cancelled: 'Le paiement a été annulé sur la page de la banque',
    redirect_unanswered: 'L’autorisation n’a pas été finalisée à temps',
  },
  ifPaid: 'Si vous avez payé, cette page se mettra à jour.',
  reviewHeading: 'Paiement en cours de vérification',
  mismatchBody:
    'Nous avons reçu un paiement qui ne correspond pas à cette commande (par exemple, un montant différent). La boutique a été prévenue et vous contactera ; ne payez pas une seconde fois, sauf si elle vous le demande.',
  reviewBody:
    'Nous n’avons pas encore pu confirmer ce paiement. La boutique a été prévenue ; ne payez pas une seconde fois, sauf si elle vous le demande.',
  closedConfirming: 'Votre dernier paiement est encore en cours de confirmation.',

  successHeading: 'Paiement reçu',
  successBody: (amount) => `Merci. ${amount} ont été payés.`,

  failureHeading: 'Paiement non abouti',
  failureFailed: 'Le paiement n’a pas abouti.',
  failureClosed: 'Ce paiement est clos.',
  failureReason: (reason) => `Motif : ${reason}`,
  retry: 'Réessayer',
  otherMethod: 'Utiliser un autre moyen',

  expiredHeading: 'Ce paiement a expiré',
  expiredBody: 'Retournez sur la boutique pour recommencer.',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Muda wa msimbo umekwisha',
    otp_locked: 'Misimbo mingi isiyo sahihi',
    account_expired: 'Muda wa akaunti umekwisha kabla uhamisho haujafika',
    prompt_unanswered: 'Ombi halikuidhinishwa kwa wakati',
    redirect_cancelled: 'Malipo yalighairiwa kwenye ukurasa wa benki',
    redirect_unanswered: 'Uidhinishaji haukukamilika kwa wakati',
  },
  ifPaid: 'Kama ulilipa, ukurasa huu utajisasisha.',
  reviewHeading: 'Malipo yanakaguliwa',
  mismatchBody:
    'Tumepokea malipo yasiyolingana na agizo hili (kwa mfano, kiasi tofauti). Duka limearifiwa na litawasiliana nawe; usilipe tena isipokuwa duka likikuomba.',
  reviewBody:
    'Bado hatujaweza kuthibitisha malipo haya. Duka limearifiwa; usilipe tena isipokuwa duka likikuomba.',
  closedConfirming: 'Malipo yako ya mwisho bado yanathibitishwa.',

  successHeading: 'Malipo yamepokelewa',
  successBody: (amount) => `Asante. ${amount} imelipwa.`,

  failureHeading: 'Malipo hayajakamilika',
  failureFailed: 'Malipo hayakufanikiwa.',
  failureClosed: 'Malipo haya yamefungwa.',
  failureReason: (reason) => `Sababu: ${reason}`,
  retry: 'Jaribu tena',
  otherMethod: 'Tumia njia nyingine',

  expiredHeading: 'Muda wa malipo haya umekwisha',
  expiredBody: 'Rudi dukani ili uanze malipo mapya.',
};

/** Português. */
const pt: SameStrings<typeof en> = {
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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Lambar ta ƙare',
    otp_locked: 'Lambobin da ba daidai ba sun yi yawa',
    account_expired: 'Asusun ya ƙare kafin kuɗin da aka tura su iso',
    prompt_unanswered: 'Ba a amince da buƙatar cikin lokaci ba',
    redirect_cancelled: 'An soke biyan a shafin banki',
    redirect_unanswered: 'Ba a kammala izinin cikin lokaci ba',
  },
  ifPaid: 'Idan kun riga kun biya, wannan shafi zai sabunta.',
  reviewHeading: 'Ana duba biyan',
  mismatchBody:
    'Mun karɓi biya da bai dace da wannan oda ba (misali, adadin kuɗi daban). An sanar da shagon kuma za su tuntuɓe ku; kada ku sake biya sai idan sun nemi hakan.',
  reviewBody:
    'Ba mu iya tabbatar da wannan biya ba tukuna. An sanar da shagon; kada ku sake biya sai idan sun nemi hakan.',
  closedConfirming: 'Har yanzu ana tabbatar da biyanku na ƙarshe.',
  successHeading: 'An karɓi biya',
  successBody: (amount) => `Mun gode. Kun biya ${amount}.`,
  failureHeading: 'Ba a kammala biyan ba',
  failureFailed: 'Biyan bai yi nasara ba.',
  failureClosed: 'An rufe wannan biya.',
  failureReason: (reason) => `Dalili: ${reason}`,
  retry: 'Sake gwadawa',
  otherMethod: 'Yi amfani da wata hanya',
  expiredHeading: 'Lokacin wannan biya ya ƙare',
  expiredBody: 'Ku koma shagon don sake farawa.',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Àkókò kóòdù náà ti kọjá',
    otp_locked: 'Kóòdù tí kò tọ́ ti pọ̀ jù',
    account_expired: 'Àkókò àkántì náà kọjá kí owó tó dé',
    prompt_unanswered: 'A kò fọwọ́ sí ìbéèrè náà lásìkò',
    redirect_cancelled: 'A fagi lé ìsanwó náà lórí ojú-ìwé báńkì',
    redirect_unanswered: 'A kò parí ìfúnni-láṣẹ náà lásìkò',
  },
  ifPaid: 'Bí ẹ bá ti sanwó, ojú-ìwé yìí yóò ṣe àtúnṣe.',
  reviewHeading: 'À ń ṣàyẹ̀wò ìsanwó náà',
  mismatchBody:
    'A gba ìsanwó kan tí kò bá ìbéèrè yìí mu (fún àpẹẹrẹ, iye owó tó yàtọ̀). A ti sọ fún ilé ìtajà, wọn yóò sì kàn sí yín; ẹ má ṣe tún sanwó àyàfi tí wọ́n bá béèrè.',
  reviewBody:
    'A kò tíì lè jẹ́rìí sí ìsanwó yìí. A ti sọ fún ilé ìtajà; ẹ má ṣe tún sanwó àyàfi tí wọ́n bá béèrè.',
  closedConfirming: 'À ń jẹ́rìí sí ìsanwó yín tó kẹ́yìn lọ́wọ́.',
  successHeading: 'A ti gba ìsanwó',
  successBody: (amount) => `Ẹ ṣé. Ẹ ti san ${amount}.`,
  failureHeading: 'Ìsanwó kò parí',
  failureFailed: 'Ìsanwó náà kò yọrí sí rere.',
  failureClosed: 'A ti pa ìsanwó yìí dé.',
  failureReason: (reason) => `Ìdí: ${reason}`,
  retry: 'Ẹ tún gbìyànjú',
  otherMethod: 'Ẹ lo ọ̀nà míì',
  expiredHeading: 'Àkókò ìsanwó yìí ti kọjá',
  expiredBody: 'Ẹ padà sí ilé ìtajà láti bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Koodu ahụ agwụla',
    otp_locked: 'Koodu ezighi ezi karịrị akarị',
    account_expired: 'Akaụntụ ahụ agwụla tupu ego ezitere abịa',
    prompt_unanswered: 'Akwadoghị arịrịọ ahụ n’oge',
    redirect_cancelled: 'Akagburu ịkwụ ụgwọ ahụ na ibe ụlọ akụ',
    redirect_unanswered: 'Emechaghị inye ikike ahụ n’oge',
  },
  ifPaid: 'Ọ bụrụ na ị kwụọla, ibe a ga-emelite onwe ya.',
  reviewHeading: 'A na-enyocha ịkwụ ụgwọ a',
  mismatchBody:
    'Anyị natara ịkwụ ụgwọ na-adabaghị na ịzụ ahịa a (dịka ọmụmaatụ, ego dị iche). A gwala ụlọ ahịa ahụ, ha ga-akpọtụrụ gị; akwụla ụgwọ ọzọ ma ọ bụrụ na ha arịọghị gị.',
  reviewBody:
    'Anyị enwebeghị ike ịkwado ịkwụ ụgwọ a. A gwala ụlọ ahịa ahụ; akwụla ụgwọ ọzọ ma ọ bụrụ na ha arịọghị gị.',
  closedConfirming: 'A ka na-akwado ịkwụ ụgwọ ikpeazụ gị.',
  successHeading: 'Anatala ego',
  successBody: (amount) => `Daalụ. Ị kwụrụ ${amount}.`,
  failureHeading: 'Ịkwụ ụgwọ emezughị',
  failureFailed: 'Ịkwụ ụgwọ ahụ agaghị.',
  failureClosed: 'Emechiela ịkwụ ụgwọ a.',
  failureReason: (reason) => `Ihe kpatara ya: ${reason}`,
  retry: 'Nwaa ọzọ',
  otherMethod: 'Jiri ụzọ ọzọ',
  expiredHeading: 'Oge ịkwụ ụgwọ a agafeela',
  expiredBody: 'Laghachi n’ụlọ ahịa ka ịmalite ọzọ.',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Igihe cya kode cyarangiye',
    otp_locked: 'Kode zitari zo zabaye nyinshi',
    account_expired: 'Konti yarangiye amafaranga yoherejwe ataragera',
    prompt_unanswered: 'Icyifuzo nticyemejwe ku gihe',
    redirect_cancelled: 'Ubwishyu bwahagaritswe ku rupapuro rwa banki',
    redirect_unanswered: 'Kwemeza ntikwarangiye ku gihe',
  },
  ifPaid: 'Niba wishyuye, uru rupapuro ruzavugururwa.',
  reviewHeading: 'Ubwishyu burimo gusuzumwa',
  mismatchBody:
    'Twakiriye ubwishyu budahuye n’ibyo watumije (urugero, amafaranga atandukanye). Iduka ryabimenyeshejwe kandi rizakuvugisha; ntiwongere kwishyura keretse rigusabye.',
  reviewBody:
    'Ntiturabasha kwemeza ubu bwishyu. Iduka ryabimenyeshejwe; ntiwongere kwishyura keretse rigusabye.',
  closedConfirming: 'Ubwishyu bwawe bwa nyuma buracyemezwa.',
  successHeading: 'Ubwishyu bwakiriwe',
  successBody: (amount) => `Murakoze. Wishyuye ${amount}.`,
  failureHeading: 'Ubwishyu ntibwarangiye',
  failureFailed: 'Ubwishyu ntibwakunze.',
  failureClosed: 'Ubu bwishyu bwafunzwe.',
  failureReason: (reason) => `Impamvu: ${reason}`,
  retry: 'Ongera ugerageze',
  otherMethod: 'Koresha ubundi buryo',
  expiredHeading: 'Igihe cy’ubu bwishyu cyarangiye',
  expiredBody: 'Subira ku iduka kugira ngo wongere utangire.',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Kood bi jeex na',
    otp_locked: 'Kood yu baaxul yi bare nañu',
    account_expired: 'Kontu bi jeex na laata xaalis bi agsi',
    prompt_unanswered: 'Nanguwuñu laaj bi ci jamono',
    redirect_cancelled: 'Fey bi neenal nañu ko ci xëtu bànk bi',
    redirect_unanswered: 'Sañ-sañ bi matuñu ko ci jamono',
  },
  ifPaid: 'Su fekkee fey nga, xët wii dina yeesu.',
  reviewHeading: 'Ñu ngi seet fey bi',
  mismatchBody:
    'Jot nanu fey bu dëppóowul ak njënd mii (misaal, xaalis bu wuute). Bitig bi xam na ko te dina la woo; bul feyaat lu dul ñoo la ko laaj.',
  reviewBody: 'Mënagunu dëggal fey bii. Bitig bi xam na ko; bul feyaat lu dul ñoo la ko laaj.',
  closedConfirming: 'Sa fey bu mujj bi, ñu ngi koy dëggal ba tey.',
  successHeading: 'Fey bi agsi na',
  successBody: (amount) => `Jërëjëf. Fey nga ${amount}.`,
  failureHeading: 'Fey bi matul',
  failureFailed: 'Fey bi antuwul.',
  failureClosed: 'Fey bii tëju na.',
  failureReason: (reason) => `Lu ko waral: ${reason}`,
  retry: 'Jéemaatal',
  otherMethod: 'Jëfandikoo beneen anam',
  expiredHeading: 'Waxtu fey bii jeex na',
  expiredBody: 'Dellul ca bitig ba ngir tàmbaliwaat.',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Ikhodi iphelelwe yisikhathi',
    otp_locked: 'Amakhodi angalungile maningi kakhulu',
    account_expired: 'I-akhawunti iphelelwe yisikhathi ngaphambi kokuthi kufike imali',
    prompt_unanswered: 'Isicelo asivunyelwanga ngesikhathi',
    redirect_cancelled: 'Inkokhelo ikhanseliwe ekhasini lebhange',
    redirect_unanswered: 'Ukugunyaza akuqedwanga ngesikhathi',
  },
  ifPaid: 'Uma ukhokhile, leli khasi lizobuyekezwa.',
  reviewHeading: 'Inkokhelo iyahlolwa',
  mismatchBody:
    'Sithole inkokhelo engahambisani nale oda (isibonelo, inani elihlukile). Isitolo sazisiwe futhi sizokuthinta; ungaphinde ukhokhe ngaphandle uma sikucela.',
  reviewBody:
    'Asikakwazi ukuqinisekisa le nkokhelo. Isitolo sazisiwe; ungaphinde ukhokhe ngaphandle uma sikucela.',
  closedConfirming: 'Inkokhelo yakho yokugcina isaqinisekiswa.',
  successHeading: 'Inkokhelo yamukelwe',
  successBody: (amount) => `Siyabonga. Ukhokhe ${amount}.`,
  failureHeading: 'Inkokhelo ayiphelelanga',
  failureFailed: 'Inkokhelo ayiphumelelanga.',
  failureClosed: 'Le nkokhelo ivaliwe.',
  failureReason: (reason) => `Isizathu: ${reason}`,
  retry: 'Zama futhi',
  otherMethod: 'Sebenzisa enye indlela',
  expiredHeading: 'Isikhathi sale nkokhelo siphelile',
  expiredBody: 'Buyela esitolo ukuze uqale kabusha.',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'Kode esili ntango',
    otp_locked: 'Kode ya mabe eleki ebele',
    account_expired: 'Konti esilaki liboso mbongo etindami ekoma',
    prompt_unanswered: 'Bosenga endimamaki na ntango te',
    redirect_cancelled: 'Kofuta ekatamaki na lokasa ya banki',
    redirect_unanswered: 'Ndingisa esilisamaki na ntango te',
  },
  ifPaid: 'Soki ofutaki, lokasa oyo ekomibongisa.',
  reviewHeading: 'Kofuta ezali kotalelama',
  mismatchBody:
    'Tozwi kofuta oyo ekokani te na mombongo oyo (ndakisa, motuya mosusu). Magazini eyebisami mpe ekosolola na yo; kofuta lisusu te longola se soki esengi yo.',
  reviewBody:
    'Tokoki naino te kondimisa kofuta oyo. Magazini eyebisami; kofuta lisusu te longola se soki esengi yo.',
  closedConfirming: 'Kofuta na yo ya suka ezali naino kondimisama.',
  successHeading: 'Kofuta ezwami',
  successBody: (amount) => `Matondi. Ofuti ${amount}.`,
  failureHeading: 'Kofuta esilaki te',
  failureFailed: 'Kofuta elongi te.',
  failureClosed: 'Kofuta oyo ekangami.',
  failureReason: (reason) => `Ntina: ${reason}`,
  retry: 'Meka lisusu',
  otherMethod: 'Salela lolenge mosusu',
  expiredHeading: 'Ntango ya kofuta oyo esili',
  expiredBody: 'Zonga na magazini mpo na kobanda lisusu.',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'انتهت صلاحية الرمز',
    otp_locked: 'رموز خاطئة كثيرة جدًا',
    account_expired: 'انتهت صلاحية الحساب قبل وصول أي تحويل',
    prompt_unanswered: 'لم تتم الموافقة على الطلب في الوقت المحدد',
    redirect_cancelled: 'أُلغي الدفع في صفحة البنك',
    redirect_unanswered: 'لم يكتمل التفويض في الوقت المحدد',
  },
  ifPaid: 'إذا كنت قد دفعت، فستُحدَث هذه الصفحة.',
  reviewHeading: 'الدفع قيد المراجعة',
  mismatchBody:
    'تلقينا دفعة لا تطابق عملية الشراء هذه (مثل مبلغ مختلف). أُبلغ المتجر وسيتواصل معك؛ لا تدفع مرة أخرى إلا إذا طلب منك ذلك.',
  reviewBody: 'لم نتمكن من تأكيد هذا الدفع بعد. أُبلغ المتجر؛ لا تدفع مرة أخرى إلا إذا طلب منك ذلك.',
  closedConfirming: 'لا يزال تأكيد دفعتك الأخيرة جاريًا.',
  successHeading: 'تم استلام الدفع',
  successBody: (amount) => `شكرًا لك. دفعت \u2066${amount}\u2069.`,
  failureHeading: 'لم يكتمل الدفع',
  failureFailed: 'لم تنجح عملية الدفع.',
  failureClosed: 'عملية الدفع هذه مغلقة.',
  failureReason: (reason) => `السبب: \u2066${reason}\u2069`,
  retry: 'أعد المحاولة',
  otherMethod: 'استخدم طريقة أخرى',
  expiredHeading: 'انتهت صلاحية عملية الدفع هذه',
  expiredBody: 'عد إلى المتجر للبدء من جديد.',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  lapse: {
    otp_expired: 'የኮዱ ጊዜ አልፏል',
    otp_locked: 'በጣም ብዙ የተሳሳቱ ኮዶች',
    account_expired: 'ገንዘብ ከመተላለፉ በፊት የሂሳቡ ጊዜ አልፏል',
    prompt_unanswered: 'ጥያቄው በጊዜው አልጸደቀም',
    redirect_cancelled: 'ክፍያው በባንኩ ገጽ ላይ ተሰርዟል',
    redirect_unanswered: 'ፈቃዱ በጊዜው አልተጠናቀቀም',
  },
  ifPaid: 'ከፍለው ከሆነ ይህ ገጽ ይዘመናል።',
  reviewHeading: 'ክፍያው በግምገማ ላይ ነው',
  mismatchBody:
    'ከዚህ ግዢ ጋር የማይዛመድ ክፍያ ደርሶናል (ለምሳሌ የተለየ መጠን)። መደብሩ እንዲያውቅ ተደርጓል፤ ያነጋግርዎታል። ካልጠየቀዎት በስተቀር እንደገና አይክፈሉ።',
  reviewBody: 'ይህን ክፍያ እስካሁን ማረጋገጥ አልቻልንም። መደብሩ እንዲያውቅ ተደርጓል፤ ካልጠየቀዎት በስተቀር እንደገና አይክፈሉ።',
  closedConfirming: 'የመጨረሻው ክፍያዎ አሁንም በማረጋገጥ ላይ ነው።',
  successHeading: 'ክፍያው ደርሷል',
  successBody: (amount) => `እናመሰግናለን። ${amount} ከፍለዋል።`,
  failureHeading: 'ክፍያው አልተጠናቀቀም',
  failureFailed: 'ክፍያው አልተሳካም።',
  failureClosed: 'ይህ ክፍያ ተዘግቷል።',
  failureReason: (reason) => `ምክንያት፦ ${reason}`,
  retry: 'እንደገና ይሞክሩ',
  otherMethod: 'ሌላ ዘዴ ይጠቀሙ',
  expiredHeading: 'የዚህ ክፍያ ጊዜ አልፏል',
  expiredBody: 'እንደገና ለመጀመር ወደ መደብሩ ይመለሱ።',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

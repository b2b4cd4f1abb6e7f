/**
 * What only the form submit's chunk (actions/submit-attempt.ts, fetched when the payer first
 * types) makes the widget say, in every language: the fields' problems (its check finds them),
 * "change" beside an operator predicted from the number (its prediction sets it), and the
 * refusals of a new attempt (a prompt limit's by which limit: `RATE_LIMITED_PHONE`,
 * `RATE_LIMITED_SESSION`). So a page's first load carries only the first screens' strings and
 * the errors any request may meet (shared/strings/<language>.ts).
 * @module
 */
import type { SameStrings, StepStrings, StepTable } from '../types';

/** English. */
export const en = {
  required: 'This field is required.',
  sending: 'Sending…',
  change: 'change',
  invalid: 'Check this value.',
  phoneInvalid: (digits) => `Enter ${digits} digits after the country code.`,
  idLength: 'An ID number has 13 digits.',
  idInvalid: 'This ID number is not valid.',
  bankRequired: 'Choose your bank.',
  fixFields: (count) => (count === 1 ? 'Fix 1 field.' : `Fix ${count} fields.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
    ATTEMPT_IN_PROGRESS: 'A payment is already in progress.',
    COUNTRY_NOT_AVAILABLE: 'This country is not available.',
    METHOD_NOT_AVAILABLE: 'This payment method is not available.',
    VALIDATION_FAILED: 'Check the highlighted fields.',
    UPSTREAM_REJECTED: 'The payment provider refused this payment.',
    MERCHANT_UNAVAILABLE: 'This shop cannot take payments right now.',
    UPSTREAM_AUTH: 'Payments are temporarily unavailable. Try again later.',
    RATE_LIMITED_PHONE:
      'Too many payment requests were sent to this phone number. Try again later, or pay another way.',
    RATE_LIMITED_SESSION:
      'Too many payment requests for this checkout. Wait a few minutes, then try again.',
  },
} satisfies StepStrings;

/** Français. */
const fr: SameStrings<typeof en> = {
  required: 'Ce champ est obligatoire.',
  sending: 'Envoi…',
  change: 'modifier',
  invalid: 'Vérifiez cette valeur.',
  phoneInvalid: (digits) => `Saisissez un numéro valide : ${digits} chiffres après l’indicatif.`,
  idLength: 'Un numéro d’identité compte exactement 13 chiffres.',
  idInvalid: 'Ce numéro d’identité n’est pas valide. Vérifiez les chiffres.',
  bankRequired: 'Choisissez votre banque.',
  fixFields: (count) =>
    count === 1 ? 'Corrigez 1 champ pour continuer.' : `Corrigez ${count} champs pour continuer.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à encaisser ce paiement.',
    SESSION_CLOSED: 'Ce paiement est clos.',
    SESSION_EXPIRED: 'Ce paiement a expiré.',
    UPSTREAM_UNAVAILABLE: 'Le prestataire de paiement est indisponible. Réessayez bientôt.',
    UPSTREAM_TIMEOUT: 'Le prestataire de paiement tarde à répondre. Nous vérifions le statut.',
    RATE_LIMITED: 'Trop de tentatives. Patientez une minute puis réessayez.',
    ATTEMPT_IN_PROGRESS: 'Un paiement est déjà en cours. Attendez qu’il se termine.',
    COUNTRY_NOT_AVAILABLE: 'Ce pays n’est pas disponible pour ce paiement.',
    METHOD_NOT_AVAILABLE: 'Ce moyen de paiement n’est pas disponible.',
    VALIDATION_FAILED: 'Certaines informations ne sont pas valides. Vérifiez les champs signalés.',
    UPSTREAM_REJECTED: 'Le prestataire de paiement a refusé ce paiement.',
    MERCHANT_UNAVAILABLE: 'Cette boutique ne peut pas encaisser de paiements pour le moment.',
    UPSTREAM_AUTH: 'Les paiements sont momentanément indisponibles. Réessayez plus tard.',
    RATE_LIMITED_PHONE:
      'Trop de demandes de paiement ont été envoyées à ce numéro. Réessayez plus tard ou payez autrement.',
    RATE_LIMITED_SESSION:
      'Trop de demandes de paiement pour cette commande. Patientez quelques minutes, puis réessayez.',
  },
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  change: 'badilisha',
  invalid: 'Kagua thamani hii.',
  phoneInvalid: (digits) => `Weka namba sahihi: tarakimu ${digits} baada ya msimbo wa nchi.`,
  idLength: 'Namba ya kitambulisho ina tarakimu 13 kamili.',
  idInvalid: 'Namba hii ya kitambulisho si sahihi. Kagua tarakimu.',
  bankRequired: 'Chagua benki yako.',
  fixFields: (count) =>
    count === 1 ? 'Rekebisha sehemu 1 ili kuendelea.' : `Rekebisha sehemu ${count} ili kuendelea.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    ATTEMPT_IN_PROGRESS: 'Malipo tayari yanaendelea. Subiri yakamilike.',
    COUNTRY_NOT_AVAILABLE: 'Nchi hii haipatikani kwa malipo haya.',
    METHOD_NOT_AVAILABLE: 'Njia hii ya malipo haipatikani.',
    VALIDATION_FAILED: 'Baadhi ya taarifa si sahihi. Kagua sehemu zilizowekwa alama.',
    UPSTREAM_REJECTED: 'Mtoa huduma wa malipo amekataa malipo haya.',
    MERCHANT_UNAVAILABLE: 'Duka hili haliwezi kupokea malipo kwa sasa.',
    UPSTREAM_AUTH: 'Malipo hayapatikani kwa muda. Jaribu tena baadaye.',
    RATE_LIMITED_PHONE:
      'Maombi mengi mno ya malipo yametumwa kwa namba hii ya simu. Jaribu tena baadaye, au lipa kwa njia nyingine.',
    RATE_LIMITED_SESSION:
      'Maombi mengi mno ya malipo kwa oda hii. Subiri dakika chache, kisha ujaribu tena.',
  },
};

/** Português. */
const pt: SameStrings<typeof en> = {
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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  required: 'Dole ne a cike wannan wuri.',
  sending: 'Ana aikawa…',
  change: 'canza',
  invalid: 'Ku duba wannan bayani.',
  phoneInvalid: (digits) => `Ku shigar da lambobi ${digits} bayan lambar ƙasa.`,
  idLength: 'Lambar shaida tana da lambobi 13.',
  idInvalid: 'Wannan lambar shaida ba daidai ba ce.',
  bankRequired: 'Ku zaɓi bankinku.',
  fixFields: (count) => (count === 1 ? 'Ku gyara wuri 1.' : `Ku gyara wurare ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Wannan shafi ba shi da izinin karɓar wannan biya.',
    SESSION_CLOSED: 'An rufe wannan biya.',
    SESSION_EXPIRED: 'Lokacin wannan biya ya ƙare.',
    UPSTREAM_UNAVAILABLE:
      'Mai ba da sabis na biya ba ya samuwa. Ku sake gwadawa nan ba da jimawa ba.',
    UPSTREAM_TIMEOUT: 'Mai ba da sabis na biya yana jinkirin amsawa. Muna dubawa.',
    RATE_LIMITED: 'Ƙoƙari ya yi yawa. Ku jira minti ɗaya.',
    ATTEMPT_IN_PROGRESS: 'Akwai wani biya da ake yi a yanzu.',
    COUNTRY_NOT_AVAILABLE: 'Wannan ƙasa ba ta samuwa.',
    METHOD_NOT_AVAILABLE: 'Wannan hanyar biya ba ta samuwa.',
    VALIDATION_FAILED: 'Ku duba wuraren da aka nuna.',
    UPSTREAM_REJECTED: 'Mai ba da sabis na biya ya ƙi wannan biya.',
    MERCHANT_UNAVAILABLE: 'Wannan shago ba zai iya karɓar biya a yanzu ba.',
    UPSTREAM_AUTH: 'Ba a iya biya na ɗan lokaci. Ku sake gwadawa daga baya.',
    RATE_LIMITED_PHONE:
      'An aika buƙatun biya da yawa zuwa wannan lambar waya. Ku sake gwadawa daga baya, ko ku biya ta wata hanya.',
    RATE_LIMITED_SESSION:
      'Buƙatun biya sun yi yawa a wannan oda. Ku jira ’yan mintuna, sannan ku sake gwadawa.',
  },
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  required: 'Ẹ gbọ́dọ̀ kún apá yìí.',
  sending: 'Ó ń ránṣẹ́…',
  change: 'yí i padà',
  invalid: 'Ẹ ṣàyẹ̀wò ohun tí ẹ kọ.',
  phoneInvalid: (digits) => `Ẹ tẹ óńkà ${digits} lẹ́yìn kóòdù orílẹ̀-èdè.`,
  idLength: 'Nọ́ńbà ìdánimọ̀ ní óńkà 13.',
  idInvalid: 'Nọ́ńbà ìdánimọ̀ yìí kò tọ́.',
  bankRequired: 'Ẹ yan báńkì yín.',
  fixFields: (count) => `Ẹ ṣàtúnṣe apá ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ojú-ìwé yìí kò ní àṣẹ láti gba ìsanwó yìí.',
    SESSION_CLOSED: 'A ti pa ìsanwó yìí dé.',
    SESSION_EXPIRED: 'Àkókò ìsanwó yìí ti kọjá.',
    UPSTREAM_UNAVAILABLE: 'Olùpèsè ìsanwó kò sí lárọ̀ọ́wọ́tó. Ẹ tún gbìyànjú láìpẹ́.',
    UPSTREAM_TIMEOUT: 'Olùpèsè ìsanwó ń pẹ́ kó tó dáhùn. À ń ṣàyẹ̀wò.',
    RATE_LIMITED: 'Ẹ ti gbìyànjú jù. Ẹ dúró fún ìṣẹ́jú kan.',
    ATTEMPT_IN_PROGRESS: 'Ìsanwó kan ti ń lọ lọ́wọ́.',
    COUNTRY_NOT_AVAILABLE: 'Orílẹ̀-èdè yìí kò sí lárọ̀ọ́wọ́tó.',
    METHOD_NOT_AVAILABLE: 'Ọ̀nà ìsanwó yìí kò sí lárọ̀ọ́wọ́tó.',
    VALIDATION_FAILED: 'Ẹ ṣàyẹ̀wò àwọn apá tí a sàmì sí.',
    UPSTREAM_REJECTED: 'Olùpèsè ìsanwó kọ ìsanwó yìí.',
    MERCHANT_UNAVAILABLE: 'Ilé ìtajà yìí kò lè gba ìsanwó báyìí.',
    UPSTREAM_AUTH: 'Ìsanwó kò ṣeé ṣe fún ìgbà díẹ̀. Ẹ tún gbìyànjú nígbà míì.',
    RATE_LIMITED_PHONE:
      'A ti fi ìbéèrè ìsanwó tó pọ̀ jù ránṣẹ́ sí nọ́ńbà fóònù yìí. Ẹ tún gbìyànjú nígbà míì, tàbí ẹ sanwó lọ́nà míì.',
    RATE_LIMITED_SESSION:
      'Ìbéèrè ìsanwó ti pọ̀ jù fún ìsanwó yìí. Ẹ dúró fún ìṣẹ́jú díẹ̀, lẹ́yìn náà ẹ tún gbìyànjú.',
  },
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  required: 'Ọ dị mkpa ijupụta ebe a.',
  sending: 'Na-ezipu…',
  change: 'gbanwee',
  invalid: 'Lelee ihe a.',
  phoneInvalid: (digits) => `Tinye ọnụọgụ ${digits} mgbe koodu mba gachara.`,
  idLength: 'Nọmba njirimara nwere ọnụọgụ 13.',
  idInvalid: 'Nọmba njirimara a ezighi ezi.',
  bankRequired: 'Họrọ ụlọ akụ gị.',
  fixFields: (count) => `Dozie ebe ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ibe a enweghị ikike ịnara ịkwụ ụgwọ a.',
    SESSION_CLOSED: 'Emechiela ịkwụ ụgwọ a.',
    SESSION_EXPIRED: 'Oge ịkwụ ụgwọ a agafeela.',
    UPSTREAM_UNAVAILABLE:
      'Onye na-enye ọrụ ịkwụ ụgwọ adịghị ugbu a. Nwaa ọzọ n’oge na-adịghị anya.',
    UPSTREAM_TIMEOUT: 'Onye na-enye ọrụ ịkwụ ụgwọ na-egbu oge ịza. Anyị na-enyocha.',
    RATE_LIMITED: 'Ị nwaala ọtụtụ ugboro. Chere otu nkeji.',
    ATTEMPT_IN_PROGRESS: 'Ịkwụ ụgwọ ọzọ na-aga n’ihu ugbu a.',
    COUNTRY_NOT_AVAILABLE: 'Mba a adịghị maka ịkwụ ụgwọ a.',
    METHOD_NOT_AVAILABLE: 'Ụzọ ịkwụ ụgwọ a adịghị.',
    VALIDATION_FAILED: 'Lelee ebe ndị e gosiri.',
    UPSTREAM_REJECTED: 'Onye na-enye ọrụ ịkwụ ụgwọ jụrụ ịkwụ ụgwọ a.',
    MERCHANT_UNAVAILABLE: 'Ụlọ ahịa a enweghị ike ịnara ego ugbu a.',
    UPSTREAM_AUTH: 'Ịkwụ ụgwọ adịghị nwa oge. Nwaa ọzọ ma emechaa.',
    RATE_LIMITED_PHONE:
      'E zigaala arịrịọ ịkwụ ụgwọ karịrị akarị na nọmba ekwentị a. Nwaa ọzọ ma emechaa, ma ọ bụ kwụọ n’ụzọ ọzọ.',
    RATE_LIMITED_SESSION:
      'Arịrịọ ịkwụ ụgwọ karịrị akarị maka ịzụ ahịa a. Chere nkeji ole na ole, wee nwaa ọzọ.',
  },
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  required: 'Iki gice kigomba kuzuzwa.',
  sending: 'Birimo koherezwa…',
  change: 'hindura',
  invalid: 'Genzura ibi wanditse.',
  phoneInvalid: (digits) => `Andika imibare ${digits} nyuma ya kode y’igihugu.`,
  idLength: 'Nimero y’indangamuntu igira imibare 13.',
  idInvalid: 'Iyi nimero y’indangamuntu si yo.',
  bankRequired: 'Hitamo banki yawe.',
  fixFields: (count) => (count === 1 ? 'Kosora igice 1.' : `Kosora ibice ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Uru rupapuro ntirwemerewe kwakira ubu bwishyu.',
    SESSION_CLOSED: 'Ubu bwishyu bwafunzwe.',
    SESSION_EXPIRED: 'Igihe cy’ubu bwishyu cyarangiye.',
    UPSTREAM_UNAVAILABLE: 'Utanga serivisi yo kwishyura ntaboneka. Ongera ugerageze vuba.',
    UPSTREAM_TIMEOUT: 'Utanga serivisi yo kwishyura aratinda gusubiza. Turimo kugenzura.',
    RATE_LIMITED: 'Wagerageje inshuro nyinshi. Tegereza umunota umwe.',
    ATTEMPT_IN_PROGRESS: 'Hari ubwishyu burimo gukorwa.',
    COUNTRY_NOT_AVAILABLE: 'Iki gihugu ntikiboneka.',
    METHOD_NOT_AVAILABLE: 'Ubu buryo bwo kwishyura ntibuboneka.',
    VALIDATION_FAILED: 'Genzura ibice byagaragajwe.',
    UPSTREAM_REJECTED: 'Utanga serivisi yo kwishyura yanze ubu bwishyu.',
    MERCHANT_UNAVAILABLE: 'Iri duka ntirishobora kwakira ubwishyu ubu.',
    UPSTREAM_AUTH: 'Kwishyura ntibishoboka by’agateganyo. Ongera ugerageze nyuma.',
    RATE_LIMITED_PHONE:
      'Ibyifuzo byo kwishyura byinshi cyane byoherejwe kuri iyi nimero ya telefoni. Ongera ugerageze nyuma, cyangwa wishyure mu bundi buryo.',
    RATE_LIMITED_SESSION:
      'Ibyifuzo byo kwishyura ni byinshi cyane kuri ubu bwishyu. Tegereza iminota mike, hanyuma wongere ugerageze.',
  },
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  required: 'War nga fees bii.',
  sending: 'Mi ngi yónnee…',
  change: 'soppi',
  invalid: 'Seetaatal lii.',
  phoneInvalid: (digits) => `Bindal ${digits} siifar ginnaaw koodu réew mi.`,
  idLength: 'Nimero idantite am na 13 siifar.',
  idInvalid: 'Nimero idantite bii baaxul.',
  bankRequired: 'Tànnal sa bànk.',
  fixFields: (count) => `Defaral ${count} bérab.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Xët wii amul sañ-sañu jël fey bii.',
    SESSION_CLOSED: 'Fey bii tëju na.',
    SESSION_EXPIRED: 'Waxtu fey bii jeex na.',
    UPSTREAM_UNAVAILABLE: 'Sarwiisu fey bi jàppandiwul. Jéemaatal ci kanam tuuti.',
    UPSTREAM_TIMEOUT: 'Sarwiisu fey bi dafa yéex a tontu. Ñu ngi koy seet.',
    RATE_LIMITED: 'Jéem nga lu bare. Xaaral benn simili.',
    ATTEMPT_IN_PROGRESS: 'Am na beneen fey buy dox léegi.',
    COUNTRY_NOT_AVAILABLE: 'Réew mii jàppandiwul.',
    METHOD_NOT_AVAILABLE: 'Anam fey bii jàppandiwul.',
    VALIDATION_FAILED: 'Seetaatal bérab yi ñu màndargal.',
    UPSTREAM_REJECTED: 'Sarwiisu fey bi bañ na fey bii.',
    MERCHANT_UNAVAILABLE: 'Bitig bii mënul jël fey léegi.',
    UPSTREAM_AUTH: 'Fey mënul nekk ci diir bii. Jéemaatal ci kanam.',
    RATE_LIMITED_PHONE:
      'Yónnee nañu laaj yu bare ci nimero telefon bii. Jéemaatal ci kanam, walla nga fey ci beneen anam.',
    RATE_LIMITED_SESSION:
      'Laaj yi bare nañu lool ci fey bii. Xaaral ay simili, ba noppi nga jéemaat.',
  },
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  required: 'Le nkambu iyadingeka.',
  sending: 'Iyathumela…',
  change: 'shintsha',
  invalid: 'Hlola leli nani.',
  phoneInvalid: (digits) => `Faka izinombolo ezingu-${digits} ngemva kwekhodi yezwe.`,
  idLength: 'Inombolo kamazisi inezinombolo ezingu-13.',
  idInvalid: 'Le nombolo kamazisi ayivumelekile.',
  bankRequired: 'Khetha ibhange lakho.',
  fixFields: (count) =>
    count === 1 ? 'Lungisa inkambu engu-1.' : `Lungisa izinkambu ezingu-${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Leli khasi alivunyelwe ukwamukela le nkokhelo.',
    SESSION_CLOSED: 'Le nkokhelo ivaliwe.',
    SESSION_EXPIRED: 'Isikhathi sale nkokhelo siphelile.',
    UPSTREAM_UNAVAILABLE: 'Umhlinzeki wokukhokha akatholakali. Zama futhi maduze.',
    UPSTREAM_TIMEOUT: 'Umhlinzeki wokukhokha uyephuza ukuphendula. Siyahlola.',
    RATE_LIMITED: 'Imizamo miningi kakhulu. Linda umzuzu owodwa.',
    ATTEMPT_IN_PROGRESS: 'Kukhona inkokhelo eseqhubekayo.',
    COUNTRY_NOT_AVAILABLE: 'Leli zwe alitholakali.',
    METHOD_NOT_AVAILABLE: 'Le ndlela yokukhokha ayitholakali.',
    VALIDATION_FAILED: 'Hlola izinkambu ezigqanyisiwe.',
    UPSTREAM_REJECTED: 'Umhlinzeki wokukhokha uyenqabile le nkokhelo.',
    MERCHANT_UNAVAILABLE: 'Lesi sitolo asikwazi ukwamukela izinkokhelo okwamanje.',
    UPSTREAM_AUTH: 'Izinkokhelo azitholakali okwesikhashana. Zama futhi kamuva.',
    RATE_LIMITED_PHONE:
      'Kuthunyelwe izicelo zokukhokha eziningi kakhulu kule nombolo yocingo. Zama futhi kamuva, noma ukhokhe ngenye indlela.',
    RATE_LIMITED_SESSION:
      'Izicelo zokukhokha ziningi kakhulu kule nkokhelo. Linda imizuzu embalwa, bese uzama futhi.',
  },
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  required: 'Esengeli kotondisa esika oyo.',
  sending: 'Ezali kotinda…',
  change: 'kobongola',
  invalid: 'Tala lisusu oyo okomi.',
  phoneInvalid: (digits) => `Koma mituya ${digits} sima ya kode ya ekolo.`,
  idLength: 'Nimero ya idantite ezali na mituya 13.',
  idInvalid: 'Nimero ya idantite oyo ezali malamu te.',
  bankRequired: 'Pona banki na yo.',
  fixFields: (count) => (count === 1 ? 'Bongisa esika 1.' : `Bongisa bisika ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Lokasa oyo ezali na ndingisa te ya kozwa kofuta oyo.',
    SESSION_CLOSED: 'Kofuta oyo ekangami.',
    SESSION_EXPIRED: 'Ntango ya kofuta oyo esili.',
    UPSTREAM_UNAVAILABLE:
      'Mopesi ya mosala ya kofuta azali te sikoyo. Meka lisusu nsima ya mwa ntango.',
    UPSTREAM_TIMEOUT: 'Mopesi ya mosala ya kofuta azali koumela kozongisa eyano. Tozali kotala.',
    RATE_LIMITED: 'Omeki mbala mingi. Zela miniti moko.',
    ATTEMPT_IN_PROGRESS: 'Kofuta mosusu ezali kosalema sikoyo.',
    COUNTRY_NOT_AVAILABLE: 'Ekolo oyo ezali te.',
    METHOD_NOT_AVAILABLE: 'Lolenge ya kofuta oyo ezali te.',
    VALIDATION_FAILED: 'Tala bisika oyo bilakisami.',
    UPSTREAM_REJECTED: 'Mopesi ya mosala ya kofuta aboyi kofuta oyo.',
    MERCHANT_UNAVAILABLE: 'Magazini oyo ekoki kozwa mbongo sikoyo te.',
    UPSTREAM_AUTH: 'Kofuta ekoki kosalema te mpo na mwa ntango. Meka lisusu sima.',
    RATE_LIMITED_PHONE:
      'Masenga ya kofuta ebele etindami na nimero ya telefone oyo. Meka lisusu sima, to futa na lolenge mosusu.',
    RATE_LIMITED_SESSION:
      'Masenga ya kofuta eleki ebele mpo na kofuta oyo. Zela miniti mwa moke, sima meka lisusu.',
  },
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  required: 'هذا الحقل مطلوب.',
  sending: 'جارٍ الإرسال…',
  change: 'تغيير',
  invalid: 'تحقق من هذه القيمة.',
  phoneInvalid: (digits) => `أدخل ${digits} أرقام بعد رمز البلد.`,
  idLength: 'رقم الهوية مكون من 13 رقمًا.',
  idInvalid: 'رقم الهوية هذا غير صالح.',
  bankRequired: 'اختر بنكك.',
  fixFields: (count) =>
    count === 1
      ? 'صحح حقلًا واحدًا.'
      : count === 2
        ? 'صحح حقلين.'
        : count <= 10
          ? `صحح ${count} حقول.`
          : `صحح ${count} حقلًا.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'هذه الصفحة غير مصرح لها بتلقي هذا الدفع.',
    SESSION_CLOSED: 'عملية الدفع هذه مغلقة.',
    SESSION_EXPIRED: 'انتهت صلاحية عملية الدفع هذه.',
    UPSTREAM_UNAVAILABLE: 'مزود الدفع غير متاح. أعد المحاولة قريبًا.',
    UPSTREAM_TIMEOUT: 'مزود الدفع يتأخر في الرد. نحن نتحقق.',
    RATE_LIMITED: 'محاولات كثيرة جدًا. انتظر دقيقة.',
    ATTEMPT_IN_PROGRESS: 'هناك عملية دفع جارية بالفعل.',
    COUNTRY_NOT_AVAILABLE: 'هذا البلد غير متاح.',
    METHOD_NOT_AVAILABLE: 'طريقة الدفع هذه غير متاحة.',
    VALIDATION_FAILED: 'تحقق من الحقول المميزة.',
    UPSTREAM_REJECTED: 'رفض مزود الدفع هذه العملية.',
    MERCHANT_UNAVAILABLE: 'لا يستطيع هذا المتجر تلقي المدفوعات الآن.',
    UPSTREAM_AUTH: 'المدفوعات غير متاحة مؤقتًا. أعد المحاولة لاحقًا.',
    RATE_LIMITED_PHONE:
      'أُرسل عدد كبير جدًا من طلبات الدفع إلى رقم الهاتف هذا. أعد المحاولة لاحقًا، أو ادفع بطريقة أخرى.',
    RATE_LIMITED_SESSION:
      'طلبات دفع كثيرة جدًا لعملية الشراء هذه. انتظر بضع دقائق، ثم أعد المحاولة.',
  },
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  required: 'ይህ መስክ ያስፈልጋል።',
  sending: 'በመላክ ላይ…',
  change: 'ይቀይሩ',
  invalid: 'ያስገቡትን ያረጋግጡ።',
  phoneInvalid: (digits) => `ከአገር ኮዱ በኋላ ${digits} አሃዞችን ያስገቡ።`,
  idLength: 'የመታወቂያ ቁጥር 13 አሃዞች አሉት።',
  idInvalid: 'ይህ የመታወቂያ ቁጥር ትክክል አይደለም።',
  bankRequired: 'ባንክዎን ይምረጡ።',
  fixFields: (count) => `${count} መስክ ያስተካክሉ።`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'ይህ ገጽ ይህን ክፍያ ለመቀበል አልተፈቀደለትም።',
    SESSION_CLOSED: 'ይህ ክፍያ ተዘግቷል።',
    SESSION_EXPIRED: 'የዚህ ክፍያ ጊዜ አልፏል።',
    UPSTREAM_UNAVAILABLE: 'የክፍያ አቅራቢው አይገኝም። በቅርቡ እንደገና ይሞክሩ።',
    UPSTREAM_TIMEOUT: 'የክፍያ አቅራቢው ምላሽ ለመስጠት ዘግይቷል። እያጣራን ነው።',
    RATE_LIMITED: 'በጣም ብዙ ሙከራዎች። አንድ ደቂቃ ይጠብቁ።',
    ATTEMPT_IN_PROGRESS: 'አንድ ክፍያ በሂደት ላይ ነው።',
    COUNTRY_NOT_AVAILABLE: 'ይህ አገር አይገኝም።',
    METHOD_NOT_AVAILABLE: 'ይህ የክፍያ ዘዴ አይገኝም።',
    VALIDATION_FAILED: 'ምልክት የተደረገባቸውን መስኮች ያረጋግጡ።',
    UPSTREAM_REJECTED: 'የክፍያ አቅራቢው ይህን ክፍያ አልተቀበለውም።',
    MERCHANT_UNAVAILABLE: 'ይህ መደብር አሁን ክፍያ መቀበል አይችልም።',
    UPSTREAM_AUTH: 'ክፍያዎች ለጊዜው አይገኙም። ቆይተው እንደገና ይሞክሩ።',
    RATE_LIMITED_PHONE: 'ወደዚህ ስልክ ቁጥር በጣም ብዙ የክፍያ ጥያቄዎች ተልከዋል። ቆይተው እንደገና ይሞክሩ፣ ወይም በሌላ መንገድ ይክፈሉ።',
    RATE_LIMITED_SESSION: 'ለዚህ ግዢ በጣም ብዙ የክፍያ ጥያቄዎች ቀርበዋል። ጥቂት ደቂቃዎች ይጠብቁ፣ ከዚያ እንደገና ይሞክሩ።',
  },
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

/**
 * The OTP step in every language, with the refusals of a code: in that step's chunk (widget/steps/otp.ts), so a page's first
 * load carries only the first screens' strings (shared/strings/<language>.ts). Each language's
 * strings join its translation when the chunk loads, or when the translation registers later.
 * @module
 */
import type { SameStrings, StepStrings, StepTable } from '../types';

/** English. */
export const en = {
  required: 'This field is required.',
  sending: 'Sending…',
  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpUnconfirmed:
    'We could not confirm that your code reached the payment provider. Enter it again: a code it already has will not charge you twice.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
    NO_ATTEMPT_WAITING: 'No payment is waiting for a code.',
    OTP_INVALID: 'That code is not correct.',
    OTP_EXPIRED: 'The code has expired.',
    OTP_LOCKED: 'Too many wrong codes. This payment is locked.',
  },
} satisfies StepStrings;

/** Français. */
const fr: SameStrings<typeof en> = {
  required: 'Ce champ est obligatoire.',
  sending: 'Envoi…',
  otpHeading: 'Saisissez votre code',
  otpBody: 'Nous avons envoyé un code à usage unique sur votre téléphone.',
  otpUnconfirmed:
    'Nous n’avons pas pu confirmer que votre code est parvenu au prestataire de paiement. Saisissez-le de nouveau : un code déjà reçu ne vous fera pas payer deux fois.',
  otpLabel: 'Code à usage unique',
  otpInvalidFormat: 'Saisissez les chiffres du code.',
  otpSubmit: 'Confirmer',
  expiresIn: (time) => `Expire dans ${time}`,
  codeExpired: 'Le code a expiré.',
  triesLeft: (count) => (count <= 1 ? `${count} essai restant.` : `${count} essais restants.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à encaisser ce paiement.',
    SESSION_CLOSED: 'Ce paiement est clos.',
    SESSION_EXPIRED: 'Ce paiement a expiré.',
    UPSTREAM_UNAVAILABLE: 'Le prestataire de paiement est indisponible. Réessayez bientôt.',
    UPSTREAM_TIMEOUT: 'Le prestataire de paiement tarde à répondre. Nous vérifions le statut.',
    RATE_LIMITED: 'Trop de tentatives. Patientez une minute puis réessayez.',
    NO_ATTEMPT_WAITING: 'Aucun paiement n’attend de code.',
    OTP_INVALID: 'Ce code est incorrect.',
    OTP_EXPIRED: 'Le code a expiré.',
    OTP_LOCKED: 'Trop de codes erronés. Ce paiement est bloqué.',
  },
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  otpHeading: 'Weka msimbo wako',
  otpBody: 'Tumetuma msimbo wa matumizi ya mara moja kwenye simu yako.',
  otpUnconfirmed:
    'Hatukuweza kuthibitisha kwamba msimbo wako ulimfikia mtoa huduma wa malipo. Uweke tena: msimbo ambao tayari ameupokea hautakutoza mara mbili.',
  otpLabel: 'Msimbo wa mara moja',
  otpInvalidFormat: 'Weka tarakimu za msimbo.',
  otpSubmit: 'Thibitisha',
  expiresIn: (time) => `Unaisha baada ya ${time}`,
  codeExpired: 'Msimbo umeisha muda.',
  triesLeft: (count) => (count === 1 ? 'Jaribio 1 limebaki.' : `Majaribio ${count} yamebaki.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    NO_ATTEMPT_WAITING: 'Hakuna malipo yanayosubiri msimbo.',
    OTP_INVALID: 'Msimbo huo si sahihi.',
    OTP_EXPIRED: 'Msimbo umeisha muda.',
    OTP_LOCKED: 'Misimbo mingi isiyo sahihi. Malipo haya yamefungiwa.',
  },
};

/** Português. */
const pt: SameStrings<typeof en> = {
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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  required: 'Dole ne a cike wannan wuri.',
  sending: 'Ana aikawa…',
  otpHeading: 'Ku shigar da lambarku',
  otpBody: 'Mun aika lambar amfani sau ɗaya zuwa wayarku.',
  otpUnconfirmed:
    'Ba mu iya tabbatar da cewa lambarku ta isa ga mai ba da sabis na biya ba. Ku sake shigar da ita: lambar da ya riga ya karɓa ba za ta sa a caje ku sau biyu ba.',
  otpLabel: 'Lambar amfani sau ɗaya',
  otpInvalidFormat: 'Ku shigar da lambobin da ke cikin lambar.',
  otpSubmit: 'Tabbatar',
  expiresIn: (time) => `Za ta ƙare cikin ${time}`,
  codeExpired: 'Lambar ta ƙare.',
  triesLeft: (count) => `Saura gwaji ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Wannan shafi ba shi da izinin karɓar wannan biya.',
    SESSION_CLOSED: 'An rufe wannan biya.',
    SESSION_EXPIRED: 'Lokacin wannan biya ya ƙare.',
    UPSTREAM_UNAVAILABLE:
      'Mai ba da sabis na biya ba ya samuwa. Ku sake gwadawa nan ba da jimawa ba.',
    UPSTREAM_TIMEOUT: 'Mai ba da sabis na biya yana jinkirin amsawa. Muna dubawa.',
    RATE_LIMITED: 'Ƙoƙari ya yi yawa. Ku jira minti ɗaya.',
    NO_ATTEMPT_WAITING: 'Babu wani biya da ke jiran lamba.',
    OTP_INVALID: 'Wannan lambar ba daidai ba ce.',
    OTP_EXPIRED: 'Lambar ta ƙare.',
    OTP_LOCKED: 'Lambobin da ba daidai ba sun yi yawa. An kulle wannan biya.',
  },
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  required: 'Ẹ gbọ́dọ̀ kún apá yìí.',
  sending: 'Ó ń ránṣẹ́…',
  otpHeading: 'Ẹ tẹ kóòdù yín',
  otpBody: 'A ti fi kóòdù ẹ̀ẹ̀kan ṣoṣo ránṣẹ́ sí fóònù yín.',
  otpUnconfirmed:
    'A kò lè jẹ́rìí sí i pé kóòdù yín dé ọ̀dọ̀ olùpèsè ìsanwó. Ẹ tún un tẹ̀: kóòdù tí ó ti gbà tẹ́lẹ̀ kò ní mú kí ẹ sanwó lẹ́ẹ̀mejì.',
  otpLabel: 'Kóòdù ẹ̀ẹ̀kan ṣoṣo',
  otpInvalidFormat: 'Ẹ tẹ àwọn óńkà inú kóòdù náà.',
  otpSubmit: 'Jẹ́rìí sí i',
  expiresIn: (time) => `Yóò parí lẹ́yìn ${time}`,
  codeExpired: 'Àkókò kóòdù náà ti kọjá.',
  triesLeft: (count) => `Ó ku àǹfààní ${count}.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ojú-ìwé yìí kò ní àṣẹ láti gba ìsanwó yìí.',
    SESSION_CLOSED: 'A ti pa ìsanwó yìí dé.',
    SESSION_EXPIRED: 'Àkókò ìsanwó yìí ti kọjá.',
    UPSTREAM_UNAVAILABLE: 'Olùpèsè ìsanwó kò sí lárọ̀ọ́wọ́tó. Ẹ tún gbìyànjú láìpẹ́.',
    UPSTREAM_TIMEOUT: 'Olùpèsè ìsanwó ń pẹ́ kó tó dáhùn. À ń ṣàyẹ̀wò.',
    RATE_LIMITED: 'Ẹ ti gbìyànjú jù. Ẹ dúró fún ìṣẹ́jú kan.',
    NO_ATTEMPT_WAITING: 'Kò sí ìsanwó tí ń dúró de kóòdù.',
    OTP_INVALID: 'Kóòdù yẹn kò tọ́.',
    OTP_EXPIRED: 'Àkókò kóòdù náà ti kọjá.',
    OTP_LOCKED: 'Kóòdù tí kò tọ́ ti pọ̀ jù. A ti tìpa ìsanwó yìí.',
  },
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  required: 'Ọ dị mkpa ijupụta ebe a.',
  sending: 'Na-ezipu…',
  otpHeading: 'Tinye koodu gị',
  otpBody: 'Anyị ezitela koodu otu ugboro na ekwentị gị.',
  otpUnconfirmed:
    'Anyị enweghị ike ịkwado na koodu gị ruru onye na-enye ọrụ ịkwụ ụgwọ. Tinye ya ọzọ: koodu o natala agaghị eme ka ị kwụọ ugboro abụọ.',
  otpLabel: 'Koodu otu ugboro',
  otpInvalidFormat: 'Tinye ọnụọgụ dị na koodu ahụ.',
  otpSubmit: 'Kwado',
  expiresIn: (time) => `Ọ ga-agwụ n’ime ${time}`,
  codeExpired: 'Koodu ahụ agwụla.',
  triesLeft: (count) => `Ọnwụnwa ${count} fọdụrụ.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ibe a enweghị ikike ịnara ịkwụ ụgwọ a.',
    SESSION_CLOSED: 'Emechiela ịkwụ ụgwọ a.',
    SESSION_EXPIRED: 'Oge ịkwụ ụgwọ a agafeela.',
    UPSTREAM_UNAVAILABLE:
      'Onye na-enye ọrụ ịkwụ ụgwọ adịghị ugbu a. Nwaa ọzọ n’oge na-adịghị anya.',
    UPSTREAM_TIMEOUT: 'Onye na-enye ọrụ ịkwụ ụgwọ na-egbu oge ịza. Anyị na-enyocha.',
    RATE_LIMITED: 'Ị nwaala ọtụtụ ugboro. Chere otu nkeji.',
    NO_ATTEMPT_WAITING: 'Ọ dịghị ịkwụ ụgwọ na-eche koodu.',
    OTP_INVALID: 'Koodu ahụ ezighi ezi.',
    OTP_EXPIRED: 'Koodu ahụ agwụla.',
    OTP_LOCKED: 'Koodu ezighi ezi karịrị akarị. Ekpochiela ịkwụ ụgwọ a.',
  },
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  required: 'Iki gice kigomba kuzuzwa.',
  sending: 'Birimo koherezwa…',
  otpHeading: 'Andika kode yawe',
  otpBody: 'Twohereje kode y’ikoreshwa rimwe kuri telefoni yawe.',
  otpUnconfirmed:
    'Ntitwashoboye kwemeza ko kode yawe yageze k’utanga serivisi yo kwishyura. Yongere uyandike: kode yamaze kwakirwa ntizatuma wishyura kabiri.',
  otpLabel: 'Kode y’ikoreshwa rimwe',
  otpInvalidFormat: 'Andika imibare ya kode.',
  otpSubmit: 'Emeza',
  expiresIn: (time) => `Irarangira mu ${time}`,
  codeExpired: 'Igihe cya kode cyarangiye.',
  triesLeft: (count) => (count === 1 ? 'Hasigaye igerageza 1.' : `Hasigaye amagerageza ${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Uru rupapuro ntirwemerewe kwakira ubu bwishyu.',
    SESSION_CLOSED: 'Ubu bwishyu bwafunzwe.',
    SESSION_EXPIRED: 'Igihe cy’ubu bwishyu cyarangiye.',
    UPSTREAM_UNAVAILABLE: 'Utanga serivisi yo kwishyura ntaboneka. Ongera ugerageze vuba.',
    UPSTREAM_TIMEOUT: 'Utanga serivisi yo kwishyura aratinda gusubiza. Turimo kugenzura.',
    RATE_LIMITED: 'Wagerageje inshuro nyinshi. Tegereza umunota umwe.',
    NO_ATTEMPT_WAITING: 'Nta bwishyu butegereje kode.',
    OTP_INVALID: 'Iyo kode si yo.',
    OTP_EXPIRED: 'Igihe cya kode cyarangiye.',
    OTP_LOCKED: 'Kode zitari zo zabaye nyinshi. Ubu bwishyu bwahagaritswe.',
  },
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  required: 'War nga fees bii.',
  sending: 'Mi ngi yónnee…',
  otpHeading: 'Bindal sa kood',
  otpBody: 'Yónnee nanu la kood bu benn yoon ci sa telefon.',
  otpUnconfirmed:
    'Mënunu dëggal ne sa kood agsi na ca sarwiisu fey ba. Bindaatal ko: kood bu mu jot ba noppi du la fayloo ñaari yoon.',
  otpLabel: 'Kood bu benn yoon',
  otpInvalidFormat: 'Bindal siifar yi nekk ci kood bi.',
  otpSubmit: 'Dëggal',
  expiresIn: (time) => `Dina jeex ci ${time}`,
  codeExpired: 'Kood bi jeex na.',
  triesLeft: (count) => `Des na ${count} jéem.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Xët wii amul sañ-sañu jël fey bii.',
    SESSION_CLOSED: 'Fey bii tëju na.',
    SESSION_EXPIRED: 'Waxtu fey bii jeex na.',
    UPSTREAM_UNAVAILABLE: 'Sarwiisu fey bi jàppandiwul. Jéemaatal ci kanam tuuti.',
    UPSTREAM_TIMEOUT: 'Sarwiisu fey bi dafa yéex a tontu. Ñu ngi koy seet.',
    RATE_LIMITED: 'Jéem nga lu bare. Xaaral benn simili.',
    NO_ATTEMPT_WAITING: 'Amul fey buy xaar kood.',
    OTP_INVALID: 'Kood boobu baaxul.',
    OTP_EXPIRED: 'Kood bi jeex na.',
    OTP_LOCKED: 'Kood yu baaxul yi bare nañu. Fey bii tëju na.',
  },
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  required: 'Le nkambu iyadingeka.',
  sending: 'Iyathumela…',
  otpHeading: 'Faka ikhodi yakho',
  otpBody: 'Sithumele ikhodi yokusetshenziswa kanye kufoni yakho.',
  otpUnconfirmed:
    'Asikwazanga ukuqinisekisa ukuthi ikhodi yakho ifike kumhlinzeki wokukhokha. Yifake futhi: ikhodi asenayo ngeke ikukhokhise kabili.',
  otpLabel: 'Ikhodi yokusetshenziswa kanye',
  otpInvalidFormat: 'Faka izinombolo zekhodi.',
  otpSubmit: 'Qinisekisa',
  expiresIn: (time) => `Iphelelwa yisikhathi ngemva kuka-${time}`,
  codeExpired: 'Ikhodi iphelelwe yisikhathi.',
  triesLeft: (count) => (count === 1 ? 'Kusele umzamo ongu-1.' : `Kusele imizamo engu-${count}.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Leli khasi alivunyelwe ukwamukela le nkokhelo.',
    SESSION_CLOSED: 'Le nkokhelo ivaliwe.',
    SESSION_EXPIRED: 'Isikhathi sale nkokhelo siphelile.',
    UPSTREAM_UNAVAILABLE: 'Umhlinzeki wokukhokha akatholakali. Zama futhi maduze.',
    UPSTREAM_TIMEOUT: 'Umhlinzeki wokukhokha uyephuza ukuphendula. Siyahlola.',
    RATE_LIMITED: 'Imizamo miningi kakhulu. Linda umzuzu owodwa.',
    NO_ATTEMPT_WAITING: 'Ayikho inkokhelo elinde ikhodi.',
    OTP_INVALID: 'Leyo khodi ayilungile.',
    OTP_EXPIRED: 'Ikhodi iphelelwe yisikhathi.',
    OTP_LOCKED: 'Amakhodi angalungile maningi kakhulu. Le nkokhelo ivaliwe.',
  },
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  required: 'Esengeli kotondisa esika oyo.',
  sending: 'Ezali kotinda…',
  otpHeading: 'Koma kode na yo',
  otpBody: 'Totindeli yo kode ya mbala moko na telefone na yo.',
  otpUnconfirmed:
    'Tokoki te kondimisa ete kode na yo ekomi epai ya mopesi ya mosala ya kofuta. Koma yango lisusu: kode oyo azwaki kala ekofutisa yo mbala mibale te.',
  otpLabel: 'Kode ya mbala moko',
  otpInvalidFormat: 'Koma mituya ya kode.',
  otpSubmit: 'Ndimisa',
  expiresIn: (time) => `Ekosila nsima ya ${time}`,
  codeExpired: 'Kode esili ntango.',
  triesLeft: (count) => `Otikali na mbala ${count} ya komeka.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Lokasa oyo ezali na ndingisa te ya kozwa kofuta oyo.',
    SESSION_CLOSED: 'Kofuta oyo ekangami.',
    SESSION_EXPIRED: 'Ntango ya kofuta oyo esili.',
    UPSTREAM_UNAVAILABLE:
      'Mopesi ya mosala ya kofuta azali te sikoyo. Meka lisusu nsima ya mwa ntango.',
    UPSTREAM_TIMEOUT: 'Mopesi ya mosala ya kofuta azali koumela kozongisa eyano. Tozali kotala.',
    RATE_LIMITED: 'Omeki mbala mingi. Zela miniti moko.',
    NO_ATTEMPT_WAITING: 'Kofuta moko te ezali kozela kode.',
    OTP_INVALID: 'Kode wana ezali malamu te.',
    OTP_EXPIRED: 'Kode esili ntango.',
    OTP_LOCKED: 'Kode ya mabe eleki ebele. Kofuta oyo ekangami.',
  },
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  required: 'هذا الحقل مطلوب.',
  sending: 'جارٍ الإرسال…',
  otpHeading: 'أدخل الرمز',
  otpBody: 'أرسلنا رمزًا لمرة واحدة إلى هاتفك.',
  otpUnconfirmed:
    'لم نتمكن من التأكد من وصول رمزك إلى مزود الدفع. أدخله مرة أخرى: الرمز الذي وصله من قبل لن يخصم منك المبلغ مرتين.',
  otpLabel: 'رمز لمرة واحدة',
  otpInvalidFormat: 'أدخل أرقام الرمز.',
  otpSubmit: 'تأكيد',
  expiresIn: (time) => `تنتهي صلاحيته خلال \u2066${time}\u2069`,
  codeExpired: 'انتهت صلاحية الرمز.',
  triesLeft: (count) =>
    count === 1
      ? 'تبقت محاولة واحدة.'
      : count === 2
        ? 'تبقت محاولتان.'
        : count <= 10
          ? `تبقت ${count} محاولات.`
          : `تبقت ${count} محاولة.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'هذه الصفحة غير مصرح لها بتلقي هذا الدفع.',
    SESSION_CLOSED: 'عملية الدفع هذه مغلقة.',
    SESSION_EXPIRED: 'انتهت صلاحية عملية الدفع هذه.',
    UPSTREAM_UNAVAILABLE: 'مزود الدفع غير متاح. أعد المحاولة قريبًا.',
    UPSTREAM_TIMEOUT: 'مزود الدفع يتأخر في الرد. نحن نتحقق.',
    RATE_LIMITED: 'محاولات كثيرة جدًا. انتظر دقيقة.',
    NO_ATTEMPT_WAITING: 'لا توجد عملية دفع بانتظار رمز.',
    OTP_INVALID: 'هذا الرمز غير صحيح.',
    OTP_EXPIRED: 'انتهت صلاحية الرمز.',
    OTP_LOCKED: 'رموز خاطئة كثيرة جدًا. تم قفل عملية الدفع هذه.',
  },
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  required: 'ይህ መስክ ያስፈልጋል።',
  sending: 'በመላክ ላይ…',
  otpHeading: 'ኮድዎን ያስገቡ',
  otpBody: 'የአንድ ጊዜ ኮድ ወደ ስልክዎ ልከናል።',
  otpUnconfirmed:
    'ኮድዎ የክፍያ አቅራቢው ጋር መድረሱን ማረጋገጥ አልቻልንም። እንደገና ያስገቡት፦ አስቀድሞ የደረሰው ኮድ ሁለት ጊዜ አያስከፍልዎትም።',
  otpLabel: 'የአንድ ጊዜ ኮድ',
  otpInvalidFormat: 'የኮዱን አሃዞች ያስገቡ።',
  otpSubmit: 'ያረጋግጡ',
  expiresIn: (time) => `በ${time} ውስጥ ያበቃል`,
  codeExpired: 'የኮዱ ጊዜ አልፏል።',
  triesLeft: (count) => `${count} ሙከራ ቀርቷል።`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'ይህ ገጽ ይህን ክፍያ ለመቀበል አልተፈቀደለትም።',
    SESSION_CLOSED: 'ይህ ክፍያ ተዘግቷል።',
    SESSION_EXPIRED: 'የዚህ ክፍያ ጊዜ አልፏል።',
    UPSTREAM_UNAVAILABLE: 'የክፍያ አቅራቢው አይገኝም። በቅርቡ እንደገና ይሞክሩ።',
    UPSTREAM_TIMEOUT: 'የክፍያ አቅራቢው ምላሽ ለመስጠት ዘግይቷል። እያጣራን ነው።',
    RATE_LIMITED: 'በጣም ብዙ ሙከራዎች። አንድ ደቂቃ ይጠብቁ።',
    NO_ATTEMPT_WAITING: 'ኮድ የሚጠብቅ ክፍያ የለም።',
    OTP_INVALID: 'ያ ኮድ ትክክል አይደለም።',
    OTP_EXPIRED: 'የኮዱ ጊዜ አልፏል።',
    OTP_LOCKED: 'በጣም ብዙ የተሳሳቱ ኮዶች። ይህ ክፍያ ተቆልፏል።',
  },
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

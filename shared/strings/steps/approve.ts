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

/** Hausa. */
const ha: SameStrings<typeof en> = {
  approveHeading: 'Ku amince a wayarku',
  approveSent: (amount, mobile) => `Mun aika buƙatar biyan ${amount} zuwa ${mobile}.`,
  approveSteps: [
    'Ku buɗe buƙatar a wayarku.',
    'Ku duba adadin kuɗin.',
    'Ku shigar da PIN ɗinku don amincewa.',
  ],
  approveWaiting: 'Muna jiran amincewarku…',
  approveRetryHint:
    'Ba ku ga buƙatar ba? Idan lokacin wannan buƙata ya ƙare, za ku iya sake gwadawa.',
  approveNoData: 'Buƙatar tana aiki ba tare da data ta waya ba.',
};

/** Yorùbá. */
const yo: SameStrings<typeof en> = {
  approveHeading: 'Ẹ fọwọ́ sí i lórí fóònù yín',
  approveSent: (amount, mobile) => `A ti fi ìbéèrè ìsanwó ${amount} ránṣẹ́ sí ${mobile}.`,
  approveSteps: [
    'Ẹ ṣí ìbéèrè náà lórí fóònù yín.',
    'Ẹ ṣàyẹ̀wò iye owó náà.',
    'Ẹ tẹ PIN yín láti fọwọ́ sí i.',
  ],
  approveWaiting: 'À ń dúró de ìfọwọ́sí yín…',
  approveRetryHint: 'Ẹ kò rí ìbéèrè náà? Nígbà tí àkókò ìbéèrè yìí bá kọjá, ẹ lè tún gbìyànjú.',
  approveNoData: 'Ìbéèrè náà ń ṣiṣẹ́ láìsí dátà fóònù.',
};

/** Igbo. */
const ig: SameStrings<typeof en> = {
  approveHeading: 'Kwado ya na ekwentị gị',
  approveSent: (amount, mobile) => `Anyị ezitela arịrịọ maka ${amount} na ${mobile}.`,
  approveSteps: [
    'Mepee arịrịọ ahụ na ekwentị gị.',
    'Lelee ego ole ọ bụ.',
    'Tinye PIN gị iji kwado ya.',
  ],
  approveWaiting: 'Anyị na-eche nkwado gị…',
  approveRetryHint: 'Ịhụghị arịrịọ ahụ? Mgbe oge arịrịọ a gwụrụ, ị nwere ike ịnwa ọzọ.',
  approveNoData: 'Arịrịọ ahụ na-arụ ọrụ na-enweghị data ekwentị.',
};

/** Ikinyarwanda. */
const rw: SameStrings<typeof en> = {
  approveHeading: 'Emeza kuri telefoni yawe',
  approveSent: (amount, mobile) => `Twohereje icyifuzo cyo kwishyura ${amount} kuri ${mobile}.`,
  approveSteps: [
    'Fungura icyifuzo kuri telefoni yawe.',
    'Genzura amafaranga.',
    'Andika PIN yawe kugira ngo wemeze.',
  ],
  approveWaiting: 'Dutegereje ko wemeza…',
  approveRetryHint:
    'Nta cyifuzo wabonye? Igihe cy’iki cyifuzo nikirangira, ushobora kongera kugerageza.',
  approveNoData: 'Icyifuzo gikora nta interineti ya telefoni.',
};

/** Wolof. */
const wo: SameStrings<typeof en> = {
  approveHeading: 'Nangul ko ci sa telefon',
  approveSent: (amount, mobile) => `Yónnee nanu laaj bu ${amount} ci ${mobile}.`,
  approveSteps: [
    'Ubbil laaj bi ci sa telefon.',
    'Seetal xaalis bi.',
    'Bindal sa PIN ngir nangu ko.',
  ],
  approveWaiting: 'Ñu ngi xaar nga nangu…',
  approveRetryHint: 'Gisuloo laaj bi? Bu waxtu laaj bii jeexee, mën nga jéemaat.',
  approveNoData: 'Laaj bi dox na te soxlawul internet.',
};

/** isiZulu. */
const zu: SameStrings<typeof en> = {
  approveHeading: 'Vumela kufoni yakho',
  approveSent: (amount, mobile) => `Sithumele isicelo sika-${amount} ku-${mobile}.`,
  approveSteps: [
    'Vula isicelo kufoni yakho.',
    'Hlola inani lemali.',
    'Faka i-PIN yakho ukuze uvumele.',
  ],
  approveWaiting: 'Silinde imvume yakho…',
  approveRetryHint: 'Asikho isicelo? Uma lesi sicelo siphelelwa yisikhathi, ungazama futhi.',
  approveNoData: 'Isicelo sisebenza ngaphandle kwedatha yeselula.',
};

/** Lingála. */
const ln: SameStrings<typeof en> = {
  approveHeading: 'Ndima na telefone na yo',
  approveSent: (amount, mobile) => `Totindi bosenga ya ${amount} na ${mobile}.`,
  approveSteps: [
    'Fungola bosenga na telefone na yo.',
    'Tala motuya ya mbongo.',
    'Koma PIN na yo mpo na kondima.',
  ],
  approveWaiting: 'Tozali kozela ondima…',
  approveRetryHint: 'Bosenga eyei te? Soki ntango ya bosenga oyo esili, okoki komeka lisusu.',
  approveNoData: 'Bosenga esalaka kozanga data ya telefone.',
};

/** العربية (Arabic, right to left). */
const ar: SameStrings<typeof en> = {
  approveHeading: 'وافق من هاتفك',
  approveSent: (amount, mobile) =>
    `أرسلنا طلب دفع بقيمة \u2066${amount}\u2069 إلى \u2066${mobile}\u2069.`,
  approveSteps: ['افتح الطلب على هاتفك.', 'تحقق من المبلغ.', 'أدخل رمز PIN للموافقة.'],
  approveWaiting: 'بانتظار موافقتك…',
  approveRetryHint: 'لم يصلك الطلب؟ عند انتهاء مهلة هذا الطلب، يمكنك المحاولة مجددًا.',
  approveNoData: 'يعمل الطلب دون بيانات الجوال.',
};

/** አማርኛ (Amharic, Ge’ez script). */
const am: SameStrings<typeof en> = {
  approveHeading: 'በስልክዎ ያጽድቁ',
  approveSent: (amount, mobile) => `የ${amount} የክፍያ ጥያቄ ወደ ${mobile} ልከናል።`,
  approveSteps: ['በስልክዎ ላይ ጥያቄውን ይክፈቱ።', 'መጠኑን ያረጋግጡ።', 'ለማጽደቅ ፒንዎን ያስገቡ።'],
  approveWaiting: 'ማጽደቅዎን በመጠባበቅ ላይ…',
  approveRetryHint: 'ጥያቄው አልደረሰዎትም? የዚህ ጥያቄ ጊዜ ሲያበቃ እንደገና መሞከር ይችላሉ።',
  approveNoData: 'ጥያቄው ያለ ሞባይል ዳታ ይሰራል።',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt, ha, yo, ig, rw, wo, zu, ln, ar, am };
export default table;

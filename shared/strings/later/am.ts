/**
 * አማርኛ (Amharic, Ge’ez script): the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'በስልክዎ ያጽድቁ',
  approveSent: (amount, mobile) => `የ${amount} የክፍያ ጥያቄ ወደ ${mobile} ልከናል።`,
  approveSteps: ['በስልክዎ ላይ ጥያቄውን ይክፈቱ።', 'መጠኑን ያረጋግጡ።', 'ለማጽደቅ ፒንዎን ያስገቡ።'],
  approveWaiting: 'ማጽደቅዎን በመጠባበቅ ላይ…',
  approveRetryHint: 'ጥያቄው አልደረሰዎትም? የዚህ ጥያቄ ጊዜ ሲያበቃ እንደገና መሞከር ይችላሉ።',
  approveNoData: 'ጥያቄው ያለ ሞባይል ዳታ ይሰራል።',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
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

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'ከኢንተርኔት ውጭ ነዎት። ሲመለሱ ይህን ገጽ እናዘምነዋለን።',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
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

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
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

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `በ${method} ይቀጥሉ`,
  redirectBody: 'ክፍያውን በአዲሱ መስኮት ይፍቀዱ፣ ከዚያ ወደዚህ ይመለሱ።',
  redirectButton: (method) => `ወደ ${method} ይቀጥሉ`,
  redirectWaiting: 'ሌላኛውን መስኮት በመጠባበቅ ላይ…',
  redirectReopen: 'መስኮቱን እንደገና ይክፈቱ',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'በባንክ ማስተላለፍ ይክፈሉ',
  transferBody: (amount) => `በትክክል ${amount} ወደዚህ ሂሳብ ያስተላልፉ።`,
  bankName: 'ባንክ',
  accountNumber: 'የሂሳብ ቁጥር',
  amount: 'መጠን',
  copyButton: 'ይቅዱ',
  copy: (what) => `${what} ይቅዱ`,
  copied: (what) => `${what} ተቀድቷል።`,
  copyFailed: 'መቅዳት አልተቻለም። ጽሑፉን ይምረጡ።',
  accountExpiresIn: (time) => `ሂሳቡ በ${time} ውስጥ ይዘጋል`,
  accountExpired: 'ይህ ሂሳብ ተዘግቷል።',
  transferWaiting: 'ገንዘብዎ እንደደረሰ እናረጋግጣለን።',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'ክፍያዎ በመረጋገጥ ላይ ነው',
  waitBody: 'እንደገና አይክፈሉ፤ ይህ ገጽ በራሱ ይዘመናል።',
  waitChecking: 'ኮድዎ መድረሱን ከክፍያ አቅራቢው ጋር እያጣራን ነው፤ ይህ ገጽ በራሱ ይዘመናል።',
};

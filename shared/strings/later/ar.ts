/**
 * العربية (Arabic, right to left): the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'وافق من هاتفك',
  approveSent: (amount, mobile) =>
    `أرسلنا طلب دفع بقيمة \u2066${amount}\u2069 إلى \u2066${mobile}\u2069.`,
  approveSteps: ['افتح الطلب على هاتفك.', 'تحقق من المبلغ.', 'أدخل رمز PIN للموافقة.'],
  approveWaiting: 'بانتظار موافقتك…',
  approveRetryHint: 'لم يصلك الطلب؟ عند انتهاء مهلة هذا الطلب، يمكنك المحاولة مجددًا.',
  approveNoData: 'يعمل الطلب دون بيانات الجوال.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
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

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'أنت غير متصل بالإنترنت. سنحدث هذه الصفحة عند عودة الاتصال.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
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

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
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

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `المتابعة عبر \u2066${method}\u2069`,
  redirectBody: 'وافق على الدفع في النافذة الجديدة، ثم عد إلى هنا.',
  redirectButton: (method) => `المتابعة إلى \u2066${method}\u2069`,
  redirectWaiting: 'بانتظار النافذة الأخرى…',
  redirectReopen: 'افتح النافذة مجددًا',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'الدفع بتحويل بنكي',
  transferBody: (amount) => `حول \u2066${amount}\u2069 بالضبط إلى هذا الحساب.`,
  bankName: 'البنك',
  accountNumber: 'رقم الحساب',
  amount: 'المبلغ',
  copyButton: 'نسخ',
  copy: (what) => `نسخ ${what}`,
  copied: (what) => `تم نسخ ${what}.`,
  copyFailed: 'تعذر النسخ. حدد النص.',
  accountExpiresIn: (time) => `يُغلق الحساب خلال \u2066${time}\u2069`,
  accountExpired: 'أُغلق هذا الحساب.',
  transferWaiting: 'سنؤكد الدفع فور وصول تحويلك.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'جارٍ تأكيد دفعتك',
  waitBody: 'لا تدفع مرة أخرى؛ ستُحدَث هذه الصفحة تلقائيًا.',
  waitChecking: 'نتحقق مع مزود الدفع من وصول رمزك؛ ستُحدَث هذه الصفحة تلقائيًا.',
};

/**
 * العربية (Arabic, right to left): the first screens' strings (the later steps' are in steps/, in
 * each step's chunk). Not yet reviewed by a native speaker (docs/translations/ar.md).
 * Phone numbers, amounts, times and reasons sit between U+2066 and U+2069 (left-to-right isolate,
 * shared/strings/types.ts): they keep their left-to-right order inside right-to-left text.
 * @module
 */
import type { FirstStrings } from './first';

const ar: FirstStrings = {
  $code: 'ar',
  $name: 'العربية',
  $dir: 'rtl',
  checkout: 'الدفع',
  loading: 'جارٍ التحميل…',
  payAmount: (amount) => `ادفع \u2066${amount}\u2069`,
  total: 'الإجمالي',
  chooseHeading: 'كيف تريد الدفع؟',
  country: 'البلد',
  method: 'طريقة الدفع',
  continue: 'متابعة',
  back: 'رجوع',
  upTo: 'حتى',
  from: 'من',
  slow: 'بطيء حاليًا',
  kindHint: {
    phone_prompt: 'وافق من هاتفك',
    operator_prompt: 'وافق من هاتفك',
    otp_operator: 'أكد برمز يصلك عبر SMS',
    redirect_wallet: 'وافق من محفظتك',
    bank_eft: 'ادفع من حسابك البنكي',
    bank_id: 'ادفع من بنكك برقم هويتك',
    virtual_account: 'حول إلى حساب لمرة واحدة',
  },
  formHeading: (method) => `ادفع عبر \u2066${method}\u2069`,
  phone: 'رقم الهاتف',
  phoneHint: (dialCode, digits) => `\u2066+${dialCode}\u2069 ثم ${digits} أرقام`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `رقم المحفظة: \u2066${mobile}\u2069`
      : `سنرسل ${kind == 'otp_operator' ? 'الرمز' : 'طلب الدفع'} إلى \u2066${mobile}\u2069.`,
  phoneSaved: (masked) => `استخدم رقمك لدى المتجر: \u2066${masked}\u2069`,
  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  fullName: 'الاسم الكامل',
  accountName: 'اسم الحساب',
  accountNameHint: 'كما في حسابك البنكي',
  bank: 'البنك',
  bankCode: 'رمز البنك',
  bankCodeHint: 'رمز فرع بنكك',
  chooseBank: 'اختر بنكك',
  idNumber: 'رقم هوية جنوب أفريقيا',
  idNumberHint: '13 رقمًا',
  errorHeading: 'حدث خطأ ما',
  reload: 'أعد المحاولة',
  errors: {
    generic: 'حدث خطأ ما. أعد المحاولة.',
    NETWORK: 'خدمة الدفع غير متاحة. تحقق من اتصالك.',
    SESSION_NOT_FOUND: 'هذا الدفع غير موجود.',
  },
};

export default ar;

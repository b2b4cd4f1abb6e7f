/**
 * The hosted page's no-JS form posts, each answered by the same rules as the widget and the
 * public checkout API: the widget's form checks (shared/payer-form-check.ts), the API's body
 * schemas (shared/schemas), the same per-address limit and the same session object calls
 * (`startAttempt`, `submitOtp`). An accepted post answers where to go next (the route
 * redirects: Post/Redirect/Get); a refused one changes nothing and answers the step again with
 * the widget's words for what was wrong.
 * @module
 */
import { latinDigits } from '../../shared/latin-digits';
import type { CheckoutStep } from '../../shared/checkout-step';
import { attemptBodySchema, otpBodySchema } from '../../shared/schemas';
import { CheckoutError, type ErrorBody } from '../../shared/errors';
import {
  attemptRequest,
  checkForm,
  fieldOfIssue,
  refusalKey,
  refusedProblem,
} from '../../shared/payer-form-check';
import {
  fieldsFor,
  savedPhone,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from '../../shared/payer-form';
import { validate } from '../../shared/validation';
import type { CheckoutView } from '../../shared/view';
import type { Translation } from '../../shared/strings/types';
import type { Outcome } from '../durable/outcome';
import { ATTEMPT_INVALID } from '../routes/checkout';
import type { SessionStub } from '../stubs';
import type { FormFields } from './form-body';
import { chosenMethod, onlyMethod, type NoJsPosition } from './no-js-state';

/** The forms: `/pay/:id/choose`, `/pay/:id/attempt`, `/pay/:id/otp`. */
export type FormName = 'choose' | 'attempt' | 'otp';

/** What a form post is handled with. */
export interface FormPost {
  view: CheckoutView;
  form: FormFields;
  stub: SessionStub;
  t: Translation;
  /** The per-address limit of attempt and OTP posts (throws RATE_LIMITED). */
  limit: (what: 'attempt' | 'otp') => Promise<void>;
}

/** Go on to the page with these query fields; or show `step` again at `at`, with `status`. */
export type FormAnswer =
  { next: Record<string, string> } | { at: NoJsPosition; step: CheckoutStep; status: number };

/** The widget's sentence for a refusal (its code, a prompt limit by which). */
function refusalText(t: Translation, code: string, details?: Record<string, unknown>): string {
  const key = refusalKey({ code, details }) as keyof Translation['errors'];
  return t.errors[key] ?? t.errors.generic;
}

/** An error outcome, or a thrown CheckoutError (the rate limit), as one error body. */
async function outcomeOf<T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return { ok: false, status: error.status, body: error.toBody() };
  }
}

function refusedBody(body: ErrorBody): { code: string; details?: Record<string, unknown> } {
  return body.error.details === undefined
    ? { code: body.error.code }
    : { code: body.error.code, details: body.error.details };
}

/** `/choose`: the method the payer picked, when the session offers it. */
async function choose({ view, form, t }: FormPost): Promise<FormAnswer> {
  const chosen = chosenMethod(view, form.method);
  if (chosen) return { next: { method: `${chosen.country.id}:${chosen.method.value}` } };
  return {
    at: {
      chosen: null,
      dismissed: null,
      refused: { code: 'VALIDATION_FAILED', text: t.required },
    },
    step: 'choose',
    status: 400,
  };
}

/** `/attempt`: the payment form; checked as the widget checks it, then sent as the widget sends it. */
async function startAttempt({ view, form, stub, t, limit }: FormPost): Promise<FormAnswer> {
  const chosen = chosenMethod(view, form.method) ?? onlyMethod(view);
  if (!chosen) return choose({ view, form, stub, t, limit });
  const { country, method } = chosen;
  const values: FieldValues = {};
  // Only the method's own fields (shared/payer-form.ts); anything else in the body is ignored.
  for (const name of fieldsFor(method.kind)) {
    if (form[name] !== undefined) values[name] = form[name];
  }
  const saved = savedPhone(view, country) !== null && form.use_saved === '1';
  if (!saved) values.otherMobile = true;
  const banks = view.banks.length > 0;
  const refuse = (
    code: string,
    text: string,
    problems: Partial<Record<FieldName, FieldProblem>>,
    status: number,
  ): FormAnswer => ({
    at: { chosen, dismissed: null, refused: { code, text, values, problems } },
    step: 'form',
    status,
  });
  const problems = checkForm(method.kind, values, country, banks, saved);
  const count = Object.keys(problems).length;
  if (count > 0) return refuse('VALIDATION_FAILED', t.fixFields(count), problems, 400);
  // The public API's body schema, then the session's own rules, as `POST /v1/checkout/:id/attempts`.
  const body = validate(attemptBodySchema, attemptRequest(country, method, values, saved));
  const outcome = body.ok
    ? await outcomeOf(async () => {
        await limit('attempt');
        return (await stub.startAttempt(body.value)) as Outcome<CheckoutView>;
      })
    : ({
        ok: false,
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: ATTEMPT_INVALID,
            details: { issues: body.issues },
          },
        },
      } as const);
  if (outcome.ok) return { next: {} };
  const refused = refusedBody(outcome.body);
  const issues = outcome.body.error.details?.issues;
  const marked: Partial<Record<FieldName, FieldProblem>> = {};
  for (const issue of Array.isArray(issues) ? issues : []) {
    const field = fieldOfIssue(String((issue as { path?: unknown })?.path ?? ''));
    if (field) marked[field] = refusedProblem(field);
  }
  return refuse(
    refused.code,
    refusalText(t, refused.code, refused.details),
    marked,
    outcome.status,
  );
}

/** `/otp`: the code, checked by the API's schema, sent to the session as the API sends it. */
async function submitOtp({ form, stub, t, limit }: FormPost): Promise<FormAnswer> {
  const otp = latinDigits(form.otp ?? '').replace(/\s+/g, '');
  const refuse = (code: string, text: string, status: number): FormAnswer => ({
    at: { chosen: null, dismissed: null, refused: { code, text, otp: text } },
    step: 'otp',
    status,
  });
  const body = validate(otpBodySchema, { otp });
  if (!body.ok) return refuse('VALIDATION_FAILED', otp ? t.otpInvalidFormat : t.required, 400);
  const outcome = await outcomeOf(async () => {
    await limit('otp');
    return (await stub.submitOtp(body.value.otp)) as Outcome<CheckoutView>;
  });
  if (outcome.ok) return { next: {} };
  const { code, details } = refusedBody(outcome.body);
  const tries = details?.tries_left;
  const text = (t.errors[code as keyof Translation['errors']] ?? t.errors.generic).concat(
    typeof tries === 'number' ? ` ${t.triesLeft(tries)}` : '',
  );
  return refuse(code, text, outcome.status);
}

/**
 * The handler of each form.
 *
 * @example
 * const answer = await FORM_POSTS.attempt({ view, form, stub, t, limit });
 */
export const FORM_POSTS: Readonly<Record<FormName, (post: FormPost) => Promise<FormAnswer>>> = {
  choose,
  attempt: startAttempt,
  otp: submitOtp,
};

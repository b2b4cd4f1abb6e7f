/**
 * The form's check, submit and operator prediction (actions/submit-attempt.ts): a chunk, fetched
 * once, when the payer first types or else on submit, ready once its words (the later strings)
 * are there. Kept apart from form-model.ts, which the chunk reads, so the two never import each
 * other.
 * @module
 */
export const submitCode = () => import('./submit-attempt').then((m) => m.ready());

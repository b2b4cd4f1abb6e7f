/**
 * Reads a no-JS form post of the hosted page: an urlencoded body (what a `<form method="post">`
 * sends), at most {@link FORM_BODY_LIMIT} bytes, as its text fields. Anything else is a clear
 * 4xx in the shared error shape, before any session is asked.
 * @module
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CheckoutError } from '../../shared/errors';

/** Largest form body accepted, in bytes (the attempt form's fields are at most a few hundred). */
export const FORM_BODY_LIMIT = 4096;

/** A form's text fields (a repeated name keeps its last value; files are dropped). */
export type FormFields = Readonly<Record<string, string>>;

/**
 * The form's fields. Throws UNSUPPORTED_MEDIA_TYPE for another body, PAYLOAD_TOO_LARGE above
 * the limit.
 *
 * @example
 * const form = await readForm(c); // { method: '1:send money', mobile: '712345000', uc_form: '…' }
 */
export async function readForm(c: Context): Promise<FormFields> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new CheckoutError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the form as application/x-www-form-urlencoded.',
    );
  }
  const limited = bodyLimit({
    maxSize: FORM_BODY_LIMIT,
    onError: () => {
      throw new CheckoutError(
        'PAYLOAD_TOO_LARGE',
        `The body is larger than ${FORM_BODY_LIMIT} bytes.`,
        { limit: FORM_BODY_LIMIT },
      );
    },
  });
  let text = '';
  await limited(c, async () => {
    text = await c.req.text();
  });
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return fields;
}

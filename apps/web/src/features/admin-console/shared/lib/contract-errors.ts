import type { z } from 'zod';
import { isApiError } from '../../../../lib/api-error';

/** The first message per field of a failed contract check: what a form shows under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * The server's per-field refusals, each field's message code where it sent one (`field_codes`, what
 * the forms translate), else its text; null when the error is not about fields.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || !error.errors) return null;
  return { ...error.errors, ...error.fieldCodes };
}

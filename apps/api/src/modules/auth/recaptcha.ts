import { HttpError } from '../../lib/http-error.js';

/** Checks a reCAPTCHA token. Swappable so tests and other captcha vendors plug in. */
export interface RecaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

/** Google's siteverify endpoint (v2 and v3; v3 scores below minScore are refused). */
export function googleRecaptchaVerifier(
  secret: string,
  opts: { url?: string; minScore?: number; fetchImpl?: typeof fetch } = {},
): RecaptchaVerifier {
  const url = opts.url ?? 'https://www.google.com/recaptcha/api/siteverify';
  const fetchImpl = opts.fetchImpl ?? fetch;
  return {
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret, response: token, remoteip: remoteIp });
      try {
        const res = await fetchImpl(url, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { success?: boolean; score?: number };
        return (
          data.success === true &&
          (data.score === undefined || data.score >= (opts.minScore ?? 0.5))
        );
      } catch {
        return false;
      }
    },
  };
}

/**
 * Enforces reCAPTCHA when the channel turned it on (a site key in its settings) and the server has a
 * verifier. Spec messages: 'Google recaptcha token required' / '... is invalid or you look like a robot'.
 */
export async function requireRecaptcha(
  verifier: RecaptchaVerifier | undefined,
  enabled: boolean,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!enabled || !verifier) return;
  if (!token) throw new HttpError(400, 'recaptcha_required');
  if (!(await verifier.verify(token, ip))) throw new HttpError(400, 'recaptcha_invalid');
}

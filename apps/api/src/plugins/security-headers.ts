import type { FastifyInstance } from 'fastify';

/**
 * The only third parties the site talks to: reCAPTCHA on the account forms (when the channel sets a
 * site key) and Stripe.js/Elements on checkout (when the Stripe provider is configured). Listing their
 * origins always keeps the header one precomputed string; nothing loads them unless configured.
 */
const RECAPTCHA = {
  scripts: 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/',
  frames: 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
};
const STRIPE = {
  scripts: 'https://js.stripe.com',
  frames: 'https://js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
};
const THIRD_PARTY_SCRIPTS = `${RECAPTCHA.scripts} ${STRIPE.scripts}`;

const CSP_BASE = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "media-src 'self' blob: https:",
  `connect-src 'self' ${STRIPE.connect}`,
  `frame-src ${RECAPTCHA.frames} ${STRIPE.frames}`,
  // hls.js runs its transmuxer in a blob: worker.
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The embedded player is meant to be framed by other sites; nothing else is. */
export const isEmbeddable = (url: string) => url.startsWith('/watch_embed/');

/** The API docs page (Swagger UI) ships its own inline bootstrap script. */
const isDocsPage = (url: string) => url.startsWith('/api/docs');

export function cspFor(url: string): string {
  const ancestors = isEmbeddable(url) ? '*' : "'self'";
  const scripts = isDocsPage(url)
    ? "script-src 'self' 'unsafe-inline'"
    : `script-src 'self' ${THIRD_PARTY_SCRIPTS}`;
  return `${CSP_BASE}; ${scripts}; frame-ancestors ${ancestors}`;
}

/** The headers helmet would set, computed once: they are the same on every response. */
const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

const CSP_DEFAULT = cspFor('/');
const FRAMED_DEFAULT = {
  ...STATIC_HEADERS,
  'content-security-policy': CSP_DEFAULT,
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * Security headers on every response. Set in onRequest from precomputed objects (no per-request work
 * beyond a prefix check) so even 404s and errors carry them.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (isEmbeddable(url)) {
      reply.headers({ ...STATIC_HEADERS, 'content-security-policy': cspFor(url) });
    } else if (isDocsPage(url)) {
      reply.headers({ ...FRAMED_DEFAULT, 'content-security-policy': cspFor(url) });
    } else {
      reply.headers(FRAMED_DEFAULT);
    }
    done();
  });
}

import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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

/** CSP strings per kind of path, computed once (cspFor depends on nothing but the kind). */
const CSP = {
  site: cspFor('/'),
  docs: cspFor('/api/docs'),
  embed: cspFor('/watch_embed/'),
};

/**
 * Everything but CSP comes from helmet, with the values this site has always sent where they differ
 * from helmet's defaults: CORP same-site, referrer strict-origin-when-cross-origin, HSTS for 180
 * days, and no COEP (it would block the reCAPTCHA and Stripe frames). CSP is set from the strings
 * above: helmet joins directives with ";" and could vary frame-ancestors per path only through
 * directive functions evaluated on every request.
 */
const HELMET: FastifyHelmetOptions = {
  global: false,
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  xFrameOptions: { action: 'sameorigin' },
};
/** The embedded player: any site may frame it, so no X-Frame-Options (frame-ancestors * says so). */
const EMBED_HELMET = { xFrameOptions: false } as const;

/**
 * Security headers on every response. Applied in the first onRequest hooks, which run for the
 * not-found handler too and before any refusal, so 404s, 401s, 429s and errors carry them. The embed page and the SPA are served by the
 * not-found handler, where per-route helmet options never apply: hence one hook choosing by path.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, HELMET);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (isEmbeddable(url)) {
      reply.helmet(EMBED_HELMET);
      reply.header('content-security-policy', CSP.embed);
    } else {
      reply.helmet();
      reply.header('content-security-policy', isDocsPage(url) ? CSP.docs : CSP.site);
    }
    done();
  });
}

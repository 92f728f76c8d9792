import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

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
  // 'self': the player's cast frame (/cast-sender.html), made when the viewer opens the cast menu.
  `frame-src 'self' ${RECAPTCHA.frames} ${STRIPE.frames}`,
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

/**
 * The player's cast frame: the only page allowed Google's Cast Web Sender (the sender script and
 * the Cast framework it loads). A page's CSP cannot be widened once loaded, so the watch page
 * itself never allows it; the frame exists only once the viewer opens the cast menu.
 */
const CAST_SENDER = {
  path: '/cast-sender.html',
  scripts: 'https://www.gstatic.com/cv/js/sender/ https://www.gstatic.com/cast/sdk/libs/',
};
const isCastSender = (url: string) =>
  url === CAST_SENDER.path || url.startsWith(`${CAST_SENDER.path}?`);

export function cspFor(url: string): string {
  const ancestors = isEmbeddable(url) ? '*' : "'self'";
  const scripts = isDocsPage(url)
    ? "script-src 'self' 'unsafe-inline'"
    : isCastSender(url)
      ? `script-src 'self' ${CAST_SENDER.scripts}`
      : `script-src 'self' ${THIRD_PARTY_SCRIPTS}`;
  return `${CSP_BASE}; ${scripts}; frame-ancestors ${ancestors}`;
}

/** CSP strings per kind of path, computed once (cspFor depends on nothing but the kind). */
const CSP = {
  site: cspFor('/'),
  docs: cspFor('/api/docs'),
  embed: cspFor('/watch_embed/'),
  castSender: cspFor(CAST_SENDER.path),
};

/**
 * Everything but CSP comes from helmet, with the values this site has always sent where they differ
 * from helmet's defaults: CORP same-site, referrer strict-origin-when-cross-origin, HSTS for 180
 * days, and no COEP (it would block the reCAPTCHA and Stripe frames). CSP is set from the strings
 * above: helmet joins directives with ";" and could vary frame-ancestors per path only through
 * directive functions evaluated on every request.
 */
const HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  xFrameOptions: { action: 'sameorigin' },
};
/** The embedded player: any site may frame it, so no X-Frame-Options (frame-ancestors * says so). */
const EMBED_HELMET = { ...HELMET, xFrameOptions: false } as FastifyHelmetOptions;

/**
 * The headers helmet sends with these options, asked of it once: a throwaway server with the
 * plugin answers one request, and what it added beside a plain answer is kept. @fastify/helmet
 * builds helmet's middleware from the options on every request (two hooks, one async): the same
 * headers, computed per request, were a measurable share of a small answer's cost (the datalake's).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, { ...options, global: true });
    probe.get('/', (_request, reply) => reply.send('ok'));
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  };
  const plain = await answer(false);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await answer(true))) {
    if (!(name in plain) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Security headers on every response. Applied in the first onRequest hook, which runs for the
 * not-found handler too and before any refusal, so 404s, 401s, 429s and errors carry them. The
 * embed page and the SPA are served by the not-found handler, where per-route options never
 * apply: hence one hook choosing by path, from header sets computed at start.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const site = { ...(await helmetHeaders(HELMET)), 'content-security-policy': CSP.site };
  const docs = { ...site, 'content-security-policy': CSP.docs };
  const castSender = { ...site, 'content-security-policy': CSP.castSender };
  const embed = {
    ...(await helmetHeaders(EMBED_HELMET)),
    'content-security-policy': CSP.embed,
  };
  const headersFor = (url: string) =>
    isEmbeddable(url) ? embed : isDocsPage(url) ? docs : isCastSender(url) ? castSender : site;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
}

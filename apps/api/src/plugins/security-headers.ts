import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const CSP_BASE = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
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
  const scripts = isDocsPage(url) ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'";
  return `${CSP_BASE.replace("script-src 'self'", scripts)}; frame-ancestors ${ancestors}`;
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  // helmet sets nosniff, referrer policy, HSTS and friends; CSP and framing are per path below.
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', cspFor(request.url));
    if (!isEmbeddable(request.url)) reply.header('x-frame-options', 'SAMEORIGIN');
  });
}

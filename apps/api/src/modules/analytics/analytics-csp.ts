import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What Google's tag loads and talks to (gtag.js, then GA4 collection). */
const GOOGLE_TAG = {
  scripts: 'https://www.googletagmanager.com',
  connect:
    'https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com',
};

/** Adds sources to one directive of a policy string ("connect-src 'self' ..."). */
export function extendDirective(policy: string, directive: string, sources: string): string {
  const pattern = new RegExp(`(^|; )(${directive} [^;]*)`);
  return pattern.test(policy) ? policy.replace(pattern, `$1$2 ${sources}`) : policy;
}

/** The site's policy for a page whose channel has a Google tag and/or reports to another origin. */
export function analyticsCsp(
  policy: string,
  opts: { googleTag: boolean; analyticsOrigin: string | null },
): string {
  let out = policy;
  const connect = [opts.analyticsOrigin, opts.googleTag ? GOOGLE_TAG.connect : null]
    .filter(Boolean)
    .join(' ');
  if (connect) out = extendDirective(out, 'connect-src', connect);
  if (opts.googleTag) out = extendDirective(out, 'script-src', GOOGLE_TAG.scripts);
  return out;
}

/**
 * The CSP of the site's HTML pages allows the channel's Google tag only when its settings name
 * one, and the datalake's origin when it is another host (ANALYTICS_URL): both are known per
 * channel and deployment, while the headers plugin precomputes one policy for every site. Only
 * HTML documents carry a policy that matters, so only they are rewritten (settings cached 30 s).
 */
export function registerAnalyticsCsp(
  app: FastifyInstance,
  deps: { analyticsUrl: string | null; googleTagOf: (hostname: string) => Promise<boolean> },
) {
  let analyticsOrigin: string | null = null;
  try {
    analyticsOrigin = deps.analyticsUrl ? new URL(deps.analyticsUrl).origin : null;
  } catch {
    analyticsOrigin = null;
  }
  const tags = new LRUCache<string, boolean>({ max: 1_000, ttl: 30_000 });
  // A callback hook, not an async one: every other response (datalake heartbeats included) passes
  // through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || typeof type !== 'string' || !type.startsWith('text/html')) {
      done(null, payload);
      return;
    }
    const host = request.hostname;
    const apply = (googleTag: boolean) => {
      if (googleTag || analyticsOrigin) {
        reply.header(
          'content-security-policy',
          analyticsCsp(policy, { googleTag, analyticsOrigin }),
        );
      }
      done(null, payload);
    };
    const known = tags.get(host);
    if (known !== undefined) return apply(known);
    deps
      .googleTagOf(host)
      .catch(() => false)
      .then((googleTag) => {
        tags.set(host, googleTag);
        apply(googleTag);
      }, done);
  });
}

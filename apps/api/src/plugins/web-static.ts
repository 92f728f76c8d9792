import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SPEC_MESSAGES, type ErrorBody } from '@rudy/contracts';

/** Paths that belong to the server; a miss there is a JSON 404, never the app shell. */
const SERVER_PREFIXES = ['/api/', '/media/', '/datalake/'];

/** The index.html for a request (with its channel's start-up data); null when not built. */
export type RenderShell = (request: FastifyRequest) => Promise<string | null>;

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Assets go out as their build-time Brotli or gzip copy when the browser takes
 * it. Any other GET that accepts HTML gets index.html and the client router decides (unknown paths
 * end on /404 there).
 */
export async function registerWebStatic(
  app: FastifyInstance,
  distDir: string,
  renderShell?: RenderShell,
) {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);

  /** The app shell, rendered for this request when a renderer is given, else the file as built. */
  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache');
    const html = renderShell ? await renderShell(request) : null;
    if (html === null) return reply.sendFile('index.html');
    // The start-up data and title follow the host name and the browser's languages.
    return reply.header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
  }

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // A wildcard route reads the folder per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // '/' is the app shell, rendered below like any other page's.
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web precompress step).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The web app, not the API: kept out of the OpenAPI document like the static files.
    app.get('/', { schema: { hide: true } }, sendShell);
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build:web`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api';
    const wantsHtml =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isServerPath && wantsHtml && hasBuild) {
      return sendShell(request, reply);
    }
    // The spec's text, not one naming the path: the caller knows what it asked for.
    const body: ErrorBody = { message: SPEC_MESSAGES.route_not_found, code: 'route_not_found' };
    return reply.status(404).send(body);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SPEC_MESSAGES, type ErrorBody } from '@rudy/contracts';

/** Paths that belong to the server; a miss there is a JSON 404, never the app shell. */
const SERVER_PREFIXES = ['/api/', '/media/', '/datalake/'];

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Assets go out as their build-time Brotli or gzip copy when the browser takes
 * it. Any other GET that accepts HTML gets index.html and the client router decides (unknown paths
 * end on /404 there).
 */
export async function registerWebStatic(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // A wildcard route reads the folder per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: ['index.html'],
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
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build:web`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api';
    const wantsHtml =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isServerPath && wantsHtml && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The spec's text, not one naming the path: the caller knows what it asked for.
    const body: ErrorBody = { message: SPEC_MESSAGES.route_not_found, code: 'route_not_found' };
    return reply.status(404).send(body);
  });
}

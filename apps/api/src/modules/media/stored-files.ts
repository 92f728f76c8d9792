import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaStorage } from '@rudy/media';
import { ErrorBodySchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { emptyResponse, nonJsonResponse } from '../../lib/route-types.js';
import { parseRange } from './range.js';

/* Serving stored media files: the /media routes here, the VOD library's public assets (vod module). */

/** Encoded bytes never appear in paths we hand out; refusing them stops double-decoding tricks. */
export function rawPathIsPlain(request: FastifyRequest): boolean {
  const raw = (request.raw.url ?? '').split('?')[0] ?? '';
  return !/[%\\]/.test(raw) && !raw.includes('/./') && !raw.includes('/../');
}

/** What a route serving stored files through sendStored answers, for the OpenAPI document. */
export const storedFileResponses = (mediaTypes: readonly string[]) =>
  ({
    200: nonJsonResponse('The file', mediaTypes),
    206: nonJsonResponse('The part of the file asked for (Range)', mediaTypes),
    404: ErrorBodySchema,
    416: emptyResponse('The range asked for is not in the file'),
    429: ErrorBodySchema,
  }) as const;

/** A stored file with ranges (video elements seek by range), or 404 when it is not there. */
export async function sendStored(
  storage: MediaStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
) {
  const stat = await storage.stat(key);
  if (!stat) throw notFound();
  reply.headers({
    ...headers,
    'accept-ranges': 'bytes',
    'last-modified': stat.modifiedAt.toUTCString(),
  });
  const range = parseRange(request.headers.range, stat.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
  }
  const stream = await storage.get(key, range ?? undefined);
  if (!stream) throw notFound();
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(stat.size));
  }
  return reply.send(stream);
}

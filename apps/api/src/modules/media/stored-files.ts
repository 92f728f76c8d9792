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
    302: emptyResponse('With object storage: a presigned address of the file'),
    206: nonJsonResponse('The part of the file asked for (Range)', mediaTypes),
    404: ErrorBodySchema,
    416: emptyResponse('The range asked for is not in the file'),
    429: ErrorBodySchema,
  }) as const;

/**
 * Presigned bucket addresses are signed per window of this long (and valid for two): every viewer
 * in a window is sent to the same address.
 */
const SIGNED_WINDOW_SECONDS = 300;
/** How long a browser may reuse a redirect: well within the address's life. */
const REDIRECT_CACHE = 'private, max-age=60';
/**
 * An edge that fetches bucket addresses itself names, in this request header, its internal
 * location for them (deploy/nginx): the answer then also says X-Accel-Redirect, and the bytes go
 * from the bucket into the edge's cache without a second round trip through the viewer.
 */
const ACCEL_HEADER = 'x-media-accel';

/**
 * With a bucket, the bytes never pass through Node: a 302 to a presigned address (the same one
 * for every request in a window), which a browser follows and an edge can follow internally.
 * No HeadObject: a missing object is the bucket's 404 (the token was checked before).
 */
async function redirectToBucket(
  objects: NonNullable<MediaStorage['objects']>,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
) {
  const contentType = headers['content-type'];
  const contentDisposition = headers['content-disposition'];
  const url = await objects.signedUrl(key, {
    windowSeconds: SIGNED_WINDOW_SECONDS,
    ...(contentType ? { contentType } : {}),
    ...(contentDisposition ? { contentDisposition } : {}),
  });
  const accel = request.headers[ACCEL_HEADER];
  if (typeof accel === 'string' && /^\/[a-z_]{1,32}$/.test(accel)) {
    const target = new URL(url);
    reply.header('x-accel-redirect', `${accel}${target.pathname}${target.search}`);
  }
  return reply.header('cache-control', REDIRECT_CACHE).redirect(url, 302);
}

/**
 * A stored file with ranges (video elements seek by range), or 404 when it is not there; with a
 * bucket, a redirect to it (its ranges are the bucket's).
 */
export async function sendStored(
  storage: MediaStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
) {
  if (storage.objects) return redirectToBucket(storage.objects, key, request, reply, headers);
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

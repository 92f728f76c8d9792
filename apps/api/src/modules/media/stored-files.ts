import { buffer } from 'node:stream/consumers';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaStorage } from '@rudy/media';
import { ErrorBodySchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { emptyResponse, nonJsonResponse } from '../../lib/route-types.js';
import { isPlainGet, type HotSegments } from './hot-segments.js';

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
    304: emptyResponse('The copy the request names (If-None-Match, If-Modified-Since) is current'),
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
 * A stored file, or 404 when it is not there. From local disk through @fastify/send: ranges (video
 * elements seek by range), ETag and Last-Modified, and a 304 for a conditional request whose copy
 * is current. With `hot` (a game's immutable segments), a plain GET is answered from the copy in
 * memory when there is one, and a plain GET that read the file keeps its copy. With a bucket, a
 * redirect to it (its ranges and validators are the bucket's).
 */
export async function sendStored(
  storage: MediaStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  hot?: HotSegments,
) {
  if (storage.objects) return redirectToBucket(storage.objects, key, request, reply, headers);
  if (!storage.root) throw new Error('a media store with neither a bucket nor a local folder');
  const plain = hot !== undefined && isPlainGet(request);
  const copy = plain ? hot.get(key) : undefined;
  // The copy's headers are the whole answer's, merged when it was kept: `hot` is only given for
  // files whose headers follow from their key (a game's segments), so they are the same each time.
  if (copy) return reply.headers(copy.headers).send(copy.body);
  // The key was checked (isSafeKey) by the caller; send resolves it under root and refuses '..'.
  const sent = await send(request.raw, `/${key}`, {
    root: storage.root,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
  });
  if (sent.type === 'error' && sent.statusCode === 416) {
    return reply.status(416).header('content-range', sent.headers['Content-Range']).send();
  }
  if (sent.type !== 'file') throw notFound();
  const { 'content-type': contentType = '', ...rest } = headers;
  reply.status(sent.statusCode).headers({ ...sent.headers, ...rest });
  if (sent.statusCode === 304) return reply.send();
  reply.header('content-type', contentType);
  const length = Number(sent.headers['Content-Length']);
  if (plain && sent.statusCode === 200 && length <= hot.maxFileBytes) {
    // At most a few megabytes (HotSegments.maxFileBytes).
    const body = await buffer(sent.stream);
    // A file rewritten while it was read is sent as read, and not kept.
    reply.header('content-length', String(body.length));
    if (body.length === length) {
      hot.set(key, { headers: { ...sent.headers, ...rest, 'content-type': contentType }, body });
    }
    return reply.send(body);
  }
  return reply.send(sent.stream);
}

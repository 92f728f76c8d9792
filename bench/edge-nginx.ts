/**
 * The edge bench's nginx: the deployable recipe itself (deploy/nginx), rendered for this run —
 * the game's cookie checked at the edge, a cache key without it, `proxy_cache_lock`, and the
 * internal bucket location the origin's X-Accel-Redirect names (the bytes go bucket → edge cache →
 * viewers, never through Node). One worker process, so its CPU is one number.
 */
import { renderEdgeConf } from '../deploy/nginx/render.mjs';

export function edgeNginxConf(o: {
  dir: string;
  listen: number;
  origins: number[];
  /** host:port of the S3-compatible endpoint the presigned addresses name. */
  bucket: string;
  /** MEDIA_EDGE_SECRET, as the HTTP processes have it. */
  secret: string;
  asRoot: boolean;
}): string {
  return renderEdgeConf({
    secret: o.secret,
    listen: `127.0.0.1:${o.listen}`,
    origins: o.origins.map((p) => `127.0.0.1:${p}`),
    dir: o.dir,
    bucket: `http://${o.bucket}`,
    cacheMax: '4g',
    workers: '1',
    ...(o.asRoot ? { user: 'root' } : {}),
  });
}

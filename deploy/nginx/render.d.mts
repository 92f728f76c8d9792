/** Types of render.mjs (deploy/nginx): the edge recipe's renderer, for TypeScript callers. */
export interface EdgeConfOptions {
  /** MEDIA_EDGE_SECRET: the same value as the HTTP processes'. */
  secret: string;
  /** [address:]port nginx listens on. */
  listen: string;
  /** The HTTP processes, host:port each. */
  origins: string[];
  /** nginx's prefix: logs, pid, temporary files, and the cache unless cacheDir. */
  dir: string;
  /** The bucket's endpoint (http(s)://host[:port]) when the origin keeps media in one. */
  bucket?: string;
  cacheDir?: string;
  cacheMax?: string;
  workers?: string;
  user?: string;
}
export function renderEdgeConf(o: EdgeConfOptions): string;
export function writeEdgeConf(file: string, o: EdgeConfOptions): void;

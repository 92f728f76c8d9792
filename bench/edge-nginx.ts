/**
 * The edge bench's nginx configuration: a caching proxy in front of the HTTP processes whose
 * cache key leaves the viewer's token out, and which follows the origin's X-Accel-Redirect to the
 * bucket itself (the bytes go bucket → edge cache → viewers, never through Node). Concurrent
 * misses of one key wait for the first (`proxy_cache_lock`), so the origin sees one request per
 * object per expiry. Live playlists are kept 1 s (nginx's smallest proxy_cache_valid), segments
 * for 10 minutes.
 *
 * The bench's harness: the token is checked by the origin on a miss only (every hit is served
 * whoever asks). The deployable recipe, with the token checked at the edge, is deploy/nginx/.
 */
export function edgeNginxConf(o: {
  dir: string;
  listen: number;
  origins: number[];
  /** host:port of the S3-compatible endpoint the presigned addresses name. */
  bucket: string;
  asRoot: boolean;
}): string {
  return `
${o.asRoot ? 'user root;' : ''}
worker_processes 1;
error_log ${o.dir}/error.log warn;
pid ${o.dir}/nginx.pid;
events { worker_connections 8192; }
http {
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  # The cache key: the game and the file, without the token (/media/e/<event>/<token>/<file>,
  # or a game's shared /media/g/<event>/<file> whose token is a cookie).
  map $request_uri $edge_key {
    ~^/media/e/(?<ev>\\d+)/[^/]+/(?<file>[^?]*) "e$ev/$file";
    ~^/media/g/(?<gev>\\d+)/(?<gfile>[^?]*) "e$gev/$gfile";
    default "";
  }
  log_format edge '$edge_key\\t$upstream_cache_status\\t$status\\t$upstream_addr';
  access_log ${o.dir}/access.log edge buffer=256k flush=1s;
  proxy_cache_path ${o.dir}/cache levels=1:2 keys_zone=media:32m max_size=4g inactive=10m use_temp_path=off;
  proxy_temp_path ${o.dir}/temp;
  client_body_temp_path ${o.dir}/client;
  fastcgi_temp_path ${o.dir}/fastcgi;
  uwsgi_temp_path ${o.dir}/uwsgi;
  scgi_temp_path ${o.dir}/scgi;
  upstream origin {
${o.origins.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  upstream bucket {
    server ${o.bucket};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${o.listen} reuseport backlog=4096;
    location ~ ^/media/[eg]/ {
      proxy_pass http://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # Tells the origin to answer a bucket object with X-Accel-Redirect to the location below.
      proxy_set_header X-Media-Accel /_media_bucket;
      proxy_cache media;
      proxy_cache_key $edge_key;
      proxy_cache_lock on;
      proxy_cache_lock_age 5s;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_background_update on;
      proxy_ignore_headers Cache-Control Expires Set-Cookie Vary;
      proxy_cache_valid 200 1s;
    }
    location /_media_bucket/ {
      internal;
      # The presigned address's path and query, to the endpoint it was signed for (its Host).
      proxy_pass http://bucket/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${o.bucket};
      proxy_cache media;
      proxy_cache_key $edge_key;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_ignore_headers Cache-Control Expires Set-Cookie Vary;
      proxy_cache_valid 200 10m;
      proxy_hide_header x-amz-request-id;
      proxy_hide_header x-amz-id-2;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
}
`;
}

#!/usr/bin/env bash
# CI: renders the edge recipe (with and without a bucket) and checks it with Debian's nginx
# (`nginx -t`), under a prefix in a temporary folder, so it needs no root and touches nothing else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nginx=${NGINX:-/usr/sbin/nginx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MEDIA_EDGE_SECRET=check-only-0123456789abcdefghijklmnopqrstuv
# (Addresses, not names: nginx -t resolves upstream names, and CI may have no DNS.)
for bucket in "" "http://127.0.0.1:9000" "https://127.0.0.1:9443"; do
  dir="$tmp/edge${bucket:+-bucket-${#bucket}}"
  node "$here/render.mjs" --out "$dir.conf" --dir "$dir" --listen 127.0.0.1:8080 \
    --origin 127.0.0.1:3000 --origin 127.0.0.1:3001 ${bucket:+--bucket "$bucket"} >/dev/null
  "$nginx" -t -q -p "$dir" -e "$dir/error.log" -c "$dir.conf"
  echo "nginx -t: deploy/nginx/edge.conf.template, bucket: ${bucket:-none}: ok"
done

#!/usr/bin/env node
/**
 * Renders edge.conf.template into an nginx configuration (docs/scaling.md, "Recipe").
 *
 *   MEDIA_EDGE_SECRET=... node deploy/nginx/render.mjs --out /etc/nginx/nginx.conf \
 *     --listen 0.0.0.0:80 --origin 10.0.0.11:3000 --origin 10.0.0.12:3000 \
 *     [--bucket https://s3.eu-west-1.amazonaws.com] [--dir /var/lib/rudy-edge] [--cache-max 20g] \
 *     [--workers auto] [--user www-data]
 *
 * The secret comes from the environment only (a command line is visible to every user); the file
 * written holds it and is made readable by its owner only. The bench (bench/edge-nginx.ts) and the
 * tests (apps/api/src/modules/media/edge-nginx.int.test.ts) render the same template.
 */
import fs from 'node:fs';
import path from 'node:path';

const TEMPLATE = path.join(import.meta.dirname, 'edge.conf.template');
/** What can sit inside the quoted secure_link_md5 string without ending it or naming a variable. */
const SECRET = /^[A-Za-z0-9._~+/=-]{32,}$/;
const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$/;

/**
 * @param {{
 *   secret: string; listen: string; origins: string[]; dir: string; bucket?: string;
 *   cacheDir?: string; cacheMax?: string; workers?: string; user?: string;
 * }} o
 * @returns {string}
 */
export function renderEdgeConf(o) {
  if (!SECRET.test(o.secret)) {
    throw new Error('MEDIA_EDGE_SECRET: at least 32 of letters, digits and . _ ~ + / = -');
  }
  if (o.origins.length === 0 || !o.origins.every((h) => HOST_PORT.test(h))) {
    throw new Error('--origin host:port, at least one');
  }
  if (!/^(\S+:)?\d{1,5}$/.test(o.listen)) throw new Error('--listen [address:]port');
  const bucket = o.bucket ? new URL(o.bucket) : null;
  if (bucket && !['http:', 'https:'].includes(bucket.protocol)) {
    throw new Error('--bucket http(s)://host[:port]');
  }
  const bucketHost = bucket
    ? `${bucket.hostname}:${bucket.port || (bucket.protocol === 'https:' ? 443 : 80)}`
    : '';
  const values = {
    USER: o.user ? `user ${o.user};` : '',
    WORKERS: o.workers ?? 'auto',
    DIR: o.dir,
    CACHE_DIR: o.cacheDir ?? path.join(o.dir, 'cache'),
    CACHE_MAX: o.cacheMax ?? '20g',
    LISTEN: o.listen,
    ORIGIN_SERVERS: o.origins.map((h) => `    server ${h};`).join('\n'),
    SECRET: o.secret,
    BUCKET_HOST: bucketHost,
    BUCKET_NAME: bucket?.hostname ?? '',
    BUCKET_SCHEME: bucket?.protocol.slice(0, -1) ?? '',
  };
  const text = fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace(/\{\{#BUCKET\}\}\n([\s\S]*?)\{\{\/BUCKET\}\}\n/g, (_m, inner) => (bucket ? inner : ''))
    .replace(/\{\{([A-Z_]+)\}\}/g, (m, name) => (name in values ? values[name] : m));
  const left = /\{\{[^}]*\}\}/.exec(text);
  if (left) throw new Error(`edge.conf.template: nothing to put in ${left[0]}`);
  return text;
}

/** Writes the rendered configuration (owner-only: it holds the secret) and the folders it names. */
export function writeEdgeConf(file, o) {
  for (const sub of ['', 'temp', 'client', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(o.dir, sub), { recursive: true });
  }
  fs.mkdirSync(o.cacheDir ?? path.join(o.dir, 'cache'), { recursive: true });
  fs.writeFileSync(file, renderEdgeConf(o), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const one = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const origins = args.flatMap((a, i) => (a === '--origin' ? [args[i + 1] ?? ''] : []));
  const out = one('--out');
  if (!out) throw new Error('--out <file> is required');
  const dir = path.resolve(one('--dir', '/var/lib/rudy-edge'));
  const options = {
    secret: process.env.MEDIA_EDGE_SECRET ?? '',
    listen: one('--listen', '80'),
    origins,
    dir,
    bucket: one('--bucket'),
    cacheMax: one('--cache-max'),
    workers: one('--workers'),
    user: one('--user'),
  };
  writeEdgeConf(
    out,
    Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  );
  console.log(`wrote ${out}`);
}

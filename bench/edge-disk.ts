/**
 * The local-disk comparison's floors and its clock (issue 29), for bench/edge.ts and
 * bench/edge-disk-probe.ts: what bare Node costs for the same file, and CPU to the nanosecond.
 */
import fs from 'node:fs';

/**
 * CPU seconds a process has used, every thread counted (user + system), from
 * /proc/<pid>/task/<tid>/schedstat: nanoseconds, where /proc/<pid>/stat counts 10 ms ticks (a
 * 3,000-request probe of a 0.02 ms answer is 6 ticks). A thread that ended takes its time with it:
 * Node's and nginx's threads live as long as the process.
 */
export function preciseCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  let ns = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
  } catch {
    return 0;
  }
  return ns / 1e9;
}

/**
 * The source of a bare node:http server (run with `node --input-type=module -e`) serving files
 * under `root` at their paths: the floor of Node's own HTTP server beside the product's origin.
 * `stream`: a stat and fs.createReadStream per request (Node has no sendfile; what a plain static
 * server does). `memory`: the file's bytes read once and written from memory per request (the
 * origin's hot-segments path without Fastify, the cookie check or the headers).
 */
export function bareDiskServerSource(port: number, root: string, mode: 'stream' | 'memory') {
  return `
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
const root = ${JSON.stringify(root)};
const memory = new Map();
http
  .createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(req.url.split('?')[0]));
    if (${JSON.stringify(mode)} === 'memory') {
      let body = memory.get(file);
      if (!body) memory.set(file, (body = fs.readFileSync(file)));
      res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': body.length });
      res.end(body);
      return;
    }
    fs.stat(file, (err, st) => {
      if (err) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': st.size });
      fs.createReadStream(file).pipe(res);
    });
  })
  .listen(${port}, '127.0.0.1');
`;
}

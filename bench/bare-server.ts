import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The baseline: a bare node:http server answering `body` with `headers`, on a free port. */
export async function bareServer(body: Buffer, headers: Record<string, string>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** A sampled answer's headers, as the baseline repeats them (the per-connection ones left out). */
export function replayedHeaders(sample: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (
      !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)
    ) {
      headers[name] = value;
    }
  });
  return headers;
}

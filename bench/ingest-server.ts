/**
 * The server of the ingest bench, run in a process of its own (bench/analytics.ts bundles this file
 * as the production build bundles the API, and starts the bundle with `node`): the figure is the
 * built server's, and its CPU time is its own. Talks over the IPC channel: it sends
 * `{url}` once listening; answers `cpu` with process.cpuUsage() (µs), `loop` with the event
 * loop's delay since the last `loop` (p99 and max, ms), `count` with the raw rows of
 * a session, and `close` by closing the app (every accepted row written) and exiting.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serveApp } from './serve-app.js';

type Message = { op: 'cpu' } | { op: 'loop' } | { op: 'count'; session: string } | { op: 'close' };

const app = await serveApp({ env: { DATALAKE_RATE_LIMIT_MAX: '100000000' } });
const send = (value: unknown) => process.send?.(value);
/** How late the event loop ran its turns (what a request waiting behind a long turn sees). */
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
process.on('message', (m: Message) => {
  if (m.op === 'cpu') send({ cpu: process.cpuUsage() });
  if (m.op === 'loop') {
    send({ loop: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } });
    loop.reset();
  }
  if (m.op === 'count') {
    void app.database.db
      .selectFrom('analytics_raw')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('session_uuid', '=', m.session)
      .executeTakeFirstOrThrow()
      .then((row) => send({ count: Number(row.n) }));
  }
  if (m.op === 'close') void app.close().then(() => process.exit(0));
});
send({ url: app.url });

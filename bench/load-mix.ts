/**
 * Child process of the benchmarks: autocannon against one server, cycling each connection through a
 * list of paths (a mix of listings, as real visitors send). Prints autocannon's result as JSON.
 * Usage: node --import tsx bench/load-mix.ts '{"url": ..., "paths": [...], "connections": 50, "duration": 8}'
 * With "spread": true the connections share one walk through the paths instead (request n asks
 * for paths[n % length]): fifty connections never ask for the same path at the same moment, so a
 * mix of distinct searches really is distinct, not fifty copies of one sequence.
 */
import autocannon from 'autocannon';

interface Args {
  url: string;
  paths: string[];
  connections: number;
  duration: number;
  spread?: boolean;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
let sent = 0;
function nextPath<R extends { path?: string }>(request: R): R {
  return { ...request, path: args.paths[sent++ % args.paths.length] };
}
const result = await autocannon({
  url: args.url,
  connections: args.connections,
  duration: args.duration,
  requests: args.spread
    ? [{ method: 'GET', setupRequest: nextPath }]
    : args.paths.map((path) => ({ method: 'GET', path })),
});
process.stdout.write(JSON.stringify(result));

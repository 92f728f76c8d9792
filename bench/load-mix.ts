/**
 * Child process of the benchmarks: autocannon against one server, cycling each connection through a
 * list of paths (a mix of listings, as real visitors send). Prints autocannon's result as JSON.
 * Usage: node --import tsx bench/load-mix.ts '{"url": ..., "paths": [...], "connections": 50, "duration": 8}'
 */
import autocannon from 'autocannon';

interface Args {
  url: string;
  paths: string[];
  connections: number;
  duration: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const result = await autocannon({
  url: args.url,
  connections: args.connections,
  duration: args.duration,
  requests: args.paths.map((path) => ({ method: 'GET', path })),
});
process.stdout.write(JSON.stringify(result));

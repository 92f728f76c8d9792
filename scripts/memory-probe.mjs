/**
 * Loaded into each server of the soak bench (bench/soak.ts) with `node --import`; the built
 * server knows nothing of it. On its IPC channel it answers 'memory' with process.memoryUsage()
 * (the soak reports the JavaScript heap beside the RSS it reads from /proc) and 'live' with the
 * same after a full garbage collection: the heap that is really held, whatever garbage is waiting
 * for the collector (a growing live heap is a leak; a growing heap in use need not be). The
 * channel is unref'd: it must not keep alive a server that has been asked to stop.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** A full collection on demand, without starting the server with --expose-gc. */
function collect() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  gc();
}

if (process.send) {
  process.on('message', (message) => {
    if (message === 'live') collect();
    if (message === 'memory' || message === 'live') {
      process.send?.({ memory: process.memoryUsage() });
    }
  });
  process.channel?.unref();
}

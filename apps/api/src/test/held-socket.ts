import type { StdioOptions } from 'node:child_process';
import net from 'node:net';
import type { Stream } from 'node:stream';

/** Node's TCP handle, as `net._createServerHandle` returns it (a bound socket, not listening). */
interface TcpHandle {
  getsockname(out: { port?: number }): number;
  close(): void;
}

/** A bound TCP handle, or an errno. Internal to `net`, exported for its cluster module. */
const createServerHandle = (address: string, port: number, addressType: number) =>
  (
    net as unknown as {
      _createServerHandle(address: string, port: number, addressType: number): TcpHandle | number;
    }
  )._createServerHandle(address, port, addressType);

/**
 * What systemd's socket unit does for a service (`ListenStream=`), for tests and benches: a TCP
 * socket bound here and held by this process, handed to each process it starts as descriptor 3
 * (`stdio[3]`, with LISTEN_FDS=1: see launch). The first of them to listen puts it in
 * the listening state, which lasts while this process holds it: connections made while none of
 * them runs wait in the kernel's accept queue for the next one. This process never accepts on it
 * (its handle does not listen), so it takes none of them. Node's cluster primary makes its
 * shared handles the same way.
 */
export function holdSocket(host: string, port = 0) {
  const handle = createServerHandle(host, port, net.isIPv6(host) ? 6 : 4);
  if (typeof handle === 'number') throw new Error(`could not bind ${host}:${port} (${handle})`);
  const out: { port?: number } = {};
  handle.getsockname(out);
  return { handle, port: out.port ?? port, close: () => handle.close() };
}

export type HeldSocket = ReturnType<typeof holdSocket>;

/**
 * How to start `argv` (stdout and stderr piped), with the held socket as systemd passes one when
 * given: descriptor 3, LISTEN_FDS=1 and LISTEN_PID its own pid (set by a shell that then execs it,
 * so the pid stays).
 */
export function launch(
  argv: readonly string[],
  socket?: HeldSocket,
): { file: string; args: string[]; stdio: StdioOptions } {
  if (!socket)
    return { file: argv[0] ?? '', args: argv.slice(1), stdio: ['ignore', 'pipe', 'pipe'] };
  return {
    file: '/bin/sh',
    args: ['-c', 'LISTEN_PID=$$ LISTEN_FDS=1 exec "$@"', 'sh', ...argv],
    // spawn passes a handle as it passes a stream's (`stdio` takes either), typed for streams.
    stdio: ['ignore', 'pipe', 'pipe', socket.handle as unknown as Stream],
  };
}

import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Requests already sent when the signal came get this long to be read before idle connections go. */
const READ_GRACE_MS = 500;
/** Then connections that fall idle (their last answer said `Connection: close`) are closed this often. */
const IDLE_SWEEP_MS = 100;

/**
 * Shutdown without failing a request. When close() starts, the server stops accepting at once;
 * every request in progress, or already sent on an open connection, is answered normally with
 * `Connection: close`; idle kept-alive connections are closed after a short read grace (Node's own
 * server.close() would close at once a connection whose request is still unread in the socket, and
 * that client would see a reset); close() resolves when the last connection has ended. The caller
 * bounds the whole with its deadline (SHUTDOWN_TIMEOUT_MS). Registered on the root instance.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    const ended = new Promise<void>((resolve) => {
      // The listening socket closes now; the callback comes once every connection has ended.
      net.Server.prototype.close.call(server, () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, READ_GRACE_MS));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await ended;
    } finally {
      clearInterval(sweep);
    }
  });
  // A callback hook, not an async one: every answer passes here, and needs no promise for it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Server options that go with it: the last requests are served rather than answered 503, and
 * connections are closed by the hook above rather than by Fastify.
 */
export const gracefulCloseOptions = {
  forceCloseConnections: false,
  return503OnClosing: false,
} as const;

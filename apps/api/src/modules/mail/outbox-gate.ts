import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const OUTBOX_COOKIE = 'rudy_dev_outbox';

/** Headers a reverse proxy adds: a proxied request is never the local developer's own browser. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host'];

const isLoopback = (address: string | undefined) =>
  !!address &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may read the dev outbox. It holds every verification and reset link, so reading it is
 * taking over accounts: it answers only the person who started the server, on this machine.
 * - 'hidden': not a loopback peer (or came through a proxy): the outbox does not exist for them.
 * - 'locked': a loopback peer without the key printed at start-up.
 * - 'open': the key came in the query (then kept in a cookie) or the cookie.
 */
export function createOutboxGate(opts: { token?: string | undefined; allowRemote: boolean }) {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  return {
    token,
    access(req: FastifyRequest, queryToken: string | undefined): 'hidden' | 'locked' | 'open' {
      const proxied = PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
      if (!opts.allowRemote && (proxied || !isLoopback(req.socket.remoteAddress))) return 'hidden';
      const presented = queryToken ?? cookieValue(req.headers.cookie, OUTBOX_COOKIE);
      return presented !== undefined && sameSecret(presented, token) ? 'open' : 'locked';
    },
    /** Remembers the key for the /dev paths of this browser only. */
    cookie: () => `${OUTBOX_COOKIE}=${token}; Path=/dev; HttpOnly; SameSite=Lax`,
  };
}
export type OutboxGate = ReturnType<typeof createOutboxGate>;

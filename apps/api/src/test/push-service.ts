import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/*
 * A browser's push service on loopback, for tests: devices hold a P-256 key pair and an auth
 * secret as a browser does, the service decrypts each message with them (RFC 8291, aes128gcm) and
 * checks its VAPID Authorization header (RFC 8292) the way a real push service would. Each device
 * answers from a script of statuses (then 201 once the script runs out).
 */

export interface Device {
  id: string;
  endpoint: string;
  /** What `subscription.toJSON()` gives a page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface Received {
  device: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message (JSON text). */
  plaintext: string;
}

function base64urlJson(part: string) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The claims of a VAPID Authorization header (`vapid t=<JWT>, k=<public key>`) once its ES256
 * signature checks out with the key it names; throws otherwise.
 */
export function verifiedVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return {
    header: base64urlJson(header),
    claims: base64urlJson(claims) as { aud: string; exp: number; sub: string },
    publicKey: match[2],
  };
}

export async function startPushService(port: number) {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const scripts = new Map<string, { status: number; headers?: Record<string, string> }[]>();
  const received: Received[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const device = keys.get(id);
      const next = scripts.get(id)?.shift() ?? { status: 201 };
      let status = device ? next.status : 404;
      let plaintext = '';
      try {
        plaintext = device
          ? decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: device.ecdh,
              authSecret: device.auth,
            }).toString('utf8')
          : '';
      } catch {
        // What a push service answers a message it cannot read for the subscription.
        status = 400;
      }
      received.push({ device: id, status, headers: req.headers, plaintext });
      res.writeHead(status, next.headers ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A browser's new subscription; `answers` are the statuses its first messages get. */
    device(answers: { status: number; headers?: Record<string, string> }[] = []): Device {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      scripts.set(id, [...answers]);
      const endpoint = `${origin}/push/${id}`;
      return {
        id,
        endpoint,
        subscription: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

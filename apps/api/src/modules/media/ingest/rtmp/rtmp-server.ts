import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { LiveDropReason } from '@rudy/contracts';
import { decodeAmf0, encodeAmf0, type Amf, type AmfObject } from './amf0.js';
import {
  ChunkReader,
  MSG,
  OUT_CHUNK_SIZE,
  RtmpProtocolError,
  uint32,
  writeMessage,
  type RtmpMessage,
} from './chunk-stream.js';

/*
 * A publish-only RTMP server: the handshake, connect/createStream/publish, then the published
 * audio, video and metadata handed to whoever accepted the stream key. No playback, no relaying.
 * It is written here (see docs/decisions.md) because ffmpeg's own listener does not check the
 * stream key and serves a single connection, and the maintained server package brings a web stack
 * of its own. Everything before a key is accepted is bounded: connections per address and in all,
 * the time to reach `publish`, the size of what is read meanwhile.
 */

/**
 * Why a publisher's stream ended, as the console shows it (LIVE_DROP_REASONS), or 'unpublished':
 * the encoder stopped the stream itself, which is no drop.
 */
export type EndReason = LiveDropReason | 'unpublished';

/** What the server needs from the stream it hands over: write, pause, cut. */
export interface PublisherLink {
  remoteAddress: string;
  /**
   * Stop reading (the encoder behind us is busy); TCP then slows the publisher down. The idle
   * timeout does not run meanwhile: a publisher we hold back is not idle.
   */
  pause(): void;
  resume(): void;
  /** Close the connection (key rotated, game deleted, server stopping), saying why. */
  cut(reason: LiveDropReason): void;
}

export interface Publication {
  /** Audio (8), video (9) and data (18) messages of the stream, in order. */
  write(m: RtmpMessage): void;
  /** The publisher is gone: unpublished, disconnected, cut or broken. Called once. */
  end(reason: EndReason): void;
}

/**
 * A publish turned away. `badKey`: the key itself is wrong (malformed, unknown); only those count
 * toward the address's refused keys. A valid key refused because its game is held elsewhere (a
 * killed worker's lease not yet run out) or on an error must not lock a reconnecting encoder out.
 */
export interface Refusal {
  refused: string;
  badKey?: boolean;
}

export type Authorize = (streamKey: string, link: PublisherLink) => Promise<Publication | Refusal>;

export interface RtmpLimits {
  /** Connections at once, publishing or not. */
  maxConnections: number;
  /** Connections at once from one address. */
  maxPerAddress: number;
  /** From accept to an accepted `publish`. */
  authTimeoutMs: number;
  /** A publisher that sends nothing for this long is dropped. */
  idleTimeoutMs: number;
  /** Refused keys from one address within a minute before it is turned away for a minute. */
  maxFailuresPerMinute: number;
  /** Largest message before the key is accepted, and after. */
  preAuthMessageBytes: number;
  messageBytes: number;
}

export const DEFAULT_LIMITS: RtmpLimits = {
  maxConnections: 64,
  maxPerAddress: 4,
  authTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  maxFailuresPerMinute: 10,
  preAuthMessageBytes: 64 * 1024,
  messageBytes: 8 * 1024 * 1024,
};

/** The RTMP "app" the ingest URL names: rtmp://host:port/live. */
export const INGEST_APP = 'live';

const HANDSHAKE_BYTES = 1536;

/** The server stopping: the reason its connections are closed with. */
class ServerClosing extends Error {}

interface Log {
  info(obj: object, msg: string): void;
}

export function createRtmpServer(o: { authorize: Authorize; log: Log; limits?: RtmpLimits }) {
  const limits = o.limits ?? DEFAULT_LIMITS;
  const perAddress = new Map<string, number>();
  const failures = new Map<string, number[]>();
  const sockets = new Set<net.Socket>();

  /** Refused keys in the last minute from this address (old ones forgotten as we go). */
  function recentFailures(address: string, add = false): number {
    const now = Date.now();
    const list = (failures.get(address) ?? []).filter((t) => now - t < 60_000);
    if (add) list.push(now);
    if (list.length === 0) failures.delete(address);
    else failures.set(address, list);
    return list.length;
  }

  const server = net.createServer((socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = perAddress.get(address) ?? 0;
    const refusal =
      sockets.size >= limits.maxConnections
        ? 'too many connections'
        : count >= limits.maxPerAddress
          ? 'too many connections from this address'
          : recentFailures(address) >= limits.maxFailuresPerMinute
            ? 'too many refused keys from this address'
            : null;
    if (refusal) {
      o.log.info({ remoteAddress: address, reason: refusal }, 'rtmp connection refused');
      socket.destroy();
      return;
    }
    perAddress.set(address, count + 1);
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    serveConnection(socket, address, {
      ...o,
      limits,
      refused: () => recentFailures(address, true),
    });
  });
  // A flood of half-open connections queues in the kernel, not here.
  server.maxConnections = limits.maxConnections;

  return {
    /** On a port, or on a listening socket a supervisor passed (`{ fd }`): the port it has. */
    listen(port: number | { fd: number }, host?: string): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(typeof port === 'number' ? { port, host } : port, () => {
          server.off('error', reject);
          const bound = server.address();
          resolve(typeof bound === 'object' && bound ? bound.port : 0);
        });
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy(new ServerClosing());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    connections: () => sockets.size,
  };
}

function serveConnection(
  socket: net.Socket,
  address: string,
  o: { authorize: Authorize; log: Log; limits: RtmpLimits; refused: () => void },
) {
  const reader = new ChunkReader(o.limits.preAuthMessageBytes);
  let handshake: Buffer | null = Buffer.alloc(0);
  let publication: Publication | null = null;
  let authorizing = false;
  let ended = false;
  let ackWindow = 0;
  let ackedAt = 0;
  /** Why we closed the connection; none: the publisher closed it or it broke. */
  let closedBy: LiveDropReason | null = null;
  let unpublished = false;
  const close = (reason: LiveDropReason, detail?: string) => {
    closedBy ??= reason;
    if (!publication && !authorizing) {
      // The stream never started: said here, as the server has nobody else to tell.
      o.log.info({ remoteAddress: address, reason: detail ?? reason }, 'rtmp connection dropped');
    }
    socket.destroy();
  };

  socket.setNoDelay(true);
  const idle = () => close('idle', 'sent nothing');
  socket.setTimeout(o.limits.idleTimeoutMs, idle);
  const authTimer = setTimeout(
    () => close('protocol', 'no publish in time'),
    o.limits.authTimeoutMs,
  );
  authTimer.unref();

  const send = (csid: number, type: number, payload: Buffer, streamId = 0) => {
    if (!socket.destroyed)
      socket.write(writeMessage(csid, { type, streamId, payload }, OUT_CHUNK_SIZE));
  };
  const command = (streamId: number, ...values: Amf[]) =>
    send(3, MSG.commandAmf0, encodeAmf0(...values), streamId);
  const status = (level: string, code: string, description: string) =>
    command(1, 'onStatus', 0, null, { level, code, description });

  const finish = () => {
    clearTimeout(authTimer);
    if (ended) return;
    ended = true;
    publication?.end(unpublished ? 'unpublished' : (closedBy ?? 'connection_lost'));
  };
  socket.once('close', finish);
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error instanceof ServerClosing) closedBy ??= 'server_stopping';
    else if (!publication) {
      o.log.info(
        { remoteAddress: address, reason: error.code ?? 'socket error' },
        'rtmp connection dropped',
      );
    }
    socket.destroy();
  });

  /** Held back by us (the encoder is busy or starting): not idle, so no idle timeout. */
  const hold = () => {
    socket.pause();
    socket.setTimeout(0);
  };
  const release = () => {
    socket.setTimeout(o.limits.idleTimeoutMs, idle);
    socket.resume();
  };
  const link: PublisherLink = {
    remoteAddress: address,
    pause: hold,
    resume: release,
    cut: (reason) => close(reason),
  };

  async function publish(name: string) {
    authorizing = true;
    // The key is being checked (slow on a busy machine): neither timeout runs meanwhile.
    clearTimeout(authTimer);
    hold();
    const result = await o.authorize(name, link).catch((error: unknown): Refusal => {
      o.log.info({ err: error }, 'rtmp publish could not be authorised');
      return { refused: 'error' };
    });
    authorizing = false;
    if (socket.destroyed) {
      if (!('refused' in result)) result.end(closedBy ?? 'connection_lost');
      return;
    }
    if ('refused' in result) {
      if (result.badKey) o.refused();
      // The key is never logged: the address and why are enough to follow an attack.
      o.log.info({ remoteAddress: address, reason: result.refused }, 'rtmp publish refused');
      status('error', 'NetStream.Publish.BadName', 'Stream key refused');
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    publication = result;
    reader.maxMessageBytes = o.limits.messageBytes;
    status('status', 'NetStream.Publish.Start', 'Publishing');
    release();
  }

  function onCommand(m: RtmpMessage) {
    // An AMF3 command is AMF0 after a leading format byte.
    const values = decodeAmf0(m.type === MSG.commandAmf3 ? m.payload.subarray(1) : m.payload);
    const [name, txn] = values;
    if (typeof name !== 'string') return;
    const transaction = typeof txn === 'number' ? txn : 0;
    switch (name) {
      case 'connect': {
        const props = (values[2] ?? {}) as AmfObject;
        if (props.app !== INGEST_APP) {
          o.refused();
          close('protocol', 'unknown app');
          return;
        }
        send(2, MSG.windowAckSize, uint32(5_000_000));
        send(2, MSG.setPeerBandwidth, Buffer.concat([uint32(5_000_000), Buffer.from([2])]));
        command(
          0,
          '_result',
          transaction,
          { fmsVer: 'FMS/3,0,1,123', capabilities: 31 },
          {
            level: 'status',
            code: 'NetConnection.Connect.Success',
            description: 'Connection succeeded.',
            objectEncoding: 0,
          },
        );
        return;
      }
      case 'createStream':
        command(0, '_result', transaction, null, 1);
        return;
      case 'publish': {
        const key = values[3];
        if (publication || authorizing || typeof key !== 'string') {
          close('protocol', 'publish out of turn');
          return;
        }
        void publish(key);
        return;
      }
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        if (publication) {
          unpublished = true;
          socket.end();
        }
        return;
      default:
        // releaseStream, FCPublish, getStreamLength...: nothing an encoder waits for.
        return;
    }
  }

  function onMessage(m: RtmpMessage) {
    switch (m.type) {
      case MSG.windowAckSize:
        if (m.payload.length >= 4) ackWindow = m.payload.readUInt32BE(0);
        return;
      case MSG.commandAmf0:
      case MSG.commandAmf3:
        onCommand(m);
        return;
      case MSG.audio:
      case MSG.video:
      case MSG.dataAmf0:
        publication?.write(m);
        return;
      default:
        return;
    }
  }

  socket.on('data', (data: Buffer) => {
    try {
      if (handshake) {
        handshake = Buffer.concat([handshake, data]);
        if (handshake.length > 2 * HANDSHAKE_BYTES + 65_536)
          throw new RtmpProtocolError('handshake');
        data = advanceHandshake();
        if (handshake || data.length === 0) return;
      }
      for (const m of reader.push(data)) onMessage(m);
      if (ackWindow > 0 && reader.total - ackedAt >= ackWindow) {
        ackedAt = reader.total;
        send(2, MSG.ack, uint32(reader.total));
      }
    } catch (error) {
      // Anything the protocol does not allow ends the connection; nothing of it is kept.
      close('protocol', error instanceof RtmpProtocolError ? error.message : 'bad data');
    }
  });

  let sentS1 = false;
  /** C0+C1 → S0+S1+S2, then C2; returns what followed C2 (the first chunks). */
  function advanceHandshake(): Buffer {
    const hs = handshake ?? Buffer.alloc(0);
    if (!sentS1) {
      if (hs.length < 1 + HANDSHAKE_BYTES) return Buffer.alloc(0);
      if (hs.readUInt8(0) !== 3) throw new RtmpProtocolError('not RTMP');
      const c1 = hs.subarray(1, 1 + HANDSHAKE_BYTES);
      // S1: time, zero version (encoders then skip the digest check), random bytes.
      const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE_BYTES - 8)]);
      socket.write(Buffer.concat([Buffer.from([3]), s1, c1]));
      sentS1 = true;
    }
    if (hs.length < 1 + 2 * HANDSHAKE_BYTES) return Buffer.alloc(0);
    handshake = null;
    // Our chunk size first: every answer then fits in one chunk.
    send(2, MSG.setChunkSize, uint32(OUT_CHUNK_SIZE));
    return hs.subarray(1 + 2 * HANDSHAKE_BYTES);
  }
}

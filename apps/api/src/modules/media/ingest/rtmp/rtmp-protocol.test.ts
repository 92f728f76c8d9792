import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AmfError, decodeAmf0, encodeAmf0 } from './amf0.js';
import { ChunkReader, MSG, RtmpProtocolError, writeMessage } from './chunk-stream.js';
import { flvTag } from './flv.js';
import { createRtmpServer, DEFAULT_LIMITS } from './rtmp-server.js';

describe('AMF0', () => {
  it('reads back what it writes', () => {
    const values = ['connect', 1, { app: 'live', tcUrl: 'rtmp://x/live', n: null }, true];
    expect(decodeAmf0(encodeAmf0(...values))).toEqual(values);
  });

  it('refuses truncated values, lying array counts and deep nesting', () => {
    const full = encodeAmf0('publish', 5);
    expect(() => decodeAmf0(full.subarray(0, full.length - 3))).toThrow(AmfError);
    expect(() => decodeAmf0(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff]))).toThrow(AmfError);
    const deep = Buffer.concat([
      ...Array.from({ length: 20 }, () => Buffer.from([0x03, 0x00, 0x01, 0x61])),
    ]);
    expect(() => decodeAmf0(deep)).toThrow(AmfError);
  });
});

describe('chunk stream', () => {
  it('reassembles a message cut into chunks and fed a byte at a time', () => {
    const payload = Buffer.alloc(300, 7);
    const wire = writeMessage(6, { type: MSG.video, streamId: 1, payload }, 128);
    const reader = new ChunkReader(1024);
    const got = [...wire].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: MSG.video, streamId: 1, timestamp: 0 });
    expect(got[0]?.payload.equals(payload)).toBe(true);
  });

  it('refuses a message over the limit before reading it', () => {
    const wire = writeMessage(3, { type: 20, streamId: 0, payload: Buffer.alloc(2_000) }, 4096);
    expect(() => new ChunkReader(1_000).push(wire.subarray(0, 12))).toThrow(RtmpProtocolError);
  });

  it('refuses a chunk that continues a stream never started', () => {
    expect(() => new ChunkReader(1_000).push(Buffer.from([0x43, 0, 0, 0]))).toThrow(
      RtmpProtocolError,
    );
  });

  it('turns @setDataFrame metadata into an FLV onMetaData tag', () => {
    const payload = encodeAmf0('@setDataFrame', 'onMetaData', { width: 320 });
    const tag = flvTag({ type: MSG.dataAmf0, streamId: 1, timestamp: 0, payload });
    expect(decodeAmf0(tag.subarray(11, -4))).toEqual(['onMetaData', { width: 320 }]);
    expect(tag.readUInt32BE(tag.length - 4)).toBe(tag.length - 4);
  });
});

describe('RTMP server limits', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function start(limits: Partial<typeof DEFAULT_LIMITS>) {
    const server = createRtmpServer({
      authorize: () => Promise.resolve({ refused: 'test' }),
      log: { info: () => undefined },
      limits: { ...DEFAULT_LIMITS, ...limits },
    });
    const port = await server.listen(0, '127.0.0.1');
    close = () => server.close();
    return port;
  }

  /** Opens a connection; resolves with how long it stayed open (ms), up to `max`. */
  function openFor(port: number, send: Buffer | null, max = 3_000): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => {
        if (send) socket.write(send);
      });
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(max);
      }, max);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });
  }

  it('drops a connection that does not reach publish in time, and any past the per-address cap', async () => {
    const port = await start({ maxPerAddress: 2, authTimeoutMs: 400 });
    const silent = [openFor(port, null), openFor(port, null)];
    await new Promise((r) => setTimeout(r, 100));
    // The third from the same address is closed at once; the silent two at the deadline.
    expect(await openFor(port, null)).toBeLessThan(300);
    for (const lasted of await Promise.all(silent)) {
      expect(lasted).toBeGreaterThanOrEqual(350);
      expect(lasted).toBeLessThan(2_000);
    }
  });

  it('closes at once on what is not an RTMP handshake', async () => {
    const port = await start({});
    expect(await openFor(port, Buffer.alloc(1_600, 0x47))).toBeLessThan(1_000);
  });
});

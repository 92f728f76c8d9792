/*
 * AMF0, the encoding of RTMP's command and data messages: enough of it to read what encoders send
 * (connect, createStream, publish, @setDataFrame) and to write our answers. Input is untrusted:
 * every read is bounds-checked and nesting is capped, so a crafted message costs an exception,
 * never a crash or unbounded work.
 */

export type Amf = number | boolean | string | null | undefined | Date | Amf[] | AmfObject;
export interface AmfObject {
  [key: string]: Amf;
}

const MAX_DEPTH = 8;

export class AmfError extends Error {}

class Reader {
  offset = 0;
  constructor(readonly buf: Buffer) {}

  need(n: number) {
    if (this.offset + n > this.buf.length) throw new AmfError('truncated AMF0 value');
  }
  u8() {
    this.need(1);
    return this.buf.readUInt8(this.offset++);
  }
  u16() {
    this.need(2);
    const v = this.buf.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  f64() {
    this.need(8);
    const v = this.buf.readDoubleBE(this.offset);
    this.offset += 8;
    return v;
  }
  text(length: number) {
    this.need(length);
    const s = this.buf.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return s;
  }

  properties(depth: number): AmfObject {
    const out: AmfObject = Object.create(null) as AmfObject;
    for (;;) {
      const name = this.text(this.u16());
      if (name === '') {
        if (this.u8() !== 0x09) throw new AmfError('object without its end marker');
        return out;
      }
      out[name] = this.value(depth + 1);
    }
  }

  value(depth = 0): Amf {
    if (depth > MAX_DEPTH) throw new AmfError('AMF0 nested too deep');
    const marker = this.u8();
    switch (marker) {
      case 0x00:
        return this.f64();
      case 0x01:
        return this.u8() !== 0;
      case 0x02:
        return this.text(this.u16());
      case 0x03:
        return this.properties(depth);
      case 0x05:
        return null;
      case 0x06:
        return undefined;
      case 0x08:
        // ECMA array: a count (advisory) then properties like an object.
        this.u32();
        return this.properties(depth);
      case 0x0a: {
        const count = this.u32();
        // Each element takes at least one byte: a count past the buffer is a lie.
        this.need(count);
        const items: Amf[] = [];
        for (let i = 0; i < count; i += 1) items.push(this.value(depth + 1));
        return items;
      }
      case 0x0b: {
        const ms = this.f64();
        this.u16();
        return new Date(ms);
      }
      case 0x0c:
        return this.text(this.u32());
      default:
        throw new AmfError(`unsupported AMF0 marker ${marker}`);
    }
  }
}

/** Every value in the buffer, in order. */
export function decodeAmf0(buf: Buffer): Amf[] {
  const reader = new Reader(buf);
  const values: Amf[] = [];
  while (reader.offset < buf.length) values.push(reader.value());
  return values;
}

function encodeString(s: string): Buffer {
  const body = Buffer.from(s, 'utf8');
  const head = Buffer.alloc(2);
  head.writeUInt16BE(body.length);
  return Buffer.concat([head, body]);
}

function encodeValue(v: Amf): Buffer {
  if (typeof v === 'number') {
    const b = Buffer.alloc(9);
    b.writeUInt8(0x00);
    b.writeDoubleBE(v, 1);
    return b;
  }
  if (typeof v === 'boolean') return Buffer.from([0x01, v ? 1 : 0]);
  if (typeof v === 'string') return Buffer.concat([Buffer.from([0x02]), encodeString(v)]);
  if (v === null) return Buffer.from([0x05]);
  if (v === undefined) return Buffer.from([0x06]);
  if (v instanceof Date || Array.isArray(v)) throw new AmfError('not written by this server');
  const parts: Buffer[] = [Buffer.from([0x03])];
  for (const [key, value] of Object.entries(v)) parts.push(encodeString(key), encodeValue(value));
  parts.push(Buffer.from([0x00, 0x00, 0x09]));
  return Buffer.concat(parts);
}

export function encodeAmf0(...values: Amf[]): Buffer {
  return Buffer.concat(values.map(encodeValue));
}

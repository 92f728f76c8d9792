import { describe, expect, it, vi } from 'vitest';
import type { RawRow } from './datalake-rows.js';
import { createIngestBuffer } from './ingest-buffer.js';

const row = (value: number): RawRow => ({
  received_at: new Date(),
  channel_id: 1,
  kind: 4,
  name: null,
  session_uuid: null,
  video_view_uuid: null,
  user_id: null,
  stream_id: 1,
  stream_type: 'vod',
  value,
  data: {},
});
const log = { info: vi.fn(), error: vi.fn() };

describe('the ingest buffer', () => {
  it('writes a batch once it is full, and the rest on close', async () => {
    const written: number[][] = [];
    const buffer = createIngestBuffer({
      store: (rows) => {
        written.push(rows.map((r) => r.value ?? 0));
        return Promise.resolve();
      },
      flushMs: 60_000,
      batchRows: 3,
      maxRows: 100,
      log,
    });
    for (const v of [1, 2, 3, 4]) expect(buffer.accept(row(v))).toBe(true);
    await vi.waitFor(() => expect(written).toEqual([[1, 2, 3]]));
    await buffer.close();
    expect(written).toEqual([[1, 2, 3], [4]]);
    expect(buffer.accept(row(5))).toBe(false);
  });

  it('keeps rows through a failed write, in order, and refuses past its bound', async () => {
    let down = true;
    const written: number[] = [];
    const buffer = createIngestBuffer({
      store: (rows) => {
        if (down) return Promise.reject(new Error('database away'));
        written.push(...rows.map((r) => r.value ?? 0));
        return Promise.resolve();
      },
      flushMs: 60_000,
      batchRows: 1_000,
      maxRows: 3,
      log,
    });
    buffer.accept(row(1));
    buffer.accept(row(2));
    await buffer.flush();
    expect(buffer.stats()).toMatchObject({ buffered: 2, failures: 1 });
    expect(log.error).toHaveBeenCalledTimes(1);
    buffer.accept(row(3));
    expect(buffer.accept(row(4))).toBe(false);
    down = false;
    await buffer.close(3, 1);
    expect(written).toEqual([1, 2, 3]);
    expect(buffer.stats()).toMatchObject({ buffered: 0, stored: 3 });
  });
});

import type { RawRow } from './datalake-rows.js';

export interface IngestLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IngestBufferOptions {
  /** Stores one batch; throws if nothing was stored (the rows are then kept and retried). */
  store(rows: RawRow[]): Promise<void>;
  /** Flush at least this often while rows wait. */
  flushMs: number;
  /** Flush at once when this many rows wait. */
  batchRows: number;
  /** Rows held in memory at most; past it new rows are refused (the caller answers 503). */
  maxRows: number;
  log: IngestLog;
}

/**
 * Accepted datalake rows wait here and are written in batches: a request costs a push, not a
 * database round trip. Batches go out every `flushMs` or as soon as `batchRows` wait; a failed
 * write puts its rows back in front and is retried on the next tick, so nothing accepted is
 * dropped while the database is away (up to `maxRows`, after which callers are refused). close()
 * stops the timer and writes everything still held.
 */
export function createIngestBuffer(opts: IngestBufferOptions) {
  let rows: RawRow[] = [];
  let flushing: Promise<void> | null = null;
  let closed = false;
  let failures = 0;
  let stored = 0;
  const timer = setInterval(() => void flush(), opts.flushMs);
  // The timer alone must not keep a process alive: close() is what ends the buffer.
  timer.unref();

  async function writeOnce(): Promise<void> {
    const batch = rows;
    if (batch.length === 0) return;
    rows = [];
    try {
      await opts.store(batch);
      stored += batch.length;
      if (failures > 0) opts.log.info({ rows: batch.length }, 'datalake writes resumed');
      failures = 0;
    } catch (error) {
      // Back in front, in order, ahead of what arrived meanwhile.
      rows = batch.concat(rows);
      failures++;
      // Logged once per outage, then every 30th try, so a long outage does not flood the log.
      if (failures === 1 || failures % 30 === 0) {
        opts.log.error({ err: error, rows: rows.length, failures }, 'datalake write failed');
      }
      throw error;
    }
  }

  /** One write at a time: a caller during a write waits for that write (later rows go next). */
  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (rows.length === 0) return Promise.resolve();
    flushing = writeOnce()
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
        // Rows that reached a full batch during the write go out now.
        if (!closed && rows.length >= opts.batchRows && failures === 0) void flush();
      });
    return flushing;
  }

  return {
    /** Keeps a row for the next batch; false when the buffer is full (or closed). */
    accept(row: RawRow): boolean {
      if (closed || rows.length >= opts.maxRows) return false;
      rows.push(row);
      if (rows.length >= opts.batchRows && !flushing) void flush();
      return true;
    },
    flush,
    /**
     * Writes everything held, retrying a failing write a few times (the database may be
     * restarting) before giving up and saying how many rows were lost.
     */
    async close(attempts = 5, retryMs = 200): Promise<void> {
      closed = true;
      clearInterval(timer);
      for (let i = 0; i < attempts; i++) {
        if (flushing) await flushing;
        if (rows.length === 0) return;
        await flush();
        if (rows.length === 0) return;
        await new Promise((r) => setTimeout(r, retryMs));
      }
      opts.log.error({ rows: rows.length }, 'datalake closed with rows it could not write');
    },
    stats: () => ({ buffered: rows.length, stored, failures }),
  };
}

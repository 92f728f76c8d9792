import type { Config } from '../../../config.js';
import { INGEST_APP } from './rtmp/rtmp-server.js';

export interface IngestSettings {
  port: number;
  bind: string;
  /** What the console shows as OBS's "Server". */
  url: string;
}

/**
 * Whether this deployment runs the RTMP ingest and where. Production runs it only when
 * LIVE_INGEST_PORT is set (an open port is a decision, not a default); development listens on
 * 1935 on the loopback only; tests choose their own.
 */
export function ingestSettings(config: Config): IngestSettings | null {
  const production = config.NODE_ENV === 'production';
  const raw = config.LIVE_INGEST_PORT ?? (config.NODE_ENV === 'development' ? '1935' : 'off');
  if (raw === 'off') return null;
  const port = Number(raw);
  const bind = config.LIVE_INGEST_BIND ?? (production ? '0.0.0.0' : '127.0.0.1');
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  const url = (config.LIVE_INGEST_URL ?? `rtmp://${host}:${port}/${INGEST_APP}`).replace(
    /\/+$/,
    '',
  );
  return { port, bind, url };
}

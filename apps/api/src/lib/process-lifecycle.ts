import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { isTransientDbError } from '../db/transient-error.js';
import { processLogger } from '../plugins/request-log.js';

/**
 * NODE_ENV=production runs the built output only (`npm run build`, then node on apps/api/dist):
 * sources run through tsx compile at run time and need the development dependencies.
 */
function refuseSourcesInProduction(config: Config, entryUrl: string) {
  if (config.NODE_ENV === 'production' && /\.[cm]?ts$/.test(new URL(entryUrl).pathname)) {
    throw new ConfigError([
      'Cannot start in production: NODE_ENV=production runs only the built output (run `npm run build`, then `node apps/api/dist/main.js`)',
    ]);
  }
}

/**
 * A start that failed: a setting's problems as they are, one line each (no stack trace to read
 * through); anything else as one fatal log line with its error. Exits non-zero.
 */
function exitOnStartFailure(error: unknown, config?: Config): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    const log = processLogger(config ?? { LOG_LEVEL: 'info', NODE_ENV: 'production' });
    log.fatal({ err: error }, 'start failed');
    log.flush();
  }
  process.exit(1);
}

/**
 * A process's start: its settings, a refusal to run sources in production (`entryUrl`, the
 * entry's import.meta.url), then `main`; a start that fails exits (exitOnStartFailure).
 */
export async function startProcess(entryUrl: string, main: (config: Config) => Promise<void>) {
  let config: Config | undefined;
  try {
    config = loadConfig();
    refuseSourcesInProduction(config, entryUrl);
    await main(config);
  } catch (error) {
    exitOnStartFailure(error, config);
  }
}

/**
 * Graceful shutdown on SIGTERM/SIGINT (and after an uncaught error): `close` stops accepting,
 * lets in-flight work finish and releases resources; past SHUTDOWN_TIMEOUT_MS the process exits
 * with code 1 anyway, and a second signal exits at once. Exit code 0 after a clean close.
 * A promise rejected by a transient database error that nobody awaited (a deadlock, a connection
 * cut by a failover: pg-boss's own calls do this) is logged, not the end of the process.
 */
export function closeGracefully(
  o: {
    config: Pick<Config, 'SHUTDOWN_TIMEOUT_MS'>;
    log: FastifyBaseLogger;
    /** Synchronous last resort when the deadline passes (kill child processes). */
    onDeadline?: () => void;
  },
  close: () => Promise<void>,
) {
  process.on('unhandledRejection', (reason) => {
    if (isTransientDbError(reason)) {
      o.log.error({ err: reason }, 'transient database error (not awaited): carrying on');
      return;
    }
    // Anything else is a bug: thrown again, close-with-grace's uncaughtException closes below.
    throw reason;
  });
  closeWithGrace(
    {
      delay: o.config.SHUTDOWN_TIMEOUT_MS,
      skip: ['unhandledRejection'],
      logger: o.log,
      onTimeout: (delay) => {
        o.log.error({ delay }, 'shutdown deadline passed: exiting');
        o.onDeadline?.();
      },
    },
    async ({ signal, err }) => {
      if (err) o.log.fatal({ err }, 'uncaught error: closing');
      else o.log.info({ signal: signal ?? 'exit' }, 'shutting down');
      await close();
      o.log.info('closed');
    },
  );
}

/**
 * A logger for what runs before the server's own exists (the database pool opens first): lines
 * go to the logger attached later, none are written before.
 */
export function lateLog() {
  let target: FastifyBaseLogger | undefined;
  return {
    warn: (obj: object, msg: string) => target?.warn(obj, msg),
    attach(log: FastifyBaseLogger) {
      target = log;
    },
  };
}

import { createRequire } from 'node:module';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';
import { logSafeUrl, MASK } from '../lib/log-safe-url.js';

/** Where log lines go: stdout unless a test captures them. */
export interface LogStream {
  write(line: string): void;
}

type LoggerOption = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

interface SafeErr {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Error fields worth keeping: codes and identifiers only. Everything else an error may carry stays
 * out of the log: PGlite attaches the query `params` (hashes, emails, mail bodies with signed
 * links), pg's `detail` can quote a whole failing row, and a Stripe error holds the `raw` response
 * with the payment intent (and its client secret) and payment method.
 */
const ERR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'address',
  'port',
  'requestId',
  'rawType',
  'decline_code',
  'param',
  'constraint',
  'table',
  'column',
  'severity',
  'routine',
  'exitCode',
  'signal',
] as const;

const isPrimitive = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function safeErr(value: unknown, depth = 0): SafeErr {
  if (!(value instanceof Error)) {
    return {
      type: typeof value,
      message: typeof value === 'string' ? value : 'a thrown non-Error value',
      stack: '',
    };
  }
  const out: SafeErr = {
    type: value.constructor.name || value.name,
    message: value.message,
    stack: value.stack ?? '',
  };
  const fields = value as unknown as Record<string, unknown>;
  for (const key of ERR_FIELDS) {
    if (isPrimitive(fields[key])) out[key] = fields[key];
  }
  if (depth < 3) {
    // A Stripe connection error keeps the network error in `detail`; causes chain the same way.
    if (fields.detail instanceof Error) out.detail = safeErr(fields.detail, depth + 1);
    if (value.cause !== undefined) out.cause = safeErr(value.cause, depth + 1);
    if (value instanceof AggregateError) {
      out.aggregateErrors = (value.errors as unknown[]).map((e) => safeErr(e, depth + 1));
    }
  }
  return out;
}

/**
 * The request as logged: method, path with its credentials masked, client address. No headers
 * (X-Api-Key, cookies, Authorization) and no body (api_key, passwords, card numbers).
 */
export function safeReq(req: FastifyRequest) {
  return {
    method: req.method,
    url: logSafeUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The reply as logged: its status only (no Location with a sign-in code, no Set-Cookie). */
export const safeRes = (reply: Pick<FastifyReply, 'statusCode'>) => ({
  statusCode: reply.statusCode,
});

/**
 * In case a credential is ever logged as a field: these names are masked at the top level and one
 * level down (e.g. `{ body: { api_key } }`).
 */
const REDACT = [
  'api_key',
  'password',
  'token',
  'secret',
  'authorization',
  'cookie',
  'card',
].flatMap((name) => [name, `*.${name}`]);

/**
 * Readable colored lines in development when pino-pretty (a dev dependency) is installed; JSON
 * lines everywhere else (production, tests, a production install without dev dependencies).
 */
export function wantsPrettyLogs(nodeEnv: Config['NODE_ENV']): boolean {
  if (nodeEnv !== 'development') return false;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The process's stdout for JSON log lines, written asynchronously: a synchronous write per line
 * (pino's default) was a tenth of the API's CPU under the start-of-game rush (issue 29). Lines
 * wait in memory for at most LOG_FLUSH_MS (or until LOG_BATCH_BYTES are waiting); pino flushes
 * them synchronously when the process exits (process.exit, an uncaught exception), so only a
 * SIGKILL or a native crash can lose the last LOG_FLUSH_MS of lines. One destination per process: the API, worker and datalake loggers of one
 * process share it, so their lines never interleave.
 */
let stdoutDestination: ReturnType<typeof pino.destination> | undefined;
/** Lines are gathered up to this many bytes, or for at most LOG_FLUSH_MS, per write. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;
function asyncStdout() {
  if (!stdoutDestination) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
    // A quiet process's last lines still reach the log within LOG_FLUSH_MS.
    setInterval(() => {
      try {
        destination.flush();
      } catch {
        // Closed at exit (pino flushed it then): nothing is left to write.
      }
    }, LOG_FLUSH_MS).unref();
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

/**
 * Fastify's logger options, also used for the worker's and datalake's own pino: pino at LOG_LEVEL
 * (off when silent), secrets kept out. Redaction and serializers run before the pretty printer.
 */
export function loggerOptions(
  level: Config['LOG_LEVEL'],
  stream?: LogStream,
  opts: { pretty?: boolean } = {},
): LoggerOption | false {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : opts.pretty ? {} : { stream: asyncStdout() }),
    ...(opts.pretty && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
    serializers: { req: safeReq, res: safeRes, err: safeErr },
    redact: { paths: REDACT, censor: MASK },
  };
}

/**
 * One line per request, written when it is answered: method, path (credentials masked), client,
 * status and time together. Fastify's default is two lines (one when the headers are read, one
 * with the status and time), and each line is a serialisation, a redaction pass and a write: at
 * the start of a game (issue 29) that was most of the logger's share of the API's CPU. The line
 * when a request is read is kept at debug level (LOG_LEVEL=debug shows requests that never finish).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** A process's own logger (the worker alone, start-up failures): the server's options. */
export function processLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const options = loggerOptions(config.LOG_LEVEL, undefined, {
    pretty: wantsPrettyLogs(config.NODE_ENV),
  });
  if (options === false) return pino({ enabled: false });
  // Fastify takes the destination from `stream`; pino takes it as its second argument.
  const { stream, ...rest } = options;
  return stream ? pino(rest, stream) : pino(rest);
}

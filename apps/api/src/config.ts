import path from 'node:path';
import { z } from 'zod';

/** The environment, parsed once. Unset services fall back to their embedded defaults. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().optional(),
  /**
   * Put before every key and pub/sub topic this deployment uses in Redis, so that several
   * deployments (or test servers) can share one Redis without sharing counters or cache signals.
   */
  REDIS_KEY_PREFIX: z.string().max(64).default(''),
  /** Channel served when the host name matches no channel (single-channel deployments). */
  DEFAULT_CHANNEL_KEY: z.string().default('demo-hockey'),
  WEB_DIST_DIR: z.string().optional(),
  /** Fastify trustProxy: 'false', 'true', a hop count or a list of addresses/CIDRs. */
  TRUST_PROXY: z.string().default('false'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Media requests (HLS playlists, segments, posters) per client in RATE_LIMIT_WINDOW_MS. */
  MEDIA_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(3_000),
  /** Dev outbox requests per client in RATE_LIMIT_WINDOW_MS. */
  DEV_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * SIGTERM/SIGINT: in-flight requests and the worker's current jobs get this long to finish
   * before the process exits anyway.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * /api/ready requires a fresh worker heartbeat. Default: when this process runs the worker; set
   * true on WORKER=false servers to take them out of rotation while no worker runs anywhere.
   */
  READY_REQUIRES_WORKER: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public event listings are cached, serialised, this long (0: off); see docs/decisions.md. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /** Signs mail links and cookies. Unset: generated once and kept in the database. */
  APP_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  /**
   * Key of the dev outbox (no SMTP_URL): it is opened once with ?token= and then remembered by a
   * cookie. Unset: a new random key at every start, printed with the URL.
   */
  DEV_OUTBOX_TOKEN: z.string().min(24).optional(),
  /** The dev outbox answers loopback peers only unless this is true (the token is always needed). */
  DEV_OUTBOX_ALLOW_REMOTE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  MAIL_FROM: z.string().default('Rudy streaming <no-reply@localhost>'),
  /** Login, registration and reset attempts per client IP and per account in AUTH_RATE_WINDOW_MS. */
  AUTH_RATE_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_RATE_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(8),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  RECAPTCHA_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().optional(),
  FACEBOOK_TOKEN_URL: z.url().optional(),
  FACEBOOK_USERINFO_URL: z.url().optional(),
  /** Only for local test identity providers served over http; refused in production. */
  OAUTH_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Default: on, except in production, where a demo channel is loaded only when asked. */
  SEED_ON_EMPTY: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** Media store (HLS, posters, downloads). Default: <DATA_DIR>/media. */
  MEDIA_DIR: z.string().optional(),
  /**
   * Media in an S3-compatible bucket instead of MEDIA_DIR (which then keeps only scratch space and
   * the live encoders' growing playlists). Unset: local disk.
   */
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible service (MinIO, R2...), e.g. http://127.0.0.1:9000; unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Keys go under this prefix in the bucket (several deployments sharing one bucket). */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/,
      'letters, digits, . _ - and /',
    )
    .optional(),
  /** Media tokens live for the event's (or VOD's) length plus this margin. */
  MEDIA_TOKEN_MARGIN_MS: z.coerce.number().int().positive().default(3_600_000),
  /**
   * Signs a game's media cookie (media-edge-cookie.ts), which the edge checks too (deploy/nginx:
   * the same value in its configuration). Required in production; unset elsewhere, derived from the
   * app secret. Never logged.
   */
  MEDIA_EDGE_SECRET: z.string().min(32).optional(),
  /**
   * A game's media cookie lives this long; the player renews it by asking /playback again. It
   * bounds how long a logout, a refund or a block takes to reach a viewer the edge serves.
   */
  MEDIA_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5, 'at least 5 seconds')
    .max(600, 'at most 600 seconds (10 minutes: a revoked viewer keeps watching up to this long)')
    .default(300),
  /** Run the job worker (pg-boss handlers, live encoders) in this process. */
  WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Channels (keys, comma-separated) that get synthetic demo games and live encoders. Default:
   * demo-hockey, except in production (none unless asked).
   */
  DEMO_MEDIA_CHANNELS: z.string().optional(),
  /** Finished demo games generated first at start-up; the rest follow in the background. */
  DEMO_MEDIA_FIRST: z.coerce.number().int().min(0).default(3),
  DEMO_GAME_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /**
   * A demo live game's recording (its loop, as long as the DVR window) is kept as its VOD this many
   * hours after the game, then replaced by a DEMO_GAME_SECONDS rendered game, as the other finished
   * demo games have (0: kept). Only the demo's synthetic games: never a real game's recording.
   */
  DEMO_RECORDING_RETENTION_HOURS: z.coerce.number().min(0).max(8_760).default(24),
  /**
   * Concurrent transcode jobs per worker (each ffmpeg uses every core it gets). Demo games always
   * run one at a time, on one thread each.
   */
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * A running media job's lease, renewed while it runs: this long after its worker died (kill -9,
   * lost machine), the job is handed to another worker.
   */
  MEDIA_JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * A live encoder's lease: its worker renews it (every 5 s at most); this long after that worker
   * died, another worker takes the game over and continues its recording.
   */
  LIVE_ENCODER_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  /**
   * A worker's stable identity across its restarts (a supervisor's instance name: systemd's %i, a
   * container's name), unique among the running workers. A restarted worker takes its own live
   * encoders' leases back at once instead of after LIVE_ENCODER_LEASE_SECONDS. Unset: a new
   * identity per process.
   */
  WORKER_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : - (at most 64)')
    .optional(),
  /**
   * A live game's DVR window: viewers' live playlists list its last this many seconds, and a
   * viewer seeks and clips within them (0: the whole recording so far). The recording itself keeps
   * every segment and becomes the game's VOD; only the demo's synthetic games (a loop sent on and
   * on) delete what fell out of the window, so their disk stays bounded.
   */
  LIVE_DVR_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 30 && v <= 86_400), '0 (no window) or 30 to 86400 seconds')
    .default(7_200),
  /**
   * RTMP ingest (OBS and other encoders publish a game with its stream key): the port, or 'off'.
   * Default: 1935 in development, off in tests and in production unless set.
   */
  LIVE_INGEST_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, "a port number or 'off'")
    .refine((v) => v === 'off' || (Number(v) >= 1 && Number(v) <= 65535), 'a port from 1 to 65535')
    .optional(),
  /** The address the ingest listens on. Default: 127.0.0.1 in development, 0.0.0.0 otherwise. */
  LIVE_INGEST_BIND: z.string().min(1).optional(),
  /** The ingest as operators type it into OBS; default rtmp://<PUBLIC_URL's host>:<port>/live. */
  LIVE_INGEST_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^\s/]+(\/[A-Za-z0-9._~-]+)*\/?$/, 'an rtmp:// address')
    .optional(),
  /** ffmpeg binary; default: ffmpeg on PATH, else the one bundled by @ffmpeg-installer. */
  FFMPEG_PATH: z.string().optional(),
  /** Font for the synthetic scoreboard; default: a common system font, else boxes only. */
  MEDIA_FONT_FILE: z.string().optional(),
  /** Payments: Stripe when the secret key is set, else the built-in sandbox card processor. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Production refuses the sandbox (test cards would grant access) unless this says true. */
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Given to the browser (GET /api/payments/config) for Stripe.js and Elements. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Signed webhooks older than this are refused (replay protection). */
  STRIPE_WEBHOOK_TOLERANCE_S: z.coerce.number().int().positive().default(300),
  /**
   * Another Stripe API host (tests run a local stand-in), e.g. http://127.0.0.1:12111. Refused in
   * production: the secret key goes to whatever host it names.
   */
  STRIPE_API_URL: z.url().optional(),
  /** Sandbox payments settle this long after they are accepted (client polling is real). */
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).default(1_500),
  /**
   * Commerce pass (settlements, reconciliation, renewals, expiry) run by the worker as a recurring
   * job this often. 0: not run.
   */
  COMMERCE_JOB_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Alerts for followed teams, schools and sports (issue 33): the worker plans and sends them in a
   * recurring pass this often. 0: none are sent.
   */
  FAN_ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Receipts, trial reminders, failed renewals, cancellations and refunds (issue 33): the worker
   * sends the mails owed in a recurring pass this often. 0: none are sent.
   */
  PURCHASE_MAIL_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Announcements (issue 34): the worker sends the pending mails in a recurring pass this often,
   * at most ANNOUNCEMENTS_PER_MINUTE of them a minute over all channels. 0: none are sent.
   */
  ANNOUNCEMENTS_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  ANNOUNCEMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Web Push for fan alerts. Default: on outside production; in production on when the VAPID keys
   * are given (and then all three are required). 'off': no push, the settings offer mail only.
   */
  WEB_PUSH: z.enum(['on', 'off']).optional(),
  /**
   * The VAPID key pair (RFC 8292) push services check the server's messages with, base64url as
   * `npx web-push generate-vapid-keys` prints it. Unset outside production: a pair is generated
   * once and kept in the database. Never logged.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services contact about this server: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'a mailto: or https: address')
    .optional(),
  /** Orders still 'created' after this long are checked with the payment provider. */
  COMMERCE_RECONCILE_AFTER_S: z.coerce.number().int().min(0).default(60),
  /**
   * Where the web app reports analytics (the datalake of spec section 7): unset, this server;
   * another origin when the datalake runs on its own (`npm run datalake`); 'off', nowhere.
   */
  ANALYTICS_URL: z.union([z.url(), z.literal('off')]).optional(),
  /** Whether the client reports from localhost. Default: yes, except in production. */
  ANALYTICS_LOCALHOST: z.enum(['true', 'false']).optional(),
  /** Serve /datalake/ in this process; false when the datalake runs as its own process. */
  DATALAKE_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Port of the datalake when it runs on its own. */
  DATALAKE_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Datalake calls per client in RATE_LIMIT_WINDOW_MS (a viewer sends a heartbeat every 30 s). */
  DATALAKE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1_200),
  /** Accepted rows are written at least this often... */
  DATALAKE_FLUSH_MS: z.coerce.number().int().min(10).default(1_000),
  /** ...or as soon as this many wait. */
  DATALAKE_BATCH_ROWS: z.coerce.number().int().min(1).default(1_000),
  /** Rows held in memory at most (the database slow or away); past it calls get 503. */
  DATALAKE_BUFFER_MAX: z.coerce.number().int().min(1).default(100_000),
  /** Raw analytics rows are kept this many days (whole day partitions are dropped). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /** Hourly rollups (what the dashboard reads) are kept this many days. */
  ANALYTICS_ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
});
type ParsedEnv = z.infer<typeof ConfigSchema>;
export type Config = Omit<
  ParsedEnv,
  | 'SEED_ON_EMPTY'
  | 'DEMO_MEDIA_CHANNELS'
  | 'ANALYTICS_LOCALHOST'
  | 'READY_REQUIRES_WORKER'
  | 'WEB_PUSH'
> & {
  /** Whether alerts go by Web Push too (see WEB_PUSH). */
  WEB_PUSH: boolean;
  SEED_ON_EMPTY: boolean;
  DEMO_MEDIA_CHANNELS: string;
  ANALYTICS_LOCALHOST: boolean;
  READY_REQUIRES_WORKER: boolean;
  repoRoot: string;
};

/**
 * A setting that stops the start: its message is one line per problem, each naming the setting,
 * printed as it is (no stack trace) by the entry points.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** apps/api/src in development, apps/api/dist once built: the same depth below the root. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * What production may not fall back to: each embedded default that is safe only on the developer's
 * own machine. One line per missing setting, naming it.
 */
export function productionProblems(env: ParsedEnv): string[] {
  const problems: string[] = [];
  if (!env.SMTP_URL) {
    problems.push('SMTP_URL is required in production (the dev outbox is for local use only)');
  }
  if (!env.PUBLIC_URL) {
    problems.push('PUBLIC_URL is required in production (links in mails and OAuth redirects)');
  } else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
    // Spec section 9: the configuration is secure. Links in mails and OAuth redirects over http
    // would carry sign-in codes and reset keys in the clear.
    problems.push('PUBLIC_URL must be an https address in production (spec section 9)');
  }
  if (!env.STRIPE_SECRET_KEY && !env.PAYMENTS_SANDBOX) {
    problems.push(
      'STRIPE_SECRET_KEY is required in production (or PAYMENTS_SANDBOX=true to take test cards on purpose)',
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY in production');
  }
  if (!env.MEDIA_EDGE_SECRET) {
    problems.push(
      'MEDIA_EDGE_SECRET is required in production (signs the media cookie the edge checks; the same value goes in the edge configuration)',
    );
  }
  // Asked for explicitly, the demo parts are refused rather than silently ignored.
  if (env.DEV_OUTBOX_TOKEN || env.DEV_OUTBOX_ALLOW_REMOTE) {
    const name = env.DEV_OUTBOX_TOKEN ? 'DEV_OUTBOX_TOKEN' : 'DEV_OUTBOX_ALLOW_REMOTE';
    problems.push(`${name} is refused in production (the dev outbox is for local use only)`);
  }
  if (webPushOn(env)) {
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
      if (!env[name]) {
        problems.push(
          `${name} is required in production with Web Push on (or WEB_PUSH=off; the generated pair is for local use only)`,
        );
      }
    }
  }
  // Settings for tests against local stand-ins: in production they would lower a guard.
  if (env.STRIPE_API_URL) {
    problems.push(
      'STRIPE_API_URL is refused in production (it sends the Stripe secret key to the host it names; for tests only)',
    );
  }
  if (env.OAUTH_ALLOW_HTTP) {
    problems.push(
      'OAUTH_ALLOW_HTTP is refused in production (it lets sign-in talk to identity providers over http; for tests only)',
    );
  }
  if (env.SEED_ON_EMPTY) {
    problems.push(
      'SEED_ON_EMPTY is refused in production (the demo channel is for a local start; unset it)',
    );
  }
  return problems;
}

/** Web Push on: as set, else outside production always, in production when keys are given. */
function webPushOn(env: ParsedEnv): boolean {
  if (env.WEB_PUSH) return env.WEB_PUSH === 'on';
  if (env.NODE_ENV !== 'production') return true;
  return Boolean(env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY || env.VAPID_SUBJECT);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `Invalid setting ${i.path.join('.')}: ${i.message}`),
    );
  }
  const data = parsed.data;
  const production = data.NODE_ENV === 'production';
  if (Boolean(data.S3_ACCESS_KEY_ID) !== Boolean(data.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    ]);
  }
  if (!data.S3_BUCKET && (data.S3_ENDPOINT || data.S3_ACCESS_KEY_ID || data.S3_PREFIX)) {
    throw new ConfigError(['S3_BUCKET is required with the other S3_ settings']);
  }
  if (Boolean(data.VAPID_PUBLIC_KEY) !== Boolean(data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    ]);
  }
  if (production) {
    const problems = productionProblems(data);
    if (problems.length > 0) {
      throw new ConfigError(problems.map((p) => `Cannot start in production: ${p}`));
    }
  }
  return {
    ...data,
    // The demo's channel and synthetic games are for a local start; production loads them only when asked.
    SEED_ON_EMPTY: data.SEED_ON_EMPTY ?? !production,
    DEMO_MEDIA_CHANNELS: data.DEMO_MEDIA_CHANNELS ?? (production ? '' : 'demo-hockey'),
    // A newcomer running the demo sees their own visits; production ignores developers' browsers.
    ANALYTICS_LOCALHOST: data.ANALYTICS_LOCALHOST
      ? data.ANALYTICS_LOCALHOST === 'true'
      : !production,
    READY_REQUIRES_WORKER: data.READY_REQUIRES_WORKER
      ? data.READY_REQUIRES_WORKER === 'true'
      : data.WORKER,
    WEB_PUSH: webPushOn(data),
    repoRoot,
  };
}

/**
 * Where links to the site point when a channel has no public origin of its own: PUBLIC_URL, else
 * (development and tests only; production requires PUBLIC_URL) this machine's listening address.
 * Never the request's Host header, which the caller controls.
 */
export function fallbackOrigin(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** Only a configured proxy may tell us the client IP (geo-blocking and rate limits depend on it). */
export function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim());
}

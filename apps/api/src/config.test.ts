import { describe, expect, it } from 'vitest';
import { fallbackOrigin, loadConfig } from './config.js';

const PRODUCTION_READY = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://watch.league.example',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  MEDIA_EDGE_SECRET: 'e'.repeat(40),
};

const without = (...names: string[]) =>
  Object.fromEntries(Object.entries(PRODUCTION_READY).filter(([k]) => !names.includes(k)));

describe('production start-up', () => {
  it('refuses each demo default, naming the setting on one line', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required.*\n.*PUBLIC_URL is required.*\n.*STRIPE_SECRET_KEY is required/,
    );
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(
      /SMTP_URL is required in production \(the dev outbox/,
    );
    const noStripe = without('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig(noStripe)).toThrow(/PAYMENTS_SANDBOX=true/);
    expect(() => loadConfig(without('STRIPE_WEBHOOK_SECRET'))).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
  });

  it('requires the media edge secret in production, and a media token life of 10 minutes at most', () => {
    expect(() => loadConfig(without('MEDIA_EDGE_SECRET'))).toThrow(
      /MEDIA_EDGE_SECRET is required in production/,
    );
    expect(loadConfig({}).MEDIA_TOKEN_TTL_SECONDS).toBe(300);
    expect(() => loadConfig({ MEDIA_TOKEN_TTL_SECONDS: '601' })).toThrow(/at most 600 seconds/);
    expect(() => loadConfig({ MEDIA_EDGE_SECRET: 'short' })).toThrow();
  });

  it('Web Push in production: off unless configured, and then with all three VAPID settings', () => {
    expect(loadConfig(PRODUCTION_READY).WEB_PUSH).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_READY, WEB_PUSH: 'on' })).toThrow(
      /VAPID_PUBLIC_KEY is required in production with Web Push on.*\n.*VAPID_PRIVATE_KEY.*\n.*VAPID_SUBJECT/,
    );
    const keys = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
    };
    expect(() => loadConfig({ ...PRODUCTION_READY, ...keys })).toThrow(/VAPID_SUBJECT is required/);
    const on = loadConfig({
      ...PRODUCTION_READY,
      ...keys,
      VAPID_SUBJECT: 'mailto:ops@league.example',
    });
    expect(on.WEB_PUSH).toBe(true);
    // A bad key is refused without echoing it.
    expect(() =>
      loadConfig({ ...PRODUCTION_READY, ...keys, VAPID_PRIVATE_KEY: 'secret!' }),
    ).toThrow(
      /^Invalid setting VAPID_PRIVATE_KEY: a base64url P-256 private key \(43 characters\)$/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).WEB_PUSH).toBe(true);
  });

  it('takes the sandbox in production only when the operator says so', () => {
    const noStripe = without('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
    expect(loadConfig({ ...noStripe, PAYMENTS_SANDBOX: 'true' }).PAYMENTS_SANDBOX).toBe(true);
  });

  it('loads no demo channel and runs synthetic live only when asked', () => {
    const config = loadConfig(PRODUCTION_READY);
    expect(config.SEED_ON_EMPTY).toBe(false);
    expect(config.DEMO_MEDIA_CHANNELS).toBe('');
    const asked = loadConfig({ ...PRODUCTION_READY, DEMO_MEDIA_CHANNELS: 'demo-hockey' });
    expect(asked.DEMO_MEDIA_CHANNELS).toBe('demo-hockey');
  });

  it('refuses the demo channel and the dev outbox when they are asked for, one line each', () => {
    expect(() => loadConfig({ ...PRODUCTION_READY, SEED_ON_EMPTY: 'true' })).toThrow(
      /^Cannot start in production: SEED_ON_EMPTY is refused in production[^\n]*$/,
    );
    expect(() => loadConfig({ ...PRODUCTION_READY, SEED_ON_EMPTY: 'false' })).not.toThrow();
    expect(() => loadConfig({ ...PRODUCTION_READY, DEV_OUTBOX_TOKEN: 'x'.repeat(32) })).toThrow(
      /^Cannot start in production: DEV_OUTBOX_TOKEN is refused[^\n]*$/,
    );
    expect(() => loadConfig({ ...PRODUCTION_READY, DEV_OUTBOX_ALLOW_REMOTE: 'true' })).toThrow(
      /DEV_OUTBOX_ALLOW_REMOTE is refused/,
    );
  });

  // Issue 30, item 5: settings for tests, and an http site, are refused, one line each.
  it('refuses the test-only settings and an http PUBLIC_URL, naming the setting on one line', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION_READY, STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toThrow(/^Cannot start in production: STRIPE_API_URL is refused in production[^\n]*$/);
    expect(() => loadConfig({ ...PRODUCTION_READY, OAUTH_ALLOW_HTTP: 'true' })).toThrow(
      /^Cannot start in production: OAUTH_ALLOW_HTTP is refused in production[^\n]*$/,
    );
    expect(() => loadConfig({ ...PRODUCTION_READY, OAUTH_ALLOW_HTTP: 'false' })).not.toThrow();
    for (const url of ['http://watch.league.example', 'ftp://watch.league.example']) {
      expect(() => loadConfig({ ...PRODUCTION_READY, PUBLIC_URL: url })).toThrow(
        /^Cannot start in production: PUBLIC_URL must be an https address in production[^\n]*$/,
      );
    }
    // All at once: one line each.
    expect(() =>
      loadConfig({
        ...PRODUCTION_READY,
        PUBLIC_URL: 'http://watch.league.example',
        STRIPE_API_URL: 'https://stripe.test',
        OAUTH_ALLOW_HTTP: 'true',
      }),
    ).toThrow(/^[^\n]*PUBLIC_URL[^\n]*\n[^\n]*STRIPE_API_URL[^\n]*\n[^\n]*OAUTH_ALLOW_HTTP[^\n]*$/);
  });

  it('keeps them for development and tests', () => {
    const local = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      OAUTH_ALLOW_HTTP: 'true',
    });
    expect(local).toMatchObject({
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      OAUTH_ALLOW_HTTP: true,
    });
  });

  it('names an invalid setting on its own line', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid setting PORT: [^\n]+$/);
  });

  it('expects a worker heartbeat where the worker runs, unless told otherwise', () => {
    expect(loadConfig({}).READY_REQUIRES_WORKER).toBe(true);
    expect(loadConfig({ WORKER: 'false' }).READY_REQUIRES_WORKER).toBe(false);
    expect(
      loadConfig({ WORKER: 'false', READY_REQUIRES_WORKER: 'true' }).READY_REQUIRES_WORKER,
    ).toBe(true);
  });

  it('keeps the local demo as it was', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ SEED_ON_EMPTY: true, DEMO_MEDIA_CHANNELS: 'demo-hockey' });
    expect(fallbackOrigin(config)).toBe('http://localhost:3000');
    expect(fallbackOrigin(loadConfig({ PUBLIC_URL: 'https://tv.example/' }))).toBe(
      'https://tv.example',
    );
  });
});

describe('media storage settings', () => {
  it('local disk unless a bucket is set; S3 keys go together; other S3 settings need the bucket', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
    });
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK' })).toThrow(
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither$/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /^S3_BUCKET is required with the other S3_ settings$/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PREFIX: '../x' })).toThrow(
      /^Invalid setting S3_PREFIX/,
    );
  });
});

/*
 * `npm run db:types` makes schema.generated.ts from what the migrations build: it creates a
 * throwaway database on the PostgreSQL server (DATABASE_URL, else the local one), runs
 * migrateToLatest on it, reads its catalogue with kysely-codegen, and drops it.
 * `npm run db:types -- --check` writes nothing and fails when the file differs (CI's drift check).
 *
 * The catalogue cannot say what a JSON column holds or which values a check constraint allows;
 * OVERRIDES below says it, with the types of column-types.ts. An override naming a column that no
 * longer exists fails the run, so the list cannot go stale.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import codegen from 'kysely-codegen';
import pg from 'pg';
import * as prettier from 'prettier';
import { openDatabase, type DB } from './database.js';
import { migrateToLatest } from './migrate.js';

const OUT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.generated.ts');

const COLUMN_TYPES = [
  'I18n',
  'OptionalI18n',
  'JsonRecord',
  'OptionalJsonRecord',
  'StringRecord',
  'JsonMeta',
  'MailHeaders',
  'ComputedText',
  'Currency',
  'ProductType',
  'VodMediaStatus',
  'FanAlertKind',
  'PurchaseMailKind',
  'StreamHealth',
];

/** table.column → its TypeScript type, where the catalogue's type is too wide. */
const OVERRIDES: Record<string, string> = {
  'announcement_recipients.status': "Generated<'pending' | 'sent' | 'skipped'>",
  'announcements.body': 'I18n',
  'announcements.segment': "'team' | 'pass' | 'opted_in'",
  'announcements.subject': 'I18n',
  'admin_audit_log.action': "'create' | 'update' | 'delete'",
  'admin_audit_log.after': 'OptionalJsonRecord',
  'admin_audit_log.before': 'OptionalJsonRecord',
  'analytics_daily_dims.dim': "'category' | 'sport' | 'school'",
  'analytics_raw.data': 'JsonRecord',
  'captions.lang': "'en' | 'fr'",
  'captions.subject': "'event' | 'vod' | 'clip'",
  'clips.status': "Generated<'processing' | 'success' | 'error'>",
  'custom_forms.definition': 'JsonRecord',
  'event_categories.name': 'I18n',
  'event_media.meta': 'Generated<unknown>',
  'event_media.status':
    "Generated<'pending' | 'processing' | 'ready' | 'live' | 'ended' | 'error'>",
  'events.access_type': "Generated<'free' | 'paid' | 'register' | 'ppv'>",
  'events.description': 'OptionalI18n',
  'events.name': 'I18n',
  'events.preroll_mode': "Generated<'auto' | 'none' | 'chosen'>",
  'fan_alert_games.kind': 'FanAlertKind',
  'fan_alert_pushes.status': "Generated<'pending' | 'sent' | 'failed' | 'skipped'>",
  'fan_alerts.kind': 'FanAlertKind',
  'fan_alerts.status': "Generated<'pending' | 'sent' | 'skipped'>",
  'faq.answer': 'I18n',
  'faq.question': 'I18n',
  'favorites.favoritable_type': 'FavoritableType',
  'game_series.access_type': "'free' | 'paid' | 'register' | 'ppv'",
  'game_series.name': 'I18n',
  'live_ingest.stream_health': 'StreamHealth',
  'mail_outbox.headers': 'MailHeaders',
  'media_uploads.status':
    "Generated<'uploading' | 'queued' | 'processing' | 'ready' | 'error' | 'expired'>",
  'menus.location': "'header' | 'footer'",
  'menus.title': 'I18n',
  'moments.kind': "'detected' | 'marked'",
  'moment_reels.status': "Generated<'cutting' | 'pending' | 'published' | 'discarded' | 'empty'>",
  'order_items.item_type': "'event' | 'package' | 'subscription' | 'additional'",
  'order_items.product_type': 'ProductType',
  'orders.activity_status': "Generated<'active' | 'inactive' | 'expired' | 'canceled'>",
  'orders.currency': 'Currency',
  'orders.kind': "Generated<'purchase' | 'new_subscription' | 'subscription_renewal'>",
  'orders.renewal': "'active' | 'cancelled' | null",
  'orders.status': "Generated<'created' | 'failed' | 'paid' | 'refunded'>",
  'orders.type': "'event' | 'package' | 'subscription'",
  'packages.currency': 'Currency',
  'packages.description': 'OptionalI18n',
  'packages.feature_counts': 'Generated<unknown>',
  'packages.name': 'I18n',
  'packages.pass_type': "Generated<'regular' | 'addon'>",
  'packages.scope': "Generated<'single' | 'category'>",
  'pages.content': 'I18n',
  'pages.name': 'I18n',
  'participant_group_properties.label': 'I18n',
  'participant_group_properties.name': "'gender' | 'sport' | 'division' | 'league'",
  'participants.gender': "'men' | 'women' | 'not identified' | null",
  'promo_codes.kind': "'percent' | 'amount'",
  'promo_codes.product_type': 'ProductType | null',
  'purchase_mails.kind': 'PurchaseMailKind',
  'purchase_mails.status': "Generated<'pending' | 'sent' | 'skipped'>",
  'sandbox_events.payload': 'JsonRecord',
  'sandbox_payments.metadata': 'StringRecord',
  'sandbox_payments.outcome': "'succeeded' | 'failed'",
  'sandbox_payments.status':
    "'requires_action' | 'processing' | 'succeeded' | 'failed' | 'refunded'",
  'sandbox_subscriptions.metadata': 'StringRecord',
  'sandbox_subscriptions.period': "'month' | 'annual'",
  'sandbox_subscriptions.status': "'trialing' | 'active' | 'past_due' | 'canceled'",
  'settings.data': 'JsonRecord',
  'slides.slidable_type': "'category' | 'participant' | 'group' | 'main'",
  'slides.subtitle': 'OptionalI18n',
  'slides.title': 'I18n',
  'static_blocks.content': 'I18n',
  'static_blocks.title': 'I18n',
  'subscriptions.currency': 'Currency',
  'subscriptions.description': 'OptionalI18n',
  'subscriptions.feature_counts': 'Generated<unknown>',
  'subscriptions.name': 'I18n',
  'subscriptions.period': "'annual' | 'month'",
  'trial_claims.kind': "'email' | 'card'",
  'user_subscriptions.renewal': "Generated<'active' | 'cancelled'>",
  'user_subscriptions.status':
    "Generated<'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired'>",
  'users.role': "Generated<'viewer' | 'admin'>",
  'vod_media_assets.meta': 'JsonMeta',
  'vod_media_categories.name': 'I18n',
  'vod_media_items.description': 'OptionalI18n',
  'vod_media_items.meta': 'JsonMeta',
  'vod_media_items.search_doc': 'ComputedText',
  'vod_media_items.search_text': 'ComputedText',
  'vod_media_items.status': 'Generated<VodMediaStatus>',
  'vod_media_items.title': 'I18n',
  'vod_media_rails.title': 'I18n',
};

const HEADER = `/*
 * Generated by \`npm run db:types\` (src/db/generate-types.ts) from the database that migrations/
 * build. Do not edit: change a migration (or an override there) and run it again.
 */
`;

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rudy_types_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  await admin(adminUrl, `create database ${name}`);
  let generated: string;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
      generated = await introspect(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
  }

  const options = (await prettier.resolveConfig(OUT_FILE)) ?? {};
  const text = await prettier.format(HEADER + generated, { ...options, filepath: OUT_FILE });
  const relative = path.relative(process.cwd(), OUT_FILE);
  if (!check) {
    fs.writeFileSync(OUT_FILE, text);
    console.log(`db:types: wrote ${relative}`);
    return;
  }
  const current = fs.existsSync(OUT_FILE) ? fs.readFileSync(OUT_FILE, 'utf8') : '';
  if (current === text) {
    console.log(`db:types: ${relative} matches the migrations`);
    return;
  }
  console.error(
    `db:types: ${relative} differs from what the migrations build; run npm run db:types`,
  );
  process.exitCode = 1;
}

function introspect(db: DB): Promise<string> {
  return codegen.generate({
    db,
    dialect: codegen.getDialect('postgres'),
    outFile: null,
    skipAutogeneratedFileComment: true,
    excludePattern: 'kysely_migration*',
    customImports: {
      ...Object.fromEntries(COLUMN_TYPES.map((type) => [type, './column-types.js'])),
      FavoritableType: '@rudy/contracts',
    },
    overrides: { columns: OVERRIDES },
    postprocess: ({ metadata }) => {
      const columns = new Set(
        metadata.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
      );
      const stale = Object.keys(OVERRIDES).filter((key) => !columns.has(key));
      if (stale.length > 0) throw new Error(`overrides for missing columns: ${stale.join(', ')}`);
      return Promise.resolve(metadata);
    },
  });
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await main();

import {
  AdminFaqInputSchema,
  AdminMenuItemInputSchema,
  AdminPageInputSchema,
  AdminSiteSettingsInputSchema,
  AdminSlideInputSchema,
  AdminStaticBlockInputSchema,
  SITE_CONTENT_MESSAGES,
  type AdminFaq,
  type AdminMenuItem,
  type AdminPage,
  type AdminSiteContent,
  type AdminSiteSettings,
  type AdminSlide,
  type AdminStaticBlock,
} from '@rudy/contracts';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createAuditedEntity } from '../audited-entity.js';
import { channelRows } from '../channel-rows.repository.js';
import type { AuditEntity } from '../audit/audit.repository.js';
import type { Snapshot } from '../audit/audit-diff.js';
import { createBrandingAdminRepository } from '../branding/branding-admin.repository.js';
import {
  bilingual,
  createContentRepository,
  textOf,
  type ContentRepository,
  type ContentRow,
  type ContentTable,
} from './site-content-admin.repository.js';

type Columns<T extends ContentTable> = Omit<Insertable<Database[T]>, 'id' | 'channel_id'>;

const refused = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: message });

/**
 * One kind of site content (menu items, pages…): how its rows read as the console's items, how an
 * input becomes columns, and the checks a write must pass. Every change is audited and seen by
 * viewers at once (createAuditedEntity through AdminChanges).
 */
function contentArea<T extends ContentTable, Input, Item extends { id: number }>(
  changes: AdminChanges,
  c: {
    table: T;
    entity: AuditEntity;
    missing: string;
    toItem: (row: ContentRow<T>) => Item;
    columns: (input: Input) => Columns<T>;
    /** A column no two of the channel's rows share: a taken value is refused (400, `message`). */
    unique?: { column: 'url' | 'alias'; value: (input: Input) => string; message: string };
    /** Refuses (400) what else the table cannot hold: a slide's unknown target. */
    check?: (db: DB, channelId: number, input: Input, id: number | null) => Promise<void>;
    order: (a: Item, b: Item) => number;
  },
) {
  const repository = (db: DB) => createContentRepository(db, c.table);
  /** The audit compares every field but the id (the row names it). */
  const snapshot = (item: Item): Snapshot =>
    Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id'));
  /** The checks of a write (`id` null for a new row) before it reaches the table. */
  async function refuse(
    repo: ContentRepository<T>,
    channelId: number,
    input: Input,
    id: number | null,
  ) {
    const u = c.unique;
    if (u && (await repo.taken(channelId, u.column, u.value(input), id)))
      throw refused(u.column, u.message);
    await c.check?.(repo.db, channelId, input, id);
  }
  const items = createAuditedEntity({
    changes,
    entity: c.entity,
    repository,
    find: async (repo: ContentRepository<T>, channelId, id) => {
      const row = await repo.byId(channelId, id);
      return row && c.toItem(row);
    },
    missing: c.missing,
    snapshot,
  });
  return {
    async list(db: DB, channelId: number): Promise<Item[]> {
      return (await repository(db).list(channelId)).map(c.toItem).sort(c.order);
    },
    create: (caller: AdminCaller, input: Input) =>
      items.create(caller, async (repo) => {
        await refuse(repo, caller.channelId, input, null);
        return repo.insert({
          channel_id: caller.channelId,
          ...c.columns(input),
        } as unknown as Insertable<Database[T]>);
      }),
    update: (caller: AdminCaller, id: number, input: Input) =>
      items.update(caller, id, async (repo) => {
        await refuse(repo, caller.channelId, input, id);
        await repo.update(caller.channelId, id, c.columns(input) as never);
      }),
    remove: (caller: AdminCaller, id: number) =>
      items.remove(caller, id, (repo) => repo.delete(caller.channelId, id)),
  };
}

const byPosition = <I extends { position: number; id: number }>(a: I, b: I) =>
  a.position - b.position || a.id - b.id;

/** Which table a slide on a sport's, team's or school's page points into. */
const SLIDE_TARGETS = {
  category: 'event_categories',
  participant: 'participants',
  group: 'participant_groups',
} as const;

type In<S extends z.ZodType> = z.output<S>;

/** The console's site content: the menu, pages, slides, FAQ, static blocks and site settings. */
export function createSiteContentAdminService(deps: { db: DB; changes: AdminChanges }) {
  const { changes } = deps;

  const menu = contentArea(changes, {
    table: 'menus',
    entity: 'menu_item',
    missing: 'Menu item not found',
    toItem: (r): AdminMenuItem => ({
      id: r.id,
      title_en: textOf(r.title, 'en'),
      title_fr: textOf(r.title, 'fr'),
      url: r.url,
      location: r.location,
      position: r.position,
      is_external: r.is_external,
    }),
    columns: (i: In<typeof AdminMenuItemInputSchema>) => ({
      title: bilingual(i.title_en, i.title_fr),
      url: i.url,
      location: i.location,
      position: i.position,
      is_external: i.is_external,
    }),
    order: (a, b) => a.location.localeCompare(b.location) || byPosition(a, b),
  });

  const pages = contentArea(changes, {
    table: 'pages',
    entity: 'page',
    missing: 'Page not found',
    toItem: (r): AdminPage => ({
      id: r.id,
      name_en: textOf(r.name, 'en'),
      name_fr: textOf(r.name, 'fr'),
      url: r.url,
      kind: AdminPageInputSchema.shape.kind.safeParse(r.kind).data ?? 'custom',
      content_en: textOf(r.content, 'en'),
      content_fr: textOf(r.content, 'fr'),
      position: r.position,
      show_in_footer: r.show_in_footer,
    }),
    columns: (i: In<typeof AdminPageInputSchema>) => ({
      name: bilingual(i.name_en, i.name_fr),
      url: i.url,
      kind: i.kind,
      content: bilingual(i.content_en, i.content_fr),
      position: i.position,
      show_in_footer: i.show_in_footer,
      updated_at: new Date(),
    }),
    // Two pages at one address: the table refuses it, so the console says it first.
    unique: { column: 'url', value: (i) => i.url, message: SITE_CONTENT_MESSAGES.urlTaken },
    order: byPosition,
  });

  const slides = contentArea(changes, {
    table: 'slides',
    entity: 'slide',
    missing: 'Slide not found',
    toItem: (r): AdminSlide => ({
      id: r.id,
      title_en: textOf(r.title, 'en'),
      title_fr: textOf(r.title, 'fr'),
      subtitle_en: textOf(r.subtitle, 'en'),
      subtitle_fr: textOf(r.subtitle, 'fr'),
      image_url: r.image_url,
      link_url: r.link_url ?? '',
      slidable_type: r.slidable_type,
      slidable_id: r.slidable_id,
      position: r.position,
    }),
    columns: (i: In<typeof AdminSlideInputSchema>) => ({
      client_interface: 'web',
      title: bilingual(i.title_en, i.title_fr),
      subtitle: i.subtitle_en ? bilingual(i.subtitle_en, i.subtitle_fr) : null,
      image_url: i.image_url,
      link_url: i.link_url || null,
      slidable_type: i.slidable_type,
      slidable_id: i.slidable_type === 'main' ? null : i.slidable_id,
      position: i.position,
    }),
    check: async (db, channelId, i) => {
      if (i.slidable_type === 'main' || i.slidable_id === null) return;
      const table = SLIDE_TARGETS[i.slidable_type];
      if (!(await channelRows(db, table).exists(channelId, i.slidable_id)))
        throw refused('slidable_id', SITE_CONTENT_MESSAGES.unknownTarget);
    },
    order: (a, b) => a.slidable_type.localeCompare(b.slidable_type) || byPosition(a, b),
  });

  const faq = contentArea(changes, {
    table: 'faq',
    entity: 'faq',
    missing: 'Question not found',
    toItem: (r): AdminFaq => ({
      id: r.id,
      question_en: textOf(r.question, 'en'),
      question_fr: textOf(r.question, 'fr'),
      answer_en: textOf(r.answer, 'en'),
      answer_fr: textOf(r.answer, 'fr'),
      position: r.position,
    }),
    columns: (i: In<typeof AdminFaqInputSchema>) => ({
      question: bilingual(i.question_en, i.question_fr),
      answer: bilingual(i.answer_en, i.answer_fr),
      position: i.position,
    }),
    order: byPosition,
  });

  const blocks = contentArea(changes, {
    table: 'static_blocks',
    entity: 'static_block',
    missing: 'Block not found',
    toItem: (r): AdminStaticBlock => ({
      id: r.id,
      alias: r.alias,
      title_en: textOf(r.title, 'en'),
      title_fr: textOf(r.title, 'fr'),
      content_en: textOf(r.content, 'en'),
      content_fr: textOf(r.content, 'fr'),
    }),
    columns: (i: In<typeof AdminStaticBlockInputSchema>) => ({
      alias: i.alias,
      title: bilingual(i.title_en, i.title_fr),
      content: bilingual(i.content_en, i.content_fr),
    }),
    unique: { column: 'alias', value: (i) => i.alias, message: SITE_CONTENT_MESSAGES.aliasTaken },
    order: (a, b) => a.alias.localeCompare(b.alias),
  });

  async function siteSettings(db: DB, channelId: number): Promise<AdminSiteSettings> {
    const { data } = await createBrandingAdminRepository(db).read(channelId);
    if (!data) throw new HttpError(404, 'not_found', 'Channel settings not found');
    return {
      language: data.language === 'fr' ? 'fr' : 'en',
      static_blocks: data.static_blocks === true,
    };
  }

  return {
    menu,
    pages,
    slides,
    faq,
    blocks,

    async get(channelId: number): Promise<AdminSiteContent> {
      const { db } = deps;
      const [settings, m, p, s, f, b] = await Promise.all([
        siteSettings(db, channelId),
        menu.list(db, channelId),
        pages.list(db, channelId),
        slides.list(db, channelId),
        faq.list(db, channelId),
        blocks.list(db, channelId),
      ]);
      return { settings, menu: m, pages: p, slides: s, faq: f, static_blocks: b };
    },

    /** The site's default language and whether the home page shows the static blocks. */
    updateSettings(
      caller: AdminCaller,
      input: In<typeof AdminSiteSettingsInputSchema>,
    ): Promise<AdminSiteSettings> {
      return changes.apply(caller, async (trx, audit) => {
        const before = await siteSettings(trx, caller.channelId);
        await createBrandingAdminRepository(trx).mergeSettings(caller.channelId, input);
        const after = await siteSettings(trx, caller.channelId);
        await audit({ action: 'update', entity: 'site_settings', entityId: null, before, after });
        return after;
      });
    },
  };
}
export type SiteContentAdminService = ReturnType<typeof createSiteContentAdminService>;

import type { Kysely } from 'kysely';
import type { Settings } from '@rudy/contracts';
import type { Database } from '../schema.js';
import { claimChannel } from './claim-channel.js';
import {
  CATEGORIES,
  FOOTER_MENU,
  HEADER_MENU,
  LEAGUE,
  SCHOOLS,
  TEAMS,
  THEME_COLORS,
  type MenuSeed,
} from './demo-content.js';
import { insertCommerce } from './demo-commerce.js';
import { i18n, idOf, insertGames, insertLeague, type LeagueRefs } from './demo-league.js';
import { seedDemoLibrary } from './demo-library.js';
import { PAGES } from './demo-pages.js';
import { CONTACT_FORM, FAQ, SLIDES, STATIC_BLOCKS, type SlideTarget } from './demo-texts.js';
import { bannerImage, channelLogo } from './svg-art.js';

export const DEMO_CHANNEL_KEY = 'demo-hockey';
export const DEMO_CHANNEL_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

export interface SeedDemoChannelOptions {
  /** The moment the schedule is built around; tests pass a fixed date. */
  now?: Date;
  channelKey?: string;
  hosts?: string[];
}

/**
 * Creates the demo junior hockey channel with everything a visitor can see or buy. Idempotent: an
 * existing channel with the same key is left untouched. All rows are written in one transaction, so
 * a failure leaves no half-seeded channel behind.
 */
export async function seedDemoChannel(
  db: Kysely<Database>,
  opts: SeedDemoChannelOptions = {},
): Promise<{ channelId: number; created: boolean }> {
  const now = opts.now ?? new Date();
  const key = opts.channelKey ?? DEMO_CHANNEL_KEY;
  const hosts = opts.hosts ?? [...DEMO_CHANNEL_HOSTS];

  return db.transaction().execute(async (trx) => {
    const { channelId, created } = await claimChannel(trx, { key, name: LEAGUE.name, hosts });
    if (!created) return { channelId, created };
    await insertSiteSettings(trx, channelId);
    await insertSiteContent(trx, channelId);
    const refs = await insertLeague(trx, channelId);
    const games = await insertGames(trx, channelId, refs, now);
    await insertSlides(trx, channelId, refs);
    await insertCommerce(trx, channelId, refs, games, now);
    await seedDemoLibrary(trx, channelId, now);
    return { channelId, created: true };
  });
}

async function insertSiteSettings(db: Kysely<Database>, channelId: number): Promise<void> {
  const settings: Settings = {
    channel_name: LEAGUE.name,
    logo_url: channelLogo({
      short: LEAGUE.short,
      tagline: LEAGUE.tagline,
      color: THEME_COLORS.primary,
      accent: THEME_COLORS.accent,
    }),
    language: 'en',
    currency: LEAGUE.currency,
    time_zone: LEAGUE.timeZone,
    prerolls: true,
    static_blocks: true,
    google_tag_id: null,
    yare_analytics_key: null,
    recaptcha_site_key: null,
    custom_forms: false,
    contact_email: LEAGUE.contactEmail,
    social_links: LEAGUE.socialLinks.map((link) => ({ ...link })),
    // Geo-blocking stays off channel-wide so the demo plays from anywhere.
    geo_allowed_countries: [],
    geo_blocked_countries: [],
    // The sport tag the spec names, and the moments a hockey fan clips.
    clip_tags: ['Hockey', 'Goal', 'Save', 'Hit', 'Highlight'],
    clip_max_seconds: 60,
  };
  await db
    .insertInto('settings')
    .values({ channel_id: channelId, data: JSON.stringify(settings) })
    .execute();

  await db
    .insertInto('color_settings')
    .values(
      Object.entries(THEME_COLORS).map(([name, value]) => ({
        channel_id: channelId,
        client_interface: 'web',
        name,
        value,
      })),
    )
    .execute();
}

async function insertSiteContent(db: Kysely<Database>, channelId: number): Promise<void> {
  const menuRows = (items: readonly MenuSeed[], location: 'header' | 'footer') =>
    items.map((item, index) => ({
      channel_id: channelId,
      title: i18n(item.title),
      url: item.url,
      location,
      position: index + 1,
      is_external: false,
    }));
  await db
    .insertInto('menus')
    .values([...menuRows(HEADER_MENU, 'header'), ...menuRows(FOOTER_MENU, 'footer')])
    .execute();

  await db
    .insertInto('pages')
    .values(
      PAGES.map((page, index) => ({
        channel_id: channelId,
        url: page.url,
        kind: page.kind,
        name: i18n(page.name),
        content: i18n(page.content),
        position: index + 1,
        show_in_footer: true,
      })),
    )
    .execute();

  await db
    .insertInto('faq')
    .values(
      FAQ.map((item, index) => ({
        channel_id: channelId,
        question: i18n(item.question),
        answer: i18n(item.answer),
        position: index + 1,
      })),
    )
    .execute();

  await db
    .insertInto('static_blocks')
    .values(
      STATIC_BLOCKS.map((block) => ({
        channel_id: channelId,
        alias: block.alias,
        title: i18n(block.title),
        content: i18n(block.content),
      })),
    )
    .execute();

  await db
    .insertInto('custom_forms')
    .values({
      channel_id: channelId,
      alias: CONTACT_FORM.alias,
      definition: JSON.stringify(CONTACT_FORM.definition),
    })
    .execute();
}

interface ResolvedSlide {
  slidableId: number | null;
  link: string;
  image: string;
}

/** Points each slide at its row and at the schedule filtered by it, with matching artwork. */
function resolveSlide(target: SlideTarget, refs: LeagueRefs): ResolvedSlide {
  switch (target.type) {
    case 'main':
      return {
        slidableId: null,
        link: target.path,
        image: bannerImage({ from: THEME_COLORS.background, to: '#2D7DD2' }),
      };
    case 'category': {
      const id = idOf(refs.categories, target.category);
      const color = CATEGORIES.find((c) => c.key === target.category)?.color ?? '#2D7DD2';
      return {
        slidableId: id,
        link: `/schedule?category_id=${id}`,
        image: bannerImage({ from: THEME_COLORS.background, to: color }),
      };
    }
    case 'participant': {
      const id = idOf(refs.teams, target.team);
      const team = TEAMS.find((t) => t.key === target.team);
      return {
        slidableId: id,
        link: `/schedule?team=${id}`,
        image: bannerImage({
          from: THEME_COLORS.background,
          to: team?.color ?? '#2D7DD2',
          monogram: team?.monogram ?? '',
        }),
      };
    }
    case 'group': {
      const id = idOf(refs.schools, target.school);
      const school = SCHOOLS.find((s) => s.key === target.school);
      return {
        slidableId: id,
        link: `/schedule?group=${id}`,
        image: bannerImage({
          from: school?.colors[1] ?? THEME_COLORS.background,
          to: school?.colors[0] ?? '#2D7DD2',
          monogram: school?.monogram ?? '',
        }),
      };
    }
  }
}

async function insertSlides(
  db: Kysely<Database>,
  channelId: number,
  refs: LeagueRefs,
): Promise<void> {
  await db
    .insertInto('slides')
    .values(
      SLIDES.map((slide, index) => {
        const { slidableId, link, image } = resolveSlide(slide.target, refs);
        return {
          channel_id: channelId,
          client_interface: 'web',
          slidable_type: slide.target.type,
          slidable_id: slidableId,
          title: i18n(slide.title),
          subtitle: i18n(slide.subtitle),
          image_url: image,
          link_url: link,
          position: index + 1,
        };
      }),
    )
    .execute();
}

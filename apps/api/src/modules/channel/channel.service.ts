import type { BootstrapData, Locale, Package, Settings, Subscription } from '@rudy/contracts';
import { LRUCache } from 'lru-cache';
import { notFound } from '../../lib/http-error.js';
import { RefreshingCache } from '../../lib/refreshing-cache.js';
import * as map from './channel.mappers.js';
import type { ChannelRepository } from './channel.repository.js';

/**
 * Channel data changes rarely and is read on every visit, so the bootstrap document is cached per
 * channel and language, already serialised, and built once however many visitors arrive at a cold
 * cache. Editing channel data calls invalidate().
 */
const BOOTSTRAP_CACHE_MS = 30_000;

/** The passes and plans on sale, as the bootstrap lists them (the commerce module answers). */
export interface ChannelOffers {
  packages(channelId: number, l: Locale): Promise<Package[]>;
  subscriptions(channelId: number, l: Locale): Promise<Subscription[]>;
}

export function createChannelService(repo: ChannelRepository, offers: ChannelOffers) {
  const bootstrapCache = new RefreshingCache<string, Buffer>(BOOTSTRAP_CACHE_MS, 1_000);
  /**
   * Settings parsed from their stored text, per channel, reused while the text read is the same:
   * keyed by content, so never stale (no invalidation), and the zod parse runs once per change.
   */
  const parsedSettings = new LRUCache<number, { json: string; name: string; settings: Settings }>({
    max: 1_000,
  });

  const service = {
    async settings(channelId: number) {
      const row = await repo.settings(channelId);
      if (!row) throw notFound('Channel settings not found');
      return map.toSettings(row);
    },
    /**
     * `settings` for a row read elsewhere (playback reads it with the event): the stored JSON text
     * and the channel's name, null when the channel has no settings. The answer is shared between
     * callers that read the same text: read-only.
     */
    settingsFrom(channelId: number, json: string | null, name: string | null): Settings {
      if (json === null || name === null) throw notFound('Channel settings not found');
      const known = parsedSettings.get(channelId);
      if (known && known.json === json && known.name === name) return known.settings;
      const settings = map.toSettings({ data: JSON.parse(json) as Record<string, unknown>, name });
      parsedSettings.set(channelId, { json, name, settings });
      return settings;
    },
    async menu(channelId: number, l: Locale) {
      return (await repo.menu(channelId)).map((r) => map.toMenuItem(r, l));
    },
    async pages(channelId: number, l: Locale) {
      return (await repo.pages(channelId)).map((r) => map.toPageSummary(r, l));
    },
    async page(channelId: number, id: number, l: Locale) {
      const row = await repo.page(channelId, id);
      if (!row) throw notFound('Page not found');
      return map.toPage(row, l);
    },
    async colorSettings(channelId: number, clientInterface: string) {
      return map.toColorSettings(await repo.colorSettings(channelId, clientInterface));
    },
    async slides(channelId: number, clientInterface: string, l: Locale, type?: string) {
      return (await repo.slides(channelId, clientInterface, type)).map((r) => map.toSlide(r, l));
    },
    async faq(channelId: number, l: Locale) {
      return (await repo.faq(channelId)).map((r) => map.toFaqItem(r, l));
    },
    async staticBlocks(channelId: number, l: Locale) {
      return (await repo.staticBlocks(channelId)).map((r) => map.toStaticBlock(r, l));
    },
    async eventCategories(channelId: number, l: Locale) {
      return (await repo.eventCategories(channelId)).map((r) => map.toEventCategory(r, l));
    },
    async locations(channelId: number) {
      return (await repo.locations(channelId)).map(map.toEventLocation);
    },
    async participantGroups(channelId: number) {
      return (await repo.participantGroups(channelId)).map(map.toParticipantGroup);
    },
    async participantGroupProperties(channelId: number, l: Locale) {
      return (await repo.participantGroupProperties(channelId)).map((r) =>
        map.toGroupProperty(r, l),
      );
    },
    packages: (channelId: number, l: Locale) => offers.packages(channelId, l),
    subscriptions: (channelId: number, l: Locale) => offers.subscriptions(channelId, l),

    async bootstrap(channelId: number, l: Locale): Promise<BootstrapData> {
      const [settings, colors, categories, locations, faq, menu, packages, pages] =
        await Promise.all([
          service.settings(channelId),
          service.colorSettings(channelId, 'web'),
          service.eventCategories(channelId, l),
          service.locations(channelId),
          service.faq(channelId, l),
          service.menu(channelId, l),
          service.packages(channelId, l),
          service.pages(channelId, l),
        ]);
      const [groups, slides, subscriptions, properties, blocks] = await Promise.all([
        service.participantGroups(channelId),
        service.slides(channelId, 'web', l),
        service.subscriptions(channelId, l),
        service.participantGroupProperties(channelId, l),
        service.staticBlocks(channelId, l),
      ]);
      return {
        'color-settings': colors,
        'events-categories': categories,
        'events-locations': locations,
        faq,
        menu,
        packages,
        pages,
        'participant-groups': groups,
        settings,
        slides,
        subscriptions,
        'participant-group-properties': properties,
        static_blocks: blocks,
      };
    },

    /** The bootstrap document as UTF-8 JSON bytes, from cache when fresh (no per-request encoding). */
    bootstrapJson(channelId: number, l: Locale): Promise<Buffer> {
      return bootstrapCache.get(`${channelId}:${l}`, async () =>
        Buffer.from(JSON.stringify(await service.bootstrap(channelId, l))),
      );
    },

    invalidate(channelId: number) {
      bootstrapCache.deleteWhere((key) => key.startsWith(`${channelId}:`));
    },
  };
  return service;
}
export type ChannelService = ReturnType<typeof createChannelService>;

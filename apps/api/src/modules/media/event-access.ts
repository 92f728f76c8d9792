import type { MediaCaller } from '../../lib/caller.js';
import type { PlaybackAccess } from '@rudy/contracts';
import type { ChannelService } from '../channel/channel.service.js';
import type { GeoService } from '../geo/geo.service.js';
import { decideAccess, geoBlockedFor } from './media-rules.js';
import type { PlaybackEventRow } from './media.repository.js';
import { isPurchased, type PurchaseCheck } from './playback.service.js';

/**
 * Whether a caller may watch an event: the channel's and the event's geo rules against the
 * caller's country, then the event's access type against login and purchases. One decision for
 * every way media leaves the server (downloads, clips).
 */
export function createEventAccess(deps: {
  purchases?: PurchaseCheck | undefined;
  channel: ChannelService;
  geo: GeoService;
}) {
  return {
    async decide(caller: MediaCaller, event: PlaybackEventRow): Promise<PlaybackAccess> {
      const settings = await deps.channel.settings(caller.channelId);
      const geo = deps.geo.locate(caller.ip, {
        allowed: settings.geo_allowed_countries,
        blocked: settings.geo_blocked_countries,
      });
      const geoBlocked = geoBlockedFor(geo.is_geo_blocked, geo.country_code, event);
      const purchased = !geoBlocked && (await isPurchased(deps.purchases, caller, event));
      return decideAccess(event.access_type, caller.userId !== null, geoBlocked, purchased);
    },
  };
}
export type EventAccess = ReturnType<typeof createEventAccess>;

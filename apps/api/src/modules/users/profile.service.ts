import type { Locale, Profile, UserAccess } from '@rudy/contracts';
import type { UserRow } from '../auth/accounts.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { GeoService } from '../geo/geo.service.js';
import { capabilitiesOf, type GrantsSource } from './access.js';

/** Builds what the client knows about a user: profile fields plus capabilities and geo flag. */
export function createProfileService(deps: {
  access: GrantsSource;
  geo: GeoService;
  channel: ChannelService;
  now: () => Date;
}) {
  async function access(channelId: number, userId: number, ip: string): Promise<UserAccess> {
    const [grants, settings] = await Promise.all([
      deps.access.activeGrants(channelId, userId, deps.now()),
      deps.channel.settings(channelId),
    ]);
    const geo = deps.geo.locate(ip, {
      allowed: settings.geo_allowed_countries,
      blocked: settings.geo_blocked_countries,
    });
    return { ...capabilitiesOf(grants), is_geo_blocked: geo.is_geo_blocked };
  }

  return {
    access,
    async profile(user: UserRow, ip: string): Promise<Profile> {
      const a = await access(user.channel_id, user.id, ip);
      return {
        id: user.id,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        newsletter: user.newsletter,
        language: (user.language === 'fr' ? 'fr' : 'en') satisfies Locale,
        trial_period_used: user.trial_period_used,
        temporary_password: user.temporary_password,
        email_verified: user.email_verified_at !== null,
        has_password: user.password_hash !== null,
        ...a,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

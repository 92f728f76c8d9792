import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { Branding } from './mail-templates.js';

/** A channel's name, colours and public origin, as every mail of the channel shows them. */
export async function channelBranding(
  channel: Pick<ChannelService, 'settings' | 'colorSettings'>,
  origins: SiteOrigins,
  channelId: number,
): Promise<Branding> {
  const [origin, settings, colors] = await Promise.all([
    origins.forChannel(channelId),
    channel.settings(channelId),
    channel.colorSettings(channelId, 'web'),
  ]);
  return {
    channelName: settings.channel_name,
    primaryColor: colors.primary ?? '#1d4ed8',
    primaryText: colors.primary_text ?? '#ffffff',
    siteUrl: origin,
  };
}

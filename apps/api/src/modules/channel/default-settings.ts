import { CLIP_LIMITS, DEFAULT_CLIP_TAGS, type Settings } from '@rudy/contracts';

/** Settings of a channel that configured nothing: no pre-rolls, forms, analytics or geo rules. */
export const defaultSettings = (channelName: string): Settings => ({
  channel_name: channelName,
  logo_url: null,
  language: 'en',
  currency: 'USD',
  time_zone: 'UTC',
  prerolls: false,
  static_blocks: false,
  google_tag_id: null,
  yare_analytics_key: null,
  recaptcha_site_key: null,
  custom_forms: false,
  contact_email: null,
  social_links: [],
  geo_allowed_countries: [],
  geo_blocked_countries: [],
  clip_tags: [...DEFAULT_CLIP_TAGS],
  clip_max_seconds: CLIP_LIMITS.defaultMaxSeconds,
});

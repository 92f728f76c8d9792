import type {
  BootstrapData,
  Clip,
  ClipList,
  Event,
  EventsPage,
  Order,
  VodMediaItem,
} from '@rudy/contracts';

/**
 * A two-team game shaped like the API's events (test data only). Its video is ready once the game
 * has started unless `stream_state` says otherwise.
 */
export function makeEvent(overrides: Partial<Event> = {}): Event {
  const type = overrides.type ?? 'upcoming';
  return {
    id: 19,
    name: 'Rapids @ Knights',
    description: null,
    type,
    stream_status: null,
    stream_state: type === 'upcoming' ? 'upcoming' : 'ready',
    access_type: 'free',
    has_access: true,
    location_id: 4,
    event_category_id: 1,
    event_utc_ts: '2026-11-22T23:30:00.000Z',
    end_utc_ts: '2026-11-23T01:30:00.000Z',
    time_zone: 'America/Toronto',
    home_participant_id: 2,
    participants: [
      {
        id: 2,
        name: "St. Brendan's Knights",
        short_name: 'Knights',
        color: '#1E7A46',
        logo: null,
        is_home: true,
      },
      {
        id: 3,
        name: 'Rideau Valley Rapids',
        short_name: 'Rapids',
        color: '#B3262E',
        logo: null,
        is_home: false,
      },
    ],
    image_url: null,
    ...overrides,
  };
}

export function makeBootstrap(overrides: Partial<BootstrapData> = {}): BootstrapData {
  return {
    'color-settings': { primary: '#5BC0EB', background: '#0A1628' },
    'events-categories': [
      { id: 1, name: 'Hockey U18', alias: 'hockey-u18', image_url: null, position: 1 },
    ],
    'events-locations': [
      {
        id: 4,
        name: "St. Brendan's Ice Centre",
        address: null,
        city: 'Cornwall',
        time_zone: 'America/Toronto',
      },
    ],
    faq: [],
    menu: [
      { id: 1, title: 'Live', url: '/live', location: 'header', position: 1, is_external: false },
      { id: 2, title: 'About', url: '/about', location: 'footer', position: 1, is_external: false },
      { id: 3, title: 'Rules', url: '/rules', location: 'footer', position: 2, is_external: false },
    ],
    packages: [],
    pages: [
      { id: 1, url: '/about', name: 'About the league', kind: 'about', show_in_footer: true },
      { id: 2, url: '/rules', name: 'League rules', kind: 'custom', show_in_footer: true },
    ],
    'participant-groups': [],
    settings: {
      channel_name: 'Northern Junior Hockey League',
      logo_url: null,
      language: 'en',
      currency: 'CAD',
      time_zone: 'America/Toronto',
      prerolls: false,
      static_blocks: false,
      google_tag_id: null,
      yare_analytics_key: null,
      recaptcha_site_key: null,
      custom_forms: false,
      contact_email: 'info@njhl.example',
      social_links: [],
      geo_allowed_countries: [],
      geo_blocked_countries: [],
      clip_tags: ['Hockey'],
      clip_max_seconds: 60,
    },
    slides: [],
    subscriptions: [],
    'participant-group-properties': [],
    static_blocks: [],
    ...overrides,
  };
}

/** One page of GET /events (or /participants) as the API answers it. */
export function makePage<T>(data: T[], meta: Partial<EventsPage['meta']> = {}) {
  return { data, meta: { total: data.length, offset: 0, limit: 24, ...meta } };
}

/** A sandbox order of the season pass (test data only); `paid` ones are active. */
export function makeOrder(status: Order['status'], overrides: Partial<Order> = {}): Order {
  const type = overrides.type ?? 'package';
  return {
    id: 7,
    type,
    kind: 'purchase',
    kind_label: null,
    status,
    activity_status: status === 'paid' ? 'active' : 'inactive',
    label: status === 'paid' ? 'Paid' : 'Inactive',
    renewal: null,
    amount: 12.5,
    amount_cents: 1250,
    discount: 0,
    currency: 'USD',
    promo_code: null,
    product: {
      id: 1,
      // A single game is sold through its own package.
      type: type === 'subscription' ? 'subscription' : 'package',
      name: 'Season Pass',
      event_id: null,
      event_category_id: null,
      participant_id: null,
    },
    items: [],
    card: null,
    failure_code: status === 'failed' ? 'card_declined' : null,
    failure_message: status === 'failed' ? 'Your card was declined.' : null,
    provider: 'sandbox',
    period_start: null,
    period_end: null,
    subscription_status: null,
    trial_ends_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A finished clip of game 19 as its owner sees it (test data only). */
export function makeClip(overrides: Partial<Clip> = {}): Clip {
  const id = overrides.id ?? 5;
  const uuid = overrides.share_uuid ?? '0b6f0d9e-2a51-4c59-9b1b-7d3c2c1f4a10';
  return {
    id,
    event_id: 19,
    event_media_id: null,
    name: 'Overtime winner',
    start_time: 12,
    duration: 20,
    tags: ['Hockey'],
    status: 'success',
    share_uuid: uuid,
    share_path: `/share/${id}/${uuid}`,
    created_at: '2026-03-01T10:00:00.000Z',
    event: { id: 19, name: 'Rapids @ Knights', event_utc_ts: '2026-02-28T23:30:00.000Z' },
    stream_url: `/media/c/${id}/tok/index.m3u8`,
    poster_url: `/media/c/${id}/tok/poster.jpg`,
    can_download: true,
    ...overrides,
  };
}

/** GET /clips/user or /clips/event/{id} as the API answers it. */
export function makeClipList(data: Clip[] = [], overrides: Partial<ClipList> = {}): ClipList {
  return {
    data,
    clips_used: data.length,
    clips_limit: null,
    can_clip: true,
    tags: ['Hockey'],
    max_seconds: 60,
    ...overrides,
  };
}

/** A published library video as the VOD listings answer it (test data only). */
export function makeVodItem(overrides: Partial<VodMediaItem> = {}): VodMediaItem {
  return {
    id: 3,
    title: 'Coach Martin on the playoff push',
    description: 'The Wolves’ head coach on the last weeks of the season.',
    date: '2026-11-20T18:00:00.000Z',
    duration_seconds: 75,
    category_id: 2,
    category_name: 'Interviews',
    assets: [
      { type: 'image', kind: 1, url: '/media/vod/u3/poster.jpg' },
      { type: 'preview', kind: 6, url: '/media/vod/u3/preview.mp4' },
    ],
    requires_access: false,
    has_access: true,
    ...overrides,
  };
}

import type { RuntimeConfig } from '@rudy/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';

/** Spec 3 `modal`: the named modal opens. Here each is a screen of its own. */
const MODAL_PATHS: Readonly<Record<string, string>> = {
  login: '/login',
  registration: '/registration',
  buy: '/buy',
};

/**
 * Where a link's start-up parameters send the visitor, or null to stay. Spec 2 and 3:
 * - `modal` (login, registration, buy) opens that screen; login and registration come back to the
 *   page the link named, buy keeps the link's other parameters (package_id, event_id, …).
 * - `team` on the home page opens the schedule filtered on that team, whose banner offers to
 *   follow it (elsewhere `team` is the listings' own filter).
 */
export function startupParamsTarget(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  const modal = params.get('modal');
  if (modal !== null) {
    params.delete('modal');
    const rest = params.toString();
    const target = MODAL_PATHS[modal];
    if (target === '/buy') return `/buy${rest ? `?${rest}` : ''}`;
    const page = `${url.pathname}${rest ? `?${rest}` : ''}`;
    if (target) return `${target}?${new URLSearchParams({ return_to: page }).toString()}`;
    // An unknown modal is dropped rather than kept in the address.
    return page;
  }
  const team = params.get('team');
  if (url.pathname === '/' && team && /^\d{1,9}$/.test(team)) {
    return `/schedule?${new URLSearchParams({ team }).toString()}`;
  }
  return null;
}

/** On the site layout: runs for every navigation, so an in-app link with these works too. */
export function startupParamsLoader({ request }: LoaderFunctionArgs) {
  const target = startupParamsTarget(new URL(request.url));
  return target ? redirect(target) : null;
}

/** A channel key as get_api_key takes it (contracts ChannelKeySchema: 1 to 128 characters). */
const CHANNEL_KEY = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Spec 3 `channel`, read at start-up (spec 4: "request an API key for the channel key"): the
 * channel key a link names, used when the deployment leaves the channel to the keys host (config
 * `channel_key` null: one build serving several channels). A host whose config names its channel
 * keeps it: a link cannot show another channel under this host's name.
 */
export function startupChannelKey(url: URL, config: Pick<RuntimeConfig, 'channel_key'>) {
  if (config.channel_key !== null) return null;
  const key = url.searchParams.get('channel');
  return key !== null && CHANNEL_KEY.test(key) ? key : null;
}

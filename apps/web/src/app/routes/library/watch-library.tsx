import type { LoaderFunctionArgs } from 'react-router';
import { useSearchParams } from 'react-router';
import { RequireUser } from '../../../features/auth/components/require-user';
import { vodItemQueryOptions } from '../../../features/vod/api/get-vod-item';
import { hasMediaSource, loadHls } from '../../../features/player/lib/attach-stream';
import { queryClient } from '../../../lib/query-client';
import { numericIdLoader, signedInLoader } from '../../route-guards';
import { WatchClip } from './watch-clip';
import { WatchVod } from './watch-vod';

/**
 * Spec: /watch_library/:id plays a library video or a clip, per the `type` query parameter:
 * `type=vod` a VOD library item (anyone may open it; gated items say how to get access), otherwise
 * (`type=clip`, or none, as the clip screens link) one of the viewer's own clips, after sign-in.
 */
const isVod = (search: URLSearchParams) => search.get('type') === 'vod';

export function loader(args: LoaderFunctionArgs) {
  const guard = numericIdLoader(args);
  if (guard) return guard;
  if (!isVod(new URL(args.request.url).searchParams)) return signedInLoader(args);
  // The item and the player's code load while the screen's code does; errors show in the screen.
  if (hasMediaSource()) void loadHls().catch(() => undefined);
  void queryClient.query(vodItemQueryOptions(Number(args.params.id))).catch(() => undefined);
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  if (isVod(params)) return <WatchVod />;
  return <RequireUser>{() => <WatchClip />}</RequireUser>;
}

import type { Preroll } from '@rudy/contracts';
import { lazy, Suspense, useEffect, type ComponentProps, type ComponentType } from 'react';
import type { PrerollPlayer as PrerollPlayerComponent } from './preroll-player';

/** Without the ad's code (it failed to load), the game starts at once, as for an ad that cannot load. */
function NoPreroll({ onDone }: { onDone: () => void }) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

/** The ad's player loads only for a game that has one, beside the stream (most games have none). */
const PrerollPlayer = lazy<ComponentType<ComponentProps<typeof PrerollPlayerComponent>>>(() =>
  import('./preroll-player').then(
    (module) => ({ default: module.PrerollPlayer }),
    () => ({ default: NoPreroll }),
  ),
);

/** The game's pre-roll over the (hidden, buffering) stream. */
export function PrerollSlot(props: { preroll: Preroll; eventId: number; onDone: () => void }) {
  return (
    <Suspense fallback={null}>
      <PrerollPlayer {...props} />
    </Suspense>
  );
}

import { useState } from 'react';
import { clipStream } from '../../../features/clips/lib/clip-stream';
import { VideoPlayer } from '../../../features/player/components/video-player';

/**
 * A finished clip in the site's player (hls.js on demand, poster, the usual controls). The signed
 * URL is kept for the clip's visit: a list refetched meanwhile must not restart the video.
 */
export function ClipPlayer({
  clip,
}: {
  clip: { event_id: number; stream_url: string; duration: number; poster_url: string | null };
}) {
  const [stream] = useState(() => clipStream(clip));
  return (
    <VideoPlayer
      eventId={clip.event_id}
      stream={stream}
      preroll={null}
      posterUrl={clip.poster_url}
    />
  );
}

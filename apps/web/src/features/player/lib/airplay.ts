/**
 * Whether the browser has AirPlay (Safari on the Mac and iOS): the player then uses its AirPlay
 * picker rather than the Remote Playback API Safari also has (backed by AirPlay), and plays HLS
 * natively (attach-stream.ts).
 */
export const hasAirPlay = () => 'WebKitPlaybackTargetAvailabilityEvent' in globalThis;

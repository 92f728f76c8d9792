export { locateFfmpeg, locateFont, type FfmpegBinary } from './locate.js';
export {
  awaitFolderEncoders,
  BATCH_NICENESS,
  encodeLimits,
  FfmpegError,
  FFMPEG_STALL_MS,
  killAllFfmpeg,
  killOrphanedFfmpeg,
  ORPHAN_FLUSH_MS,
  runFfmpeg,
  spawnFfmpeg,
  type FfmpegProcess,
  type RunOptions,
} from './runner.js';
export type { FfmpegProgress } from './progress.js';
export { capThreads, ffmpegThreadCap, withFfmpegThreads } from './thread-cap.js';
export { probe, parseProbe, type ProbeResult } from './probe.js';
export { buildArgs, type MediaTask } from './args/task.js';
export {
  scoreSpans,
  sponsorGraph,
  syntheticGraph,
  type SponsorPicture,
  type SyntheticPicture,
  type SyntheticTeam,
} from './args/synthetic.js';
export { DEFAULT_LADDER, planLadder, type PlannedRendition, type Rendition } from './ladder.js';
export {
  completeLines,
  finalizeRecording,
  liveWindow,
  liveWindowStart,
  parseMasterPlaylist,
  parseMediaPlaylist,
  segmentsInWindow,
  vodPlaylist,
  withoutMissingStart,
  type MediaPlaylist,
  type VodEntry,
  type Variant,
} from './hls/playlist.js';
export { masterPlaylist } from './hls/master.js';
export { thumbnailsVtt } from './hls/thumbnails-vtt.js';
export { packageVod, type PackageVodOptions, type VodPackage } from './vod.js';
export { makeStills, type Stills } from './stills.js';
export {
  finalizeLiveRecording,
  ensureLiveLoop,
  LIVE_LADDER,
  LIVE_LOOP_SECONDS,
  LIVE_SEGMENT_SECONDS,
  loopFileFor,
  pruneLiveRecording,
  startLivePublisher,
  startLiveIngestEncoder,
  startSyntheticLive,
  type LiveIngestEncoderOptions,
  type LiveLoopOptions,
  type LivePublisherOptions,
} from './live.js';
export { remuxToMp4 } from './remux.js';
export { cutClip, type Clip, type CutClipOptions } from './clip.js';
export { cutReel, REEL, reelPieces, type ReelPiece } from './reel.js';
export {
  ClipRangeError,
  planPieces,
  planSegments,
  type CopyPiece,
  type EncodePiece,
  type Piece,
  type SegmentCut,
} from './clip-plan.js';
export { readTransportStream, type TsSummary, type TsVideoFrame } from './hls/mpegts.js';
export { renderSponsorClip, renderSyntheticGame, renderSyntheticVod } from './synthetic-game.js';
export type {
  ByteRange,
  MediaStorage,
  SignedUrlOptions,
  StoredObject,
  StoredObjects,
} from './storage/storage.js';
export { createLiveMirror, restoreLiveRecording, type LiveMirror } from './live-mirror.js';
export { isSafeKey } from './storage/storage.js';
export { createLocalStorage } from './storage/local-storage.js';
export { createS3Storage, type S3StorageOptions } from './storage/s3-storage.js';
export { renderStudioClip, studioGraph, type StudioPicture } from './studio.js';
export {
  createPeakFinder,
  findCrowdPeaks,
  PEAK_FINDER_DEFAULTS,
  type CrowdPeak,
  type LoudnessSample,
  type PeakFinderOptions,
} from './crowd-peaks.js';
export { createLoudnessParser, crowdPeaksOf, loudnessArgs, measureLoudness } from './loudness.js';
export { crowdAudioGraph, crowdVolumeFilter, type CrowdBurst } from './args/crowd.js';
export { renderCrowdClip } from './crowd-clip.js';

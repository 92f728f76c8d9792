import { clipCopyArgs, clipEncodeArgs, type ClipCopyTask, type ClipEncodeTask } from './clip.js';
import {
  liveIngestArgs,
  liveLoopArgs,
  livePublishArgs,
  syntheticVodArgs,
  vodHlsArgs,
  type LiveIngestTask,
  type LiveLoopTask,
  type LivePublishTask,
  type SyntheticVodTask,
  type VodHlsTask,
} from './hls.js';
import {
  posterArgs,
  previewArgs,
  remuxMp4Args,
  thumbnailsArgs,
  type PosterTask,
  type PreviewTask,
  type RemuxMp4Task,
  type ThumbnailsTask,
} from './stills.js';
import { syntheticClipArgs, type SyntheticClipTask } from './synthetic.js';

/** Everything the media pipeline asks of ffmpeg, one variant per job kind. */
export type MediaTask =
  | VodHlsTask
  | LiveLoopTask
  | LivePublishTask
  | LiveIngestTask
  | PosterTask
  | ThumbnailsTask
  | PreviewTask
  | RemuxMp4Task
  | SyntheticClipTask
  | SyntheticVodTask
  | ClipCopyTask
  | ClipEncodeTask;

/** The one place a task becomes an argument array. */
export function buildArgs(task: MediaTask): string[] {
  switch (task.kind) {
    case 'vod-hls':
      return vodHlsArgs(task);
    case 'live-loop':
      return liveLoopArgs(task);
    case 'live-publish':
      return livePublishArgs(task);
    case 'live-ingest':
      return liveIngestArgs(task);
    case 'poster':
      return posterArgs(task);
    case 'thumbnails':
      return thumbnailsArgs(task);
    case 'preview':
      return previewArgs(task);
    case 'remux-mp4':
      return remuxMp4Args(task);
    case 'synthetic-clip':
      return syntheticClipArgs(task);
    case 'synthetic-vod':
      return syntheticVodArgs(task);
    case 'clip-copy':
      return clipCopyArgs(task);
    case 'clip-encode':
      return clipEncodeArgs(task);
  }
}

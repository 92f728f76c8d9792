import path from 'node:path';
import fsp from 'node:fs/promises';
import { MEDIA_KIND } from '@rudy/contracts';
import {
  makeStills,
  packageVod,
  type MediaStorage,
  type Rendition,
  type VodPackage,
} from '@rudy/media';
import { eventPrefix } from './media-paths.js';
import { VOD_SOURCE, type MediaJobsRepository } from './media-jobs.repository.js';

type VodSource = (typeof VOD_SOURCE)[keyof typeof VOD_SOURCE];

export interface PackageDeps {
  storage: MediaStorage;
  repo: MediaJobsRepository;
  ladder?: readonly Rendition[];
}

type OutputStatus = 'processing' | 'ready' | 'error';

/**
 * Where a packaging run puts its output and how it records it: an event's media rows, or a VOD
 * library item's (modules/vod). The pipeline itself is the same for both.
 */
export interface PackageSink {
  /** The subject's storage folder: vod/ and assets/ go below it. */
  prefix: string;
  /** Names scratch folders, so a crash leaves recognisable leftovers. */
  label: string;
  record(output: {
    kind: number;
    storageKey: string;
    status: OutputStatus;
    meta?: Record<string, unknown>;
  }): Promise<unknown>;
  /** Asked just before the files are stored: false when the run must leave the subject alone. */
  mayPublish?(): Promise<boolean>;
}

/** A packaging run that found the subject taken by media that wins over its own (see VOD_SOURCE). */
export class PackagingSuperseded extends Error {
  constructor() {
    super('the game has an operator’s video: the demo’s is not stored');
    this.name = 'PackagingSuperseded';
  }
}

/**
 * An event's outputs: files under its prefix, rows in event_media. The VOD row says where it came
 * from; the demo's run writes no row and stores no file once an operator's video is there.
 */
export function eventSink(
  repo: MediaJobsRepository,
  target: { channelId: number; eventId: number },
  source?: VodSource,
): PackageSink {
  const demo = source === VOD_SOURCE.demo;
  return {
    prefix: eventPrefix(target.channelId, target.eventId),
    label: String(target.eventId),
    record: (output) =>
      repo.upsertMedia({
        ...target,
        ...output,
        ...(source && output.kind === MEDIA_KIND.vod ? { meta: { ...output.meta, source } } : {}),
        ...(demo ? { unlessOperator: true } : {}),
      }),
    ...(demo ? { mayPublish: async () => !(await repo.hasOperatorVod(target.eventId)) } : {}),
  };
}

/** Poster, thumbnails and previews of an event from any playable input; rows upserted as ready. */
export function publishStills(
  deps: PackageDeps,
  target: { channelId: number; eventId: number },
  input: { best: string; small: string; smallKeyframesFrequent: boolean; durationSeconds: number },
): Promise<void> {
  return publishStillsTo(deps.storage, eventSink(deps.repo, target), input);
}

/** Poster, thumbnails and previews from any playable input into the sink, recorded as ready. */
export async function publishStillsTo(
  storage: MediaStorage,
  sink: PackageSink,
  input: { best: string; small: string; smallKeyframesFrequent: boolean; durationSeconds: number },
): Promise<void> {
  const work = await storage.workDir(`assets-${sink.label}`);
  try {
    const stills = await makeStills({
      input: input.best,
      smallInput: input.small,
      smallInputKeyframesFrequent: input.smallKeyframesFrequent,
      outputDir: work,
      durationSeconds: input.durationSeconds,
    });
    await storage.importDir(`${sink.prefix}/assets`, work);
    const row = (kind: number, file: string, meta: Record<string, unknown> = {}) =>
      sink.record({ kind, storageKey: `${sink.prefix}/assets/${file}`, status: 'ready', meta });
    await row(MEDIA_KIND.image, stills.poster);
    await row(MEDIA_KIND.thumbnails, stills.thumbnails.vtt, {
      sheets: stills.thumbnails.sheets,
      interval_seconds: stills.thumbnails.intervalSeconds,
    });
    await row(MEDIA_KIND.preview, stills.preview);
    await row(MEDIA_KIND.preview_alt, stills.previewAlt);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * A source file → the event's VOD (kind 3) and its stills. Idempotent: the output replaces what a
 * previous run left under vod/ and assets/, and rows are upserted by (event, kind, storage key).
 */
export function packageEventMedia(
  deps: PackageDeps,
  target: { channelId: number; eventId: number },
  source: { file: string; hasFixedGop: boolean; from?: VodSource },
  onProgress?: (fraction: number) => void,
): Promise<{ durationSeconds: number }> {
  return packageMedia(deps, eventSink(deps.repo, target, source.from), source, onProgress);
}

/** A source file → HLS ladder (kind 3) and stills in the sink; the VOD row says ready last. */
export function packageMedia(
  deps: Pick<PackageDeps, 'storage' | 'ladder'>,
  sink: PackageSink,
  source: { file: string; hasFixedGop: boolean },
  onProgress?: (fraction: number) => void,
): Promise<{ durationSeconds: number }> {
  return publishVod(deps.storage, sink, (outputDir) =>
    packageVod({
      input: source.file,
      outputDir,
      ...(deps.ladder ? { ladder: deps.ladder } : {}),
      sourceHasFixedGop: source.hasFixedGop,
      ...(onProgress ? { onProgress } : {}),
    }),
  );
}

/**
 * An HLS ladder that `make` writes into a scratch folder → the sink's VOD (kind 3) and stills; the
 * VOD row says processing first, ready last (error when anything fails).
 */
export async function publishVod(
  storage: MediaStorage,
  sink: PackageSink,
  make: (outputDir: string) => Promise<VodPackage>,
): Promise<{ durationSeconds: number }> {
  const { prefix } = sink;
  const vodKey = `${prefix}/vod/master.m3u8`;
  await sink.record({ kind: MEDIA_KIND.vod, storageKey: vodKey, status: 'processing' });
  const work = await storage.workDir(`vod-${sink.label}`);
  try {
    const pkg = await make(work);
    if (sink.mayPublish && !(await sink.mayPublish())) throw new PackagingSuperseded();
    await storage.importDir(`${prefix}/vod`, work);
    const vodDir = await storage.localDir(`${prefix}/vod`);
    try {
      const last = pkg.renditions.at(-1);
      await publishStillsTo(storage, sink, {
        best: path.join(vodDir.path, pkg.renditions[0]?.playlist ?? 'v0/index.m3u8'),
        small: path.join(vodDir.path, last?.playlist ?? 'v0/index.m3u8'),
        // Our encodes have keyframes every 2 s; a copied top rendition is not used for thumbnails.
        smallKeyframesFrequent: !last?.copyVideo,
        durationSeconds: pkg.durationSeconds,
      });
    } finally {
      await vodDir.release();
    }
    await sink.record({
      kind: MEDIA_KIND.vod,
      storageKey: vodKey,
      status: 'ready',
      meta: {
        duration_seconds: pkg.durationSeconds,
        has_audio: pkg.hasAudio,
        renditions: pkg.renditions.map((r) => ({
          name: r.name,
          width: r.width,
          height: r.height,
          copied: r.copyVideo,
        })),
      },
    });
    return { durationSeconds: pkg.durationSeconds };
  } catch (error) {
    if (!(error instanceof PackagingSuperseded)) {
      await sink.record({ kind: MEDIA_KIND.vod, storageKey: vodKey, status: 'error' });
    }
    throw error;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

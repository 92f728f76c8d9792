import fs from 'node:fs/promises';
import path from 'node:path';
import { locateFont, probe, renderSponsorClip, renderSyntheticVod } from '@rudy/media';
import type { DB } from '../../db/database.js';
import type { CaptionsService } from '../captions/captions.service.js';
import { seedDemoCaptions } from '../captions/demo-captions.js';
import { prerollUrls, recordPrerollDuration } from '../prerolls/register-prerolls.js';
import { demoPicture } from './demo-picture.js';
import {
  createMediaJobsRepository,
  VOD_SOURCE,
  type MediaJobsRepository,
} from './media-jobs.repository.js';
import { eventSink, PackagingSuperseded, publishVod, type PackageDeps } from './package-media.js';
import type { EventJob } from './media-queues.js';

export interface DemoDeps extends PackageDeps {
  repo: MediaJobsRepository;
  /** The demo replay's captions, in both languages, go here. */
  captions: CaptionsService;
  gameSeconds: number;
}

/**
 * A finished demo game gets a real recording: a short synthetic game rendered straight into the
 * VOD's HLS ladder by one ffmpeg on one thread (no intermediate MP4 transcoded again), then its
 * stills as for any VOD, and captions in both languages. A fresh start renders every demo game: this keeps that to about one core
 * for a few seconds per game. Skips a game that already has its VOD, and an operator's video always
 * wins: one that arrives while the demo renders is neither overwritten nor relabelled (the demo's
 * writes are conditional on the row, and its files are not stored).
 */
export async function generateDemoGame(deps: DemoDeps, job: EventJob): Promise<'done' | 'skipped'> {
  const game = await deps.repo.game(job.channelId, job.eventId);
  if (!game || (await deps.repo.hasReadyVod(job.eventId))) return 'skipped';
  if (await deps.repo.hasOperatorVod(job.eventId)) return 'skipped';
  const picture = demoPicture(game, {
    gameSeconds: deps.gameSeconds,
    clockOffsetSeconds: 0,
    fontFile: locateFont(),
  });
  // Before the video is published: its first viewer's master playlist lists them already.
  await seedDemoCaptions(deps, {
    channelId: job.channelId,
    eventId: job.eventId,
    gameSeconds: deps.gameSeconds,
    picture,
  });
  try {
    await publishVod(deps.storage, eventSink(deps.repo, job, VOD_SOURCE.demo), (outputDir) =>
      renderSyntheticVod({
        outputDir,
        durationSeconds: deps.gameSeconds,
        picture,
        ...(deps.ladder ? { ladder: deps.ladder } : {}),
        threads: 1,
      }),
    );
    return 'done';
  } catch (error) {
    if (error instanceof PackagingSuperseded) return 'skipped';
    throw error;
  }
}

/** The usual spot length: Skip, offered after 5 s, then saves the viewer 10 s. */
const DEMO_PREROLL_SECONDS = 15;

const SPONSORS = [
  { title: 'Lakeshore Sports Shop', color: '#1d4f91' },
  { title: 'Northside Dental Care', color: '#1f9e89' },
  { title: 'Tri-County Credit Union', color: '#b83280' },
];

/**
 * The demo pre-rolls: one sponsor clip for each pre-roll whose URL points into our
 * /media/prerolls/ (other URLs belong to a media host and are left alone). The clip's probed
 * length is stored with its pre-roll: the player ends the ad from it (issue 31).
 */
export async function generateDemoPrerolls(deps: PackageDeps & { db: DB }, channelIds: number[]) {
  if (channelIds.length === 0) return;
  const names = await demoPrerollClips(deps.db, channelIds);
  for (const [index, name] of names.entries()) {
    const key = `prerolls/${name}`;
    if (await deps.storage.exists(key)) continue;
    const work = await deps.storage.workDir('preroll');
    try {
      const sponsor = SPONSORS[index % SPONSORS.length] ?? { title: 'Sponsor', color: '#1d4f91' };
      await renderSponsorClip({
        output: path.join(work, name),
        durationSeconds: DEMO_PREROLL_SECONDS,
        picture: { width: 854, height: 480, fps: 25, ...sponsor, fontFile: locateFont() },
      });
      const { durationSeconds } = await probe(path.join(work, name));
      await deps.storage.put(key, await fs.readFile(path.join(work, name)));
      if (durationSeconds !== null && durationSeconds > 0) {
        await recordPrerollDuration(
          deps.db,
          channelIds,
          `/media/prerolls/${name}`,
          durationSeconds,
        );
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}

/** The clip names (`preroll-1.mp4`) of the channels' pre-rolls whose URL points into ours. */
async function demoPrerollClips(db: DB, channelIds: number[]): Promise<string[]> {
  const rows = await prerollUrls(db, channelIds);
  return rows
    .map((r) => /^\/media\/prerolls\/([A-Za-z0-9_-]+\.mp4)$/.exec(r.url)?.[1])
    .filter((n): n is string => n !== undefined);
}

/** True while some demo pre-roll clip is not stored yet: generateDemoPrerolls has work to do. */
export async function demoPrerollsMissing(
  deps: Pick<PackageDeps, 'storage'> & { db: DB },
  channelIds: number[],
): Promise<boolean> {
  for (const name of await demoPrerollClips(deps.db, channelIds)) {
    if (!(await deps.storage.exists(`prerolls/${name}`))) return true;
  }
  return false;
}

/** The demo media channels (DEMO_MEDIA_CHANNELS, keys separated by commas) by id. */
export function demoMediaChannelIds(db: DB, demoMediaChannels: string): Promise<number[]> {
  const keys = demoMediaChannels
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return createMediaJobsRepository(db).channelIds(keys);
}

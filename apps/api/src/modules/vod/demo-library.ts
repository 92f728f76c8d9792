import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import {
  locateFont,
  renderStudioClip,
  renderSyntheticGame,
  type MediaStorage,
  type Rendition,
} from '@rudy/media';
import { inDemoLane } from '../media/demo-lane.js';
import { DEMO_FPS } from '../media/demo-picture.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { packageMedia, type PackageSink } from '../media/package-media.js';
import type { DB } from '../../db/database.js';
import { DemoRecipeSchema, type DemoRecipe } from './demo-recipe.js';
import {
  createVodJobsRepository,
  type PendingItem,
  type VodJobsRepository,
} from './vod-jobs.repository.js';

/**
 * Demo videos are small: 640×360 at 900 kb/s fits the default ladder's 360p rung, which then
 * copies the source instead of encoding it again (one encode per video, a few seconds of CPU).
 */
const DEMO_PICTURE = { width: 640, height: 360, fps: DEMO_FPS } as const;
const DEMO_KBPS = 900;

/** An item's outputs: files under its folder, the VOD on the item row, stills as asset rows. */
export function vodItemSink(
  repo: VodJobsRepository,
  item: { id: number; channel_id: number },
): PackageSink {
  return {
    prefix: vodItemPrefix(item.channel_id, item.id),
    label: `vod-item-${item.id}`,
    async record(output) {
      if (output.kind === MEDIA_KIND.vod) {
        await repo.recordVod(item.id, {
          status: output.status,
          storageKey: output.storageKey,
          ...(output.meta ? { meta: output.meta } : {}),
        });
        return;
      }
      await repo.upsertAsset({
        channelId: item.channel_id,
        itemId: item.id,
        kind: output.kind,
        storageKey: output.storageKey,
        ...(output.meta ? { meta: output.meta } : {}),
      });
    },
  };
}

/** An item's sink on a connection: the console's uploads are packaged into it too. */
export const libraryItemSink = (db: DB, item: { id: number; channel_id: number }) =>
  vodItemSink(createVodJobsRepository(db), item);

function render(recipe: DemoRecipe, output: string) {
  const fontFile = locateFont();
  if (recipe.kind === 'studio') {
    return renderStudioClip({
      output,
      durationSeconds: recipe.seconds,
      videoKbps: DEMO_KBPS,
      picture: {
        ...DEMO_PICTURE,
        title: recipe.title,
        label: recipe.label,
        color: recipe.color,
        fontFile,
      },
    });
  }
  return renderSyntheticGame({
    output,
    durationSeconds: recipe.seconds,
    videoKbps: DEMO_KBPS,
    picture: {
      ...DEMO_PICTURE,
      home: recipe.home,
      away: recipe.away,
      goals: recipe.goals,
      clockOffsetSeconds: 0,
      fontFile,
    },
  });
}

/**
 * The demo library's videos: each pending demo item's recipe rendered to MP4 (the stand-in for an
 * upload), then packaged like any source. One item at a time, in the demo's lane; an item whose recipe cannot be read
 * is marked error and the others go on. Idempotent: published items are not pending.
 */
export async function makeDemoLibrary(
  deps: {
    repo: VodJobsRepository;
    storage: MediaStorage;
    ladder?: readonly Rendition[];
    log: { error: (obj: object, msg: string) => void };
  },
  items: PendingItem[],
): Promise<number> {
  let made = 0;
  for (const item of items) {
    const sink = vodItemSink(deps.repo, item);
    const recipe = DemoRecipeSchema.safeParse(item.meta.demo);
    if (!recipe.success) {
      deps.log.error({ itemId: item.id }, 'demo library item without a usable recipe');
      await deps.repo.recordVod(item.id, { status: 'error', storageKey: null });
      continue;
    }
    const work = await deps.storage.workDir(`vod-demo-${item.id}`);
    try {
      const source = path.join(work, 'source.mp4');
      await inDemoLane(async () => {
        await render(recipe.data, source);
        await packageMedia(
          { storage: deps.storage, ...(deps.ladder ? { ladder: deps.ladder } : {}) },
          sink,
          { file: source, hasFixedGop: true },
        );
      });
      made += 1;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  return made;
}

/** The demo channels' pending library videos, made (`limit`: the first few only). */
export async function makePendingDemoLibrary(
  deps: {
    db: DB;
    storage: MediaStorage;
    ladder?: readonly Rendition[];
    log: { error: (obj: object, msg: string) => void };
  },
  channelIds: number[],
  limit?: number,
): Promise<number> {
  const repo = createVodJobsRepository(deps.db);
  const pending = await repo.pendingDemoItems(channelIds);
  const { storage, log } = deps;
  const ladder = deps.ladder ? { ladder: deps.ladder } : {};
  return makeDemoLibrary({ repo, storage, log, ...ladder }, pending.slice(0, limit));
}

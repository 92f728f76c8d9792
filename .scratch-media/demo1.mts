import fs from 'node:fs';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.ts';
import { createMediaJobsRepository } from '../apps/api/src/jobs/media-jobs.repository.ts';
import { generateDemoGame, generateDemoPrerolls } from '../apps/api/src/jobs/demo-media.ts';
import { createLocalStorage } from '../packages/media/src/index.ts';
const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database.db);
const { channelId } = await seedDemoChannel(database.db);
fs.rmSync('/tmp/mt/demo1', { recursive: true, force: true });
const storage = createLocalStorage('/tmp/mt/demo1');
const repo = createMediaJobsRepository(database.db);
const games = await repo.finishedWithoutVod([channelId], new Date());
const childCpu = () => { const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' '); return (Number(f[13]) + Number(f[14])) / 100; };
let c = childCpu();
let t = performance.now();
await generateDemoPrerolls({ storage, repo, db: database.db }, [channelId]);
console.log('prerolls ms', Math.round(performance.now() - t), 'ffmpeg cpu s', (childCpu() - c).toFixed(1)); c = childCpu();
for (const g of games.slice(0, 3)) {
  t = performance.now();
  await generateDemoGame({ storage, repo, gameSeconds: 30 }, { channelId, eventId: g.id });
  console.log('game', g.id, 'ms', Math.round(performance.now() - t), 'ffmpeg cpu s', (childCpu() - c).toFixed(1)); c = childCpu();
}
await database.close();

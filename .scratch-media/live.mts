import { startLiveEncoder, finalizeLiveRecording, parseMediaPlaylist, locateFont } from '../packages/media/src/index.ts';
import fs from 'node:fs';
const dir = '/tmp/mt/live';
fs.rmSync(dir, { recursive: true, force: true });
const picture = { fps: 25, home: { code: 'WOL', color: '#1d4f91' }, away: { code: 'KNI', color: '#c8102e' }, goals: [], clockOffsetSeconds: 900, fontFile: locateFont() };
for (const round of [1, 2]) {
  const t0 = Date.now();
  const p = await startLiveEncoder({ outputDir: dir, picture });
  const seen: string[] = [];
  while (Date.now() - t0 < 7000) {
    await new Promise((r) => setTimeout(r, 250));
    try { const pl = parseMediaPlaylist(fs.readFileSync(dir + '/v0/index.m3u8', 'utf8')); const last = pl.segments.at(-1); if (last && !seen.includes(last.uri)) { seen.push(last.uri); console.log(round, last.uri, 'listed at', ((Date.now() - t0) / 1000).toFixed(2), 'media end', pl.totalSeconds.toFixed(2), last.programDateTime); } } catch {}
  }
  await p.stop();
  console.log(await finalizeLiveRecording(dir));
}
console.log(fs.readFileSync(dir + '/v1/index.m3u8', 'utf8'));

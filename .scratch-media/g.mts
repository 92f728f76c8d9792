import { syntheticGraph, locateFont } from '../packages/media/src/index.ts';
process.stdout.write(syntheticGraph({ width: 1280, height: 720, fps: 25, home: { code: 'WOL', color: '#1d4f91' }, away: { code: 'KNI', color: '#c8102e' }, goals: [{atSeconds: 5, team: 'home'}], clockOffsetSeconds: 0, fontFile: locateFont(), realtime: false }));

import { syntheticGraph } from '../packages/media/src/index.ts';
console.log(syntheticGraph({ width: 320, height: 180, fps: 25, home: { code: 'H', color: '#111111' }, away: { code: 'A', color: '#222222' }, goals: [], clockOffsetSeconds: 0, realtime: false }).split(';').join('\n'));

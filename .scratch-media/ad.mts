import { renderSponsorClip, locateFont } from '../packages/media/src/index.ts';
await renderSponsorClip({ output: '/tmp/mt/ad.mp4', durationSeconds: 6, picture: { width: 640, height: 360, fps: 25, title: 'Lakeshore Sports Shop', color: '#1d4f91', fontFile: locateFont() } });

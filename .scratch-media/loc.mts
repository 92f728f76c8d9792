import { locateFfmpeg } from '../packages/media/src/index.ts';
console.log(locateFfmpeg({ PATH: '/usr/bin:/bin' }));

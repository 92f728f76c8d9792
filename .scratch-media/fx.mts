import { makeTinyVod } from '../apps/api/src/test/media-fixtures.ts';
const f = await makeTinyVod();
console.log(f);

import { createTestApp } from '../apps/api/src/test/test-app.ts';
const t = await createTestApp();
const res = await t.get('/api/docs/json');
const doc = res.json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
for (const p of Object.keys(doc.paths).filter((p) => /playback|download|preroll|media/.test(p))) console.log(p, Object.keys(doc.paths[p]!), Object.keys(doc.paths[p]!.get?.responses ?? doc.paths[p]!.post?.responses ?? {}));
console.log(res.statusCode);
await t.close();

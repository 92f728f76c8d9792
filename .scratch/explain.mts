import { openDatabase } from '/work/main/apps/api/src/db/database.ts';
import { createEventsRepository } from '/work/main/apps/api/src/modules/events/events.repository.ts';
import { sql } from 'kysely';
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/bench_events', dataDir: '' });
const db = h.db;
const ch = (await db.selectFrom('channels').select('id').where('key', '=', 'bench-league').executeTakeFirstOrThrow()).id;
const filters: any[] = JSON.parse(process.argv[2] ?? '[{}]');
const order = { field: process.env.SORT ?? 'date', direction: 'asc', locale: 'en' } as any;
for (const f of filters) {
  if (f.window) f.window.at = new Date();
  const { createEventsRepository: _ } = await import('/work/main/apps/api/src/modules/events/events.repository.ts');
  // compile via a capturing repo
  const { eventWhere, eventOrderKey } = await import('/work/main/apps/api/src/modules/events/events.where.ts');
  const q = db.selectFrom('events as e').select('e.id').where((eb) => eventWhere(eb as any, ch, f)).orderBy(eventOrderKey(order), 'asc').orderBy('e.id').offset(Number(process.env.OFFSET ?? 0)).limit(20);
  const c = q.compile();
  const r = await sql.raw(`explain (analyze, buffers off) ${c.sql.replace(/\$(\d+)/g, (_, i) => { const v = c.parameters[Number(i) - 1]; return v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v}'` : String(v); })}`).execute(db);
  console.log(JSON.stringify(f)); for (const row of r.rows as any[]) console.log(row['QUERY PLAN']);
  const cq = db.selectFrom('events as e').select(sql`count(*)`.as('n')).where((eb) => eventWhere(eb as any, ch, f)).compile();
  const r2 = await sql.raw(`explain (analyze) ${cq.sql.replace(/\$(\d+)/g, (_, i) => { const v = cq.parameters[Number(i) - 1]; return v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v}'` : String(v); })}`).execute(db);
  for (const row of r2.rows as any[]) console.log('  C ', row['QUERY PLAN']);
}
await h.close();

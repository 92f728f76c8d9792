import type { KyselyPlugin, OperationNode } from 'kysely';
import type { DB } from '../db/database.js';

/** The tables a query names anywhere in its tree (from, joins, subqueries). */
function tablesOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) tablesOf(child, into);
  } else if (node !== null && typeof node === 'object') {
    const op = node as OperationNode & { table?: { identifier?: { name?: string } } };
    if (op.kind === 'TableNode' && op.table?.identifier?.name) into.add(op.table.identifier.name);
    for (const child of Object.values(node)) tablesOf(child, into);
  }
  return into;
}

/**
 * Counts the queries an app sends, per table they read, through a Kysely plugin on its database:
 * `createTestApp(env, { withDb: counter.attach })`. Tests use it to prove a cache built a document
 * once, whatever many requests asked for it together.
 */
export function queryCounter() {
  const counts = new Map<string, number>();
  let all = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      all += 1;
      for (const table of tablesOf(node)) counts.set(table, (counts.get(table) ?? 0) + 1);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return {
    attach: (db: DB): DB => db.withPlugin(plugin),
    /** Queries that named `table` since the last reset. */
    of: (table: string) => counts.get(table) ?? 0,
    /** Queries of any kind (raw SQL too, which names no table node) since the last reset. */
    total: () => all,
    reset: () => {
      counts.clear();
      all = 0;
    },
  };
}

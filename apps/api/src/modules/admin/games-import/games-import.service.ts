import { createHash } from 'node:crypto';
import type { AdminImportPreview, AdminImportResult, Settings } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import { pickText } from '../../../lib/i18n-text.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createGamesAdminRepository } from '../games/games-admin.repository.js';
import { insertGame, snapshot, toGame } from '../games/games-admin.service.js';
import { createGamesImportRepository } from './games-import.repository.js';
import { checkImport, nameKey, type CheckedImport, type ImportLookups } from './import-rows.js';

type Currency = Settings['currency'];
/** How many refused cells a failed import names in its error body (the preview shows them all). */
const MAX_NAMED_ERRORS = 50;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The channel's names, each under every way a file may write it (name, short name, en, fr). */
async function lookups(db: DB, channelId: number, timeZone: string): Promise<ImportLookups> {
  const names = await createGamesImportRepository(db).names(channelId);
  const teams: ImportLookups['teams'] = new Map();
  // Full names first: a short name never hides another team's full name.
  for (const t of names.teams) teams.set(nameKey(t.name), t);
  for (const t of names.teams)
    if (!teams.has(nameKey(t.short_name))) teams.set(nameKey(t.short_name), t);
  const sports: ImportLookups['sports'] = new Map();
  for (const s of names.sports) {
    const name = pickText(s.name, 'en');
    for (const text of Object.values(s.name))
      if (text) sports.set(nameKey(text), { id: s.id, name });
  }
  const rinks: ImportLookups['rinks'] = new Map(names.rinks.map((r) => [nameKey(r.name), r]));
  return { teams, sports, rinks, timeZone };
}

/** The preview leaves out each line's contract input (the server's own). */
const preview = (checked: CheckedImport): AdminImportPreview => ({
  ...checked,
  rows: checked.rows.map((r) => ({
    line: r.line,
    values: r.values,
    errors: r.errors,
    game: r.game,
  })),
});

/** Thrown inside the change when the import is found made already: nothing is written. */
class AlreadyImported extends Error {
  constructor(readonly made: { csv_sha256: Buffer; event_ids: number[] }) {
    super('already imported');
  }
}

/**
 * A season from a CSV file: the preview reads it against the channel's names without writing;
 * the import checks it again inside one audited change (every game or none, each game's audit
 * row) and records the import id with the file's hash, so the same import sent twice (a double
 * click, a retry after a lost answer) makes its games once and answers the same ids.
 */
export function createGamesImportService(deps: {
  db: DB;
  changes: AdminChanges;
  settings: (channelId: number) => Promise<{ time_zone: string; currency: Currency }>;
}) {
  async function replay(channelId: number, importId: string, hash: Buffer) {
    const made = await createGamesImportRepository(deps.db).made(channelId, importId);
    if (!made) return null;
    return answer(importId, made, hash);
  }
  function answer(
    importId: string,
    made: { csv_sha256: Buffer; event_ids: number[] },
    hash: Buffer,
  ): AdminImportResult {
    if (!Buffer.from(made.csv_sha256).equals(hash))
      throw new HttpError(409, 'in_use', 'This import id was used for another file');
    return { import_id: importId, created: 0, event_ids: made.event_ids, replayed: true };
  }

  return {
    async preview(channelId: number, csv: string): Promise<AdminImportPreview> {
      const { time_zone } = await deps.settings(channelId);
      return preview(checkImport(csv, await lookups(deps.db, channelId, time_zone)));
    },

    async import(caller: AdminCaller, csv: string, importId: string): Promise<AdminImportResult> {
      const hash = sha256(csv);
      const earlier = await replay(caller.channelId, importId, hash);
      if (earlier) return earlier;
      // Read before the change opens: the embedded database has one connection.
      const { time_zone, currency } = await deps.settings(caller.channelId);
      try {
        return await deps.changes.apply(caller, async (trx, audit) => {
          const imports = createGamesImportRepository(trx);
          // A twin request waited on the channel's lock: it finds the first one's import here.
          const made = await imports.made(caller.channelId, importId);
          if (made) throw new AlreadyImported(made);
          const checked = checkImport(csv, await lookups(trx, caller.channelId, time_zone));
          refuseIfInvalid(checked);
          const games = createGamesAdminRepository(trx);
          const ids: number[] = [];
          for (const input of checked.rows.map((r) => r.input)) {
            // refuseIfInvalid let through only lines with their input.
            if (!input) continue;
            const id = await insertGame(games, caller.channelId, input, currency);
            const after = await games.byId(caller.channelId, id);
            await audit({
              action: 'create',
              entity: 'game',
              entityId: id,
              before: null,
              after: after ? snapshot(toGame(after, currency)) : null,
            });
            ids.push(id);
          }
          await imports.record({
            channel_id: caller.channelId,
            import_id: importId,
            csv_sha256: hash,
            event_ids: ids,
            created_by: caller.userId,
          });
          return { import_id: importId, created: ids.length, event_ids: ids, replayed: false };
        });
      } catch (error) {
        if (error instanceof AlreadyImported) {
          return answer(importId, error.made, hash);
        }
        throw error;
      }
    },
  };
}
export type GamesImportService = ReturnType<typeof createGamesImportService>;

/** Every game or none: one refused cell refuses the file, naming the cells (`line.column`). */
function refuseIfInvalid(checked: CheckedImport) {
  if (checked.file_errors.length > 0) {
    const errors: Record<string, string> = {};
    for (const e of checked.file_errors) errors[`file.${e.detail ?? e.line ?? ''}`] ??= e.code;
    throw new HttpError(400, 'validation_failed', 'The file cannot be read as a season', errors);
  }
  if (checked.invalid === 0) return;
  const errors: Record<string, string> = {};
  let named = 0;
  for (const row of checked.rows) {
    for (const [column, code] of Object.entries(row.errors)) {
      if (named++ < MAX_NAMED_ERRORS) errors[`${row.line}.${column}`] = code;
    }
  }
  throw new HttpError(
    400,
    'validation_failed',
    `${checked.invalid} of ${checked.rows.length} lines have errors; nothing was imported`,
    errors,
  );
}

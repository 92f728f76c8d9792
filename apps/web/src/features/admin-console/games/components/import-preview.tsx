import type { AccessType, AdminImportPreview, ImportRow, ImportedGame } from '@rudy/contracts';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useT } from '../../../../lib/i18n';
import { adminFieldMessage } from '../../shared/lib/admin-messages';
import styles from './season-import.module.css';

/** What is wrong with the file itself (its header, a quote left open): no lines are read then. */
export function FileErrors({ preview }: { preview: AdminImportPreview }) {
  const { t } = useT();
  return (
    <FormAlert tone="error" title={t('admin:seasonImport.fileErrors')}>
      <ul className={styles.errors}>
        {preview.file_errors.map((e) => (
          <li key={`${e.code}-${e.line ?? ''}-${e.detail ?? ''}`}>
            {adminFieldMessage(t, e.code)}
            {e.detail ? `${t('admin:seasonImport.colon')}${e.detail}` : ''}
            {e.line ? ` (${t('admin:seasonImport.fileErrorLine', { line: e.line })})` : ''}
          </li>
        ))}
      </ul>
    </FormAlert>
  );
}

/** Every line of the file: the game it makes, or each refused column with what was typed. */
export function ImportPreviewList({
  preview,
  currency,
}: {
  preview: AdminImportPreview;
  currency: string;
}) {
  const { t } = useT();
  return (
    <ol className={styles.rows} aria-label={t('admin:seasonImport.preview')}>
      {preview.rows.map((row) => (
        <li
          key={row.line}
          className={styles.row}
          data-state={row.game ? 'ok' : 'error'}
          aria-label={t('admin:seasonImport.rowLabel', { line: row.line })}
        >
          <div>
            <div className={styles.line}>{`${t('admin:seasonImport.line')} ${row.line}`}</div>
            <div className={styles.state}>
              {row.game ? t('admin:seasonImport.ok') : t('admin:seasonImport.error')}
            </div>
          </div>
          <div className={styles.body}>
            {row.game ? <GameSummary game={row.game} currency={currency} /> : null}
            {row.game ? null : <RowErrors row={row} />}
          </div>
        </li>
      ))}
    </ol>
  );
}

function RowErrors({ row }: { row: ImportRow }) {
  const { t } = useT();
  return (
    <ul className={styles.errors}>
      {Object.entries(row.errors).map(([column, code]) => {
        const typed = row.values[column];
        return (
          <li key={column}>
            <span className={styles.column}>{column}</span>
            {typed ? ` “${typed}”` : ''}
            {`${t('admin:seasonImport.colon')}${adminFieldMessage(t, code) ?? code}`}
          </li>
        );
      })}
    </ul>
  );
}

function GameSummary({ game, currency }: { game: ImportedGame; currency: string }) {
  const { t, i18n } = useT();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: game.time_zone,
  }).format(new Date(game.event_utc_ts));
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  const access = t(`admin:games.accessTypes.${game.access_type as AccessType}`);
  const price = game.price_cents === null ? '' : ` · ${money.format(game.price_cents / 100)}`;
  return (
    <>
      <strong>{`${game.away_team} @ ${game.home_team}`}</strong>
      <span className={styles.muted}>{`${when} · ${game.time_zone}`}</span>
      <span className={styles.muted}>
        {[game.name_en, game.sport, game.location, `${access}${price}`].filter(Boolean).join(' · ')}
      </span>
    </>
  );
}

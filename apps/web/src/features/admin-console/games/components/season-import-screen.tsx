import {
  ADMIN_IMPORT_LIMITS,
  IMPORT_COLUMNS,
  type AdminImportPreview,
  type AdminImportResult,
} from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextAreaField } from '../../../../components/ui/text-field';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { newImportId, previewImport, runImport } from '../api/games-import';
import { useGameOptions } from '../api/game-options';
import { FileErrors, ImportPreviewList } from './import-preview';
import styles from './season-import.module.css';

const EXAMPLE = [
  'date,time,time_zone,home_team,away_team,sport,location,access,price',
  '2026-10-03,19:30,America/Toronto,Wolves,Comets,Hockey,"Arena, North",paid,12.99',
  '2026-10-10,14:00,,Comets,Wolves,,,free,',
].join('\n');

/**
 * A season from a CSV file: paste it or choose it, preview every line (what each makes, or what
 * is wrong with it, column by column), then import them all at once. The import id is chosen
 * with each preview, so a double click or a retry imports the file once.
 */
export function SeasonImportScreen() {
  const { t } = useT();
  const client = useQueryClient();
  const options = useGameOptions();
  const [csv, setCsv] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const [preview, setPreview] = useState<{ data: AdminImportPreview; importId: string } | null>(
    null,
  );
  const read = useMutation({
    mutationFn: previewImport,
    onSuccess: (data) => setPreview({ data, importId: newImportId() }),
  });
  const save = useMutation({
    mutationFn: (p: { csv: string; importId: string }) => runImport(p.csv, p.importId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });

  const change = (text: string) => {
    setCsv(text);
    setTooLarge(text.length > ADMIN_IMPORT_LIMITS.maxChars);
    // A preview stands for the text it read: any edit asks for a new one.
    setPreview(null);
    save.reset();
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > ADMIN_IMPORT_LIMITS.maxChars * 4) return setTooLarge(true);
    change(await file.text());
  };

  if (save.data) return <ImportDone result={save.data} onAgain={() => change('')} />;
  const ready = preview && preview.data.file_errors.length === 0 && preview.data.invalid === 0;

  return (
    <section className={styles.screen} aria-labelledby="season-import-title">
      <h1 id="season-import-title">{t('admin:seasonImport.title')}</h1>
      <p className={styles.intro}>{t('admin:seasonImport.intro')}</p>
      <ImportHelp />
      <div className={styles.source}>
        <label>
          {`${t('admin:seasonImport.file')} `}
          <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void choose(e)} />
        </label>
        <TextAreaField
          label={t('admin:seasonImport.paste')}
          value={csv}
          rows={8}
          spellCheck={false}
          placeholder={EXAMPLE}
          error={tooLarge ? t('admin:seasonImport.tooLarge') : undefined}
          onChange={(e) => change(e.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant={ready ? 'secondary' : 'primary'}
          disabled={csv.trim() === '' || tooLarge || read.isPending}
          onClick={() => read.mutate(csv)}
        >
          {read.isPending ? t('admin:seasonImport.previewing') : t('admin:seasonImport.preview')}
        </Button>
        {ready ? (
          <Button
            disabled={save.isPending}
            onClick={() => save.mutate({ csv, importId: preview.importId })}
          >
            {save.isPending
              ? t('admin:seasonImport.importing')
              : t('admin:seasonImport.import', { count: preview.data.valid })}
          </Button>
        ) : null}
      </div>
      {read.isError ? <FormAlert tone="error">{apiErrorText(t, read.error)}</FormAlert> : null}
      {save.isError ? <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert> : null}
      {preview ? <PreviewResult preview={preview.data} currency={options.data?.currency} /> : null}
    </section>
  );
}

function PreviewResult({
  preview,
  currency = 'USD',
}: {
  preview: AdminImportPreview;
  currency?: string | undefined;
}) {
  const { t } = useT();
  if (preview.file_errors.length > 0) return <FileErrors preview={preview} />;
  const total = preview.rows.length;
  return (
    <>
      <FormAlert
        tone={preview.invalid > 0 ? 'error' : 'info'}
        title={t('admin:seasonImport.summary', { valid: preview.valid, total })}
      >
        {preview.invalid > 0
          ? t('admin:seasonImport.summaryErrors', { count: preview.invalid })
          : null}
      </FormAlert>
      <ImportPreviewList preview={preview} currency={currency} />
    </>
  );
}

/** The columns a file may have, each explained, and an example. */
function ImportHelp() {
  const { t } = useT();
  return (
    <details className={styles.help}>
      <summary>{t('admin:seasonImport.columnsTitle')}</summary>
      <p>{t('admin:seasonImport.columnsIntro')}</p>
      <dl className={styles.columns}>
        {IMPORT_COLUMNS.map((c) => (
          <div key={c} style={{ display: 'contents' }}>
            <dt>{c}</dt>
            <dd>{t(`admin:seasonImport.columns.${c}`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('admin:seasonImport.example')}</p>
      <pre className={styles.example}>{EXAMPLE}</pre>
    </details>
  );
}

function ImportDone({ result, onAgain }: { result: AdminImportResult; onAgain: () => void }) {
  const { t } = useT();
  const count = result.event_ids.length;
  return (
    <section className={styles.screen} aria-labelledby="season-import-title">
      <h1 id="season-import-title">{t('admin:seasonImport.title')}</h1>
      <FormAlert tone="success">
        {result.replayed
          ? t('admin:seasonImport.replayed', { count })
          : t('admin:seasonImport.imported', { count })}
      </FormAlert>
      <div className={styles.actions}>
        <ButtonLink to="/admin/games">{t('admin:seasonImport.toGames')}</ButtonLink>
        <Button variant="secondary" onClick={onAgain}>
          {t('admin:seasonImport.another')}
        </Button>
      </div>
    </section>
  );
}

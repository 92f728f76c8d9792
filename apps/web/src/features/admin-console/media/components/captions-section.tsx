import { CAPTION_LANGUAGES, CAPTION_MESSAGES, type CaptionLanguage } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT, type TFunction } from '../../../../lib/i18n';
import { deleteCaptions, putCaptions, useCaptionList } from '../api/captions';
import type { MediaKind } from '../api/media-subjects';
import { FilePicker } from '../../shared/components/file-picker';
import styles from './media.module.css';

type CaptionMessageKey = keyof typeof CAPTION_MESSAGES;
const KEY_OF = new Map<string, CaptionMessageKey>(
  Object.entries(CAPTION_MESSAGES).map(([key, text]) => [text, key as CaptionMessageKey]),
);

/** A refused caption call in the admin's language: the contract's texts by key, others as usual. */
function captionErrorText(t: TFunction, error: unknown): string {
  const key = isApiError(error) ? KEY_OF.get(error.message) : undefined;
  return key ? t(`admin-media:captions.messages.${key}`) : apiErrorText(t, error);
}

/** One language's captions: its state, a file to upload or replace them, and removal. */
function CaptionLanguageRow({
  kind,
  id,
  lang,
  cues,
}: {
  kind: MediaKind;
  id: number;
  lang: CaptionLanguage;
  cues: number | null;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'captions', kind, id] });
  const upload = useMutation({
    mutationFn: async (file: File) => putCaptions(kind, id, lang, await file.text()),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteCaptions(kind, id, lang),
    onSuccess: refresh,
  });
  const language = t(`admin-media:captions.languages.${lang}`);
  return (
    <div className={styles.section}>
      <h3 className={styles.sectionTitle}>{language}</h3>
      <p className={styles.muted}>
        {cues === null
          ? t('admin-media:captions.none')
          : t('admin-media:captions.stored', { count: cues })}
      </p>
      <FilePicker
        label={t('admin-media:captions.file', { language })}
        accept=".vtt,text/vtt"
        disabled={upload.isPending}
        resetAfterPick
        onFile={(file) => {
          if (file) upload.mutate(file);
        }}
      />
      {cues !== null ? (
        <div>
          <Button
            variant="secondary"
            size="s"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('admin-media:captions.remove', { language })}
          </Button>
        </div>
      ) : null}
      {upload.isSuccess ? (
        <FormAlert tone="success">{t('admin-media:captions.uploaded')}</FormAlert>
      ) : null}
      {upload.isError ? (
        <FormAlert tone="error">{captionErrorText(t, upload.error)}</FormAlert>
      ) : null}
      {remove.isError ? (
        <FormAlert tone="error">{captionErrorText(t, remove.error)}</FormAlert>
      ) : null}
    </div>
  );
}

/** The captions of a game's replay or a library video, one WebVTT file per language. */
export function CaptionsSection({ kind, id }: { kind: MediaKind; id: number }) {
  const { t } = useT();
  const list = useCaptionList(kind, id);
  const cuesOf = (lang: CaptionLanguage) =>
    list.data?.captions.find((c) => c.lang === lang)?.cue_count ?? null;
  return (
    <section className={styles.section} aria-labelledby="media-captions-title">
      <h2 id="media-captions-title" className={styles.sectionTitle}>
        {t('admin-media:captions.title')}
      </h2>
      <p className={styles.muted}>{t('admin-media:captions.hint')}</p>
      {list.isError ? (
        <FormAlert tone="error">{apiErrorText(t, list.error)}</FormAlert>
      ) : list.data ? (
        CAPTION_LANGUAGES.map((lang) => (
          <CaptionLanguageRow key={lang} kind={kind} id={id} lang={lang} cues={cuesOf(lang)} />
        ))
      ) : null}
    </section>
  );
}

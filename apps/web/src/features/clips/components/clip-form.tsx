import { CLIP_LIMITS } from '@rudy/contracts';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PlayerToolApi } from '../../../components/player-tool';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { clipFieldMessage, type ClipFormValues } from '../lib/clip-form';
import { ClipRangeFields } from './clip-range-fields';
import styles from './clip-panel.module.css';
import '../../../locales/clips';

/** In and out (from the seek bar), a name and the channel's tags; every problem said at once. */
export function ClipForm({
  form,
  tags,
  player,
  rangeError,
  alert,
  budget,
  isSubmitting,
  onSubmit,
}: {
  form: UseFormReturn<ClipFormValues>;
  tags: readonly string[];
  player: PlayerToolApi;
  rangeError: string | undefined;
  /** Why the last request was refused, when no field says it. */
  alert: ReactNode;
  budget: string | null;
  isSubmitting: boolean;
  onSubmit: () => void;
}) {
  const { t } = useT();
  const {
    register,
    formState: { errors },
  } = form;
  const tagsError = clipFieldMessage(t, errors.tags?.message ?? errors.tags?.root?.message);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <ClipRangeFields player={player} error={rangeError} />
      <TextField
        label={t('clips:form.name')}
        autoComplete="off"
        maxLength={CLIP_LIMITS.nameMax}
        placeholder={t('clips:form.namePlaceholder')}
        error={clipFieldMessage(t, errors.name?.message)}
        {...register('name')}
      />
      <fieldset
        className={styles.tags}
        aria-invalid={tagsError ? true : undefined}
        aria-describedby={tagsError ? 'clip-tags-error' : undefined}
      >
        <legend className={styles.legend}>{t('clips:form.tags')}</legend>
        <div className={styles.tagList}>
          {tags.map((tag) => (
            <label key={tag} className={styles.tag}>
              <input type="checkbox" value={tag} {...register('tags')} />
              <span>{tag}</span>
            </label>
          ))}
        </div>
        {tagsError ? (
          <p id="clip-tags-error" className={formStyles.error}>
            {tagsError}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.footer}>
        {budget ? <p className={styles.budget}>{budget}</p> : null}
        <div className={styles.buttons}>
          <Button variant="ghost" size="s" onClick={player.close}>
            {t('clips:form.cancel')}
          </Button>
          <SubmitButton
            isPending={isSubmitting}
            pendingLabel={t('clips:form.pending')}
            wide={false}
          >
            {t('clips:form.submit')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

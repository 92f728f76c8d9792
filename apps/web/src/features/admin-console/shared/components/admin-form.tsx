import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText, type Translate } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { adminFieldMessage } from '../lib/admin-messages';
import { fieldErrors, serverFieldErrors } from '../lib/contract-errors';
import styles from './console.module.css';

/**
 * A console form's state: the draft as the admin types it, the input it makes, checked by the same
 * contract the server checks (its messages under each field), then saved; the server's own
 * per-field refusals land under the same fields. After a save the console's queries are read again.
 */
export function useAdminForm<Draft extends Record<string, string>, Input, Saved>(o: {
  initial: () => Draft;
  toInput: (draft: Draft) => Input;
  schema: z.ZodType;
  save: (input: Input) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  /** Field messages of the area's own contract, before the console's common ones. */
  message?: (t: Translate, message: string) => string | undefined;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState(o.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: o.save,
    onSuccess: async (saved) => {
      // The console's lists, and this tab's copy of the viewers' site (menu, pages, blocks).
      await client.invalidateQueries({ queryKey: ['admin'] });
      await client.invalidateQueries({ queryKey: ['channel'] });
      o.onSaved(saved);
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const error = (name: string) => {
    const raw = errors[name];
    return (raw && o.message?.(t, raw)) ?? adminFieldMessage(t, raw);
  };
  /** The draft's input when the contract takes it; else undefined, its messages shown. */
  const check = (): Input | undefined => {
    const input = o.toInput(draft);
    const checked = o.schema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return undefined;
    }
    setErrors({});
    return input;
  };
  return {
    draft,
    setDraft,
    save,
    error,
    /** value, onChange and error of one field, for a TextField or SelectField. */
    field: (name: keyof Draft & string) => ({
      value: draft[name],
      onChange: (e: { target: { value: string } }) =>
        setDraft((d) => ({ ...d, [name]: e.target.value })),
      error: error(name),
    }),
    check,
    submit(e: SyntheticEvent) {
      e.preventDefault();
      const input = check();
      if (input !== undefined) save.mutate(input);
    },
  };
}
/** What the form frame reads of the state. */
export interface AdminFormState {
  save: { isError: boolean; error: unknown; isPending: boolean };
  submit: (e: SyntheticEvent) => void;
}

/** A console form: its title, a whole-form error, the fields in a grid, Save and Cancel. */
export function AdminForm({
  form,
  title,
  label,
  onCancel,
  children,
  after,
  submitLabel,
}: {
  form: AdminFormState;
  title: string;
  label: string;
  onCancel: () => void;
  children: ReactNode;
  /** Below the grid (a datalist, a note). */
  after?: ReactNode;
  /** The submit button's text where "Save" does not say what happens (e.g. an invitation sent). */
  submitLabel?: string;
}) {
  const { t } = useT();
  const { save } = form;
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={label}>
      <h2 className={styles.formTitle}>{title}</h2>
      {save.isError && !serverFieldErrors(save.error) ? (
        <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert>
      ) : null}
      <div className={styles.grid}>{children}</div>
      {after}
      <AdminFormActions isPending={save.isPending} onCancel={onCancel} submitLabel={submitLabel} />
    </form>
  );
}

/** Save (pending while the change is sent) and, where the form can be left, Cancel. */
export function AdminFormActions({
  isPending,
  onCancel,
  submitLabel,
}: {
  isPending: boolean;
  onCancel?: () => void;
  submitLabel?: string | undefined;
}) {
  const { t } = useT();
  return (
    <div className={styles.actions}>
      <SubmitButton isPending={isPending} pendingLabel={t('admin:common.saving')} wide={false}>
        {submitLabel ?? t('admin:common.save')}
      </SubmitButton>
      {onCancel ? (
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('admin:common.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import styles from './console.module.css';

/** Which item the screen edits (`'new'` for a new one), and the notice the last change left. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    editing,
    notice,
    edit(item: T | 'new') {
      setNotice(null);
      setEditing(item);
    },
    /** Back to the list, with what happened (null: nothing was saved). */
    done(message: string | null) {
      setEditing(null);
      setNotice(message);
    },
    setNotice,
  };
}
export type Editing<T> = ReturnType<typeof useEditing<T>>;

/**
 * A console list screen: title and New button, the last change's notice, the items each with Edit
 * and Delete (asked first; refused with `in_use` while something points at the item).
 */
export function AdminList<T extends { id: number }>({
  id,
  title,
  newLabel,
  editing,
  items,
  row,
  inUse,
  texts,
  remove,
  toolbar,
  empty,
  actions,
}: {
  id: string;
  title: string;
  newLabel: string;
  editing: Editing<T>;
  items: readonly T[];
  /** What a row shows before its buttons. */
  row: (item: T) => ReactNode;
  inUse: (item: T) => boolean;
  texts: { inUse: string; confirmDelete: string; deleted: string };
  remove: (item: T) => Promise<unknown>;
  /** Between the notices and the list (filters, tabs). */
  toolbar?: ReactNode;
  empty?: string;
  /** More buttons of a row, before Edit. */
  actions?: (item: T) => ReactNode;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const erase = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      editing.setNotice(texts.deleted);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <section className={styles.screen} aria-labelledby={id}>
      <div className={styles.head}>
        <h1 id={id}>{title}</h1>
        <Button onClick={() => editing.edit('new')}>{newLabel}</Button>
      </div>
      {editing.notice ? <FormAlert tone="success">{editing.notice}</FormAlert> : null}
      {erase.isError ? (
        <FormAlert tone="error">
          {isApiError(erase.error) && erase.error.code === 'in_use'
            ? texts.inUse
            : apiErrorText(t, erase.error)}
        </FormAlert>
      ) : null}
      {toolbar}
      {items.length === 0 && empty ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.row}>
              {row(item)}
              <div className={styles.rowActions}>
                {actions?.(item)}
                <Button size="s" variant="secondary" onClick={() => editing.edit(item)}>
                  {t('admin:common.edit')}
                </Button>
                <Button
                  size="s"
                  variant="secondary"
                  disabled={inUse(item) || erase.isPending}
                  title={inUse(item) ? texts.inUse : undefined}
                  onClick={() => {
                    if (window.confirm(texts.confirmDelete)) erase.mutate(item);
                  }}
                >
                  {t('admin:common.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

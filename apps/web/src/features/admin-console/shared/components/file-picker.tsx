import '../../../../locales/admin-media';
import { useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../../components/ui/button';
import { useT } from '../../../../lib/i18n';
import styles from './file-picker.module.css';

/**
 * The console's file picker: the field's label, a button-styled "Choose a file" and the chosen
 * file's name, over a real (visually hidden, focusable) file input, so keyboards, screen readers
 * and drag-and-drop onto the input behave as the browser's. `preview` (the current file, as a
 * logo) sits before the button and stands for the name until another file is chosen.
 */
export function FilePicker({
  label,
  accept,
  disabled,
  onFile,
  preview,
  resetAfterPick,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File | null) => void;
  preview?: ReactNode;
  /** Clear the input after each pick (the file is used at once, as a poster is). */
  resetAfterPick?: boolean;
}) {
  const { t } = useT();
  const [name, setName] = useState<string | null>(null);
  return (
    <div className={styles.picker}>
      <label className={styles.field}>
        <span className={styles.title}>{label}</span>
        <span className={styles.row}>
          {preview}
          <input
            type="file"
            className="visually-hidden"
            accept={accept}
            disabled={disabled}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              setName(resetAfterPick ? null : (file?.name ?? null));
              onFile(file);
              if (resetAfterPick) e.target.value = '';
            }}
          />
          <span className={buttonClasses('secondary', 'm', styles.button)}>
            {t('admin-media:picker.choose')}
          </span>
        </span>
      </label>
      {resetAfterPick || (preview && !name) ? null : (
        <span className={styles.fileName} aria-live="polite">
          {name ?? t('admin-media:picker.none')}
        </span>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import styles from './search-field.module.css';

/** How long typing pauses before the search follows it. */
export const TYPING_PAUSE_MS = 350;

/**
 * A search box whose value follows the typing after a short pause (`onSearch` with replace: true,
 * so a URL that holds it does not record every letter); Enter applies at once. `value` is what the
 * owner currently searches for: when it changes from elsewhere (a cleared filter, Back), the box
 * shows it, unless it only follows the typing (a trailing space stays).
 */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onSearch,
  maxLength = 100,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string | null;
  onSearch: (text: string | null, options: { replace: boolean }) => void;
  maxLength?: number;
}) {
  const [text, setText] = useState(value ?? '');
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    if ((text.trim() || null) !== value) setText(value ?? '');
  }

  useEffect(() => {
    const next = text.trim() || null;
    if (next === (value ?? null)) return;
    const timer = setTimeout(() => onSearch(next, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || null, { replace: false });
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <span className={styles.icon} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={styles.input}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

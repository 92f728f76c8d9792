import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import styles from './listing-filters.module.css';

const TYPING_PAUSE_MS = 350;

/**
 * Text search over game and team names. The URL follows the typing after a short pause (replacing
 * the history entry, so Back does not replay every letter); Enter applies at once.
 */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string | null;
  onSearch: (text: string | null, options: { replace: boolean }) => void;
}) {
  const { t } = useT();
  const [text, setText] = useState(value ?? '');
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (a cleared filter, Back): show what it now says. A change that
  // only follows the typing leaves the text alone, trailing space included.
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
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || null, { replace: false });
      }}
    >
      <label className="visually-hidden" htmlFor="listing-search">
        {t('events:filters.search')}
      </label>
      <span className={styles.searchIcon} aria-hidden="true" />
      <input
        id="listing-search"
        type="search"
        className={styles.searchInput}
        placeholder={t('events:filters.searchPlaceholder')}
        value={text}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

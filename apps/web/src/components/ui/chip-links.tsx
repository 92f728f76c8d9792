import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './chip-links.module.css';

export interface ChipLink {
  key: string | number;
  to: string;
  label: ReactNode;
  isCurrent: boolean;
}

/** A row of pill links that narrow a listing (sports, library categories); swipes on phones. */
export function ChipLinks({ label, chips }: { label: string; chips: ChipLink[] }) {
  return (
    <nav className={styles.chips} aria-label={label}>
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.to}
          className={styles.chip}
          aria-current={chip.isCurrent ? 'true' : undefined}
          preventScrollReset
        >
          {chip.label}
        </Link>
      ))}
    </nav>
  );
}

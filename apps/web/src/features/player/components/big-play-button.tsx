import styles from './player.module.css';

/** The large play button over the picture, shown when the browser would not start it by itself. */
export function BigPlayButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className={styles.center}>
      <button type="button" className={styles.bigPlay} onClick={onClick} aria-label={label}>
        ▶
      </button>
    </div>
  );
}

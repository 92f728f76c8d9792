import type { ReactNode } from 'react';
import styles from './player.module.css';

/** The player's 16:9 frame around what stands in for a video (a message, an access prompt). */
export function PlayerFrame({ children }: { children: ReactNode }) {
  return <div className={styles.frame}>{children}</div>;
}

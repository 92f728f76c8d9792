import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** A grey shimmering block standing in for content that is still loading. */
export function Skeleton({
  width,
  height,
  radius,
  ratio,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  ratio?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${styles.skeleton} ${className ?? ''}`}
      style={{ width, height, borderRadius: radius, aspectRatio: ratio }}
    />
  );
}

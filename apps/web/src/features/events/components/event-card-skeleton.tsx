import { EVENT_CARD_RATIO } from '@rudy/contracts';
import { Skeleton } from '../../../components/ui/skeleton';
import styles from './event-card.module.css';

export function EventCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton ratio={EVENT_CARD_RATIO} radius={0} />
      <div className={styles.body}>
        <Skeleton width="70%" height={18} />
        <Skeleton width="90%" height={14} />
        <Skeleton width="50%" height={14} />
      </div>
    </div>
  );
}

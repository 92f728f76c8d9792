import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useFavorite, type FavoriteSubject } from '../hooks/use-favorite';
import { SignInPrompt } from './sign-in-prompt';
import styles from './favorite-toggle.module.css';

/**
 * A star that makes a team, school or sport a favourite. Anonymous visitors see it too; pressing it
 * asks them to log in, since favourites belong to an account.
 */
export function FavoriteToggle({
  subject,
  userId,
  variant = 'icon',
}: {
  subject: FavoriteSubject;
  userId: number | null;
  variant?: 'icon' | 'button';
}) {
  const { t } = useT();
  const { isFavorite, isPending, toggle } = useFavorite(subject, userId);
  const [isPrompting, setPrompting] = useState(false);
  const isOn = userId !== null && isFavorite;

  return (
    <>
      <button
        type="button"
        className={variant === 'icon' ? styles.icon : styles.button}
        aria-pressed={isOn}
        // Pressed, the label says so too ("In your favourites: …"), not only the filled star.
        aria-label={
          variant === 'icon'
            ? t(isOn ? 'favorites:favorite.labelOn' : 'favorites:favorite.label', {
                name: subject.name,
              })
            : undefined
        }
        aria-busy={isPending || undefined}
        title={isOn ? t('favorites:favorite.remove') : t('favorites:favorite.add')}
        onClick={() => (userId === null ? setPrompting(true) : toggle())}
      >
        <Star />
        {variant === 'button' ? (
          <span>{isOn ? t('favorites:favorite.on') : t('favorites:favorite.off')}</span>
        ) : null}
      </button>
      {isPrompting ? (
        <SignInPrompt name={subject.name} onClose={() => setPrompting(false)} />
      ) : null}
    </>
  );
}

function Star() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.star}>
      <path d="M12 2.8l2.84 5.76 6.36.92-4.6 4.49 1.08 6.33L12 17.3l-5.68 2.99 1.08-6.33-4.6-4.49 6.36-.92z" />
    </svg>
  );
}

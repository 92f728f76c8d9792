import { ButtonLink } from '../../../components/ui/button';
import { ClipToolFrame } from './clip-tool-frame';
import styles from './clip-panel.module.css';

/**
 * The clip tool of a viewer who cannot cut clips yet, opened by the Clip button like the tool
 * itself: it says why and leads where they can (log in, or the passes). A link with only a hover
 * title sent them there silently, and phones never show a title.
 */
export function ClipLocked({
  text,
  action,
  onClose,
}: {
  text: string;
  action: { to: string; label: string };
  onClose: () => void;
}) {
  return (
    <ClipToolFrame onClose={onClose}>
      <div className={styles.outcomeBlock}>
        <p className={styles.outcomeText}>{text}</p>
        <ButtonLink to={action.to} size="s">
          {action.label}
        </ButtonLink>
      </div>
    </ClipToolFrame>
  );
}

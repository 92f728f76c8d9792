import type { Ref } from 'react';
import { Link } from 'react-router';
import type { PlayerTool } from '../../../components/player-tool';
import { PlayerIcon } from './player-icons';
import styles from './player.module.css';

/**
 * The control-bar button of a tool (the clip cutter): it opens the tool's panel under the player,
 * or, when the viewer cannot use the tool yet, leads where they can (sign-in, passes).
 */
export function ToolButton({
  tool,
  isOpen,
  panelId,
  onToggle,
  ref,
}: {
  tool: PlayerTool;
  isOpen: boolean;
  panelId: string;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const content = (
    <>
      <PlayerIcon name="scissors" />
      <span className={styles.toolLabel}>{tool.label}</span>
    </>
  );
  if (tool.href) {
    return (
      <Link
        to={tool.href}
        className={styles.toolButton}
        title={tool.hrefHint}
        aria-label={tool.label}
      >
        {content}
      </Link>
    );
  }
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.toolButton} ${isOpen ? styles.toolOpen : ''}`}
      aria-expanded={isOpen}
      aria-controls={isOpen ? panelId : undefined}
      aria-label={tool.label}
      onClick={onToggle}
    >
      {content}
    </button>
  );
}

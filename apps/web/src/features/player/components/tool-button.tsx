import type { Ref } from 'react';
import type { PlayerTool } from '../../../components/player-tool';
import { PlayerIcon } from './player-icons';
import styles from './player.module.css';

/**
 * The control-bar button of a tool (the clip cutter): it opens the tool's panel under the player
 * (which, when the viewer cannot use the tool yet, says why and leads where they can).
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

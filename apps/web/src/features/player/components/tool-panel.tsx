import type { PlayerTool, PlayerToolApi } from '../../../components/player-tool';
import styles from './player.module.css';

/** The open tool's panel under the player (the clip cutter's form). */
export function ToolPanel({
  tool,
  id,
  panelRef,
  api,
}: {
  tool: PlayerTool;
  id: string;
  panelRef: (panel: HTMLElement | null) => void;
  api: PlayerToolApi;
}) {
  return (
    <section
      ref={panelRef}
      id={id}
      className={styles.toolPanel}
      tabIndex={-1}
      aria-label={tool.label}
    >
      {tool.render(api)}
    </section>
  );
}

import { useCallback, useId, useState } from 'react';
import type { PlayerTimeline, PlayerTool, SeekRange } from '../../../components/player-tool';
import { fitRange } from '../lib/seek-range';

/** The panel takes the focus (and a phone's scroll) when it opens. */
const focusOnMount = (panel: HTMLElement | null) => panel?.focus();

/**
 * Whether the tool's panel is open and the stretch it marks on the seek bar (on `bar`, the seek
 * bar's window). Closing brings the focus back to the tool's button.
 */
export function usePlayerTool(tool: PlayerTool | null, bar: Pick<PlayerTimeline, 'start' | 'end'>) {
  const [isOpen, setOpen] = useState(false);
  const [range, setRange] = useState<SeekRange | null>(null);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const panelId = useId();
  const open = isOpen && tool !== null;

  const close = useCallback(() => {
    setOpen(false);
    setRange(null);
    button?.focus();
  }, [button]);
  const toggle = useCallback(() => {
    if (open) {
      close();
      return;
    }
    // The panel sits under the player, out of sight in full screen.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setOpen(true);
  }, [open, close]);

  /**
   * Opened with a stretch already chosen (a key moment's clip), kept on the bar (fitRange): live,
   * a moment's seconds after it may not be recorded yet. The panel keeps it.
   */
  const { start, end } = bar;
  const openWith = useCallback(
    (chosen: SeekRange) => {
      setRange(fitRange(chosen, { start, end }));
      setOpen(true);
    },
    [start, end],
  );

  return {
    isOpen: open,
    openWith,
    range: open ? range : null,
    setRange,
    toggle,
    close,
    panelId,
    panelRef: focusOnMount,
    buttonRef: setButton,
  };
}

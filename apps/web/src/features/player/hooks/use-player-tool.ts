import { useCallback, useId, useState } from 'react';
import type { PlayerTool, SeekRange } from '../../../components/player-tool';

/** The panel takes the focus (and a phone's scroll) when it opens. */
const focusOnMount = (panel: HTMLElement | null) => panel?.focus();

/**
 * Whether the tool's panel is open and the stretch it marks on the seek bar. Closing brings the
 * focus back to the tool's button.
 */
export function usePlayerTool(tool: PlayerTool | null) {
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

  /** Opened with a stretch already chosen (a key moment's clip); the panel keeps it. */
  const openWith = useCallback((chosen: SeekRange) => {
    setRange(chosen);
    setOpen(true);
  }, []);

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

import { useEffect, useEffectEvent } from 'react';
import { commandForKey, type PlayerCommand } from '../lib/keyboard';

/** Keys typed into these keep their own meaning (a slider's arrows, a select's letters). */
const OWN_KEYS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** What the shortcut handler reads of a key press, from React (the player) or the page. */
export type PlayerKeyEvent = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'preventDefault'
>;

/**
 * The player's keyboard shortcuts: the returned handler is the player's own onKeyDown. They also
 * work while nothing on the page has the focus (after a click on its text, or on arrival): the
 * player is what the watch page is for. Keys typed into a field, or pressed on another control,
 * keep their own meaning.
 */
export function usePlayerShortcuts(o: {
  /** Off while the ad plays. */
  enabled: boolean;
  /** Whether I/O mark a stretch (a tool with a range is open). */
  canMark: boolean;
  onCommand: (command: PlayerCommand) => void;
}) {
  const onKeyDown = (event: PlayerKeyEvent) => {
    const target = event.target as HTMLElement;
    if (!o.enabled || OWN_KEYS.has(target.tagName)) return;
    const command = commandForKey(event);
    // Space on a focused button presses that button.
    if (!command || (event.key === ' ' && target.tagName === 'BUTTON')) return;
    if (command.type === 'mark' && !o.canMark) return;
    event.preventDefault();
    o.onCommand(command);
  };

  const onPageKey = useEffectEvent((event: KeyboardEvent) => onKeyDown(event));
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.target !== document.body && event.target !== document.documentElement) return;
      onPageKey(event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return onKeyDown;
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** Controls fade out after this long without the pointer or keyboard while the video plays. */
export const CONTROLS_IDLE_MS = 3_000;

export function useIdle(isActive: boolean) {
  const [isIdle, setIdle] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const arm = useCallback(() => {
    clearTimeout(timer.current);
    if (isActive) timer.current = setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
  }, [isActive]);
  useEffect(() => {
    arm();
    return () => clearTimeout(timer.current);
  }, [arm]);
  const wake = useCallback(() => {
    setIdle(false);
    arm();
  }, [arm]);
  return { isIdle: isActive && isIdle, wake };
}

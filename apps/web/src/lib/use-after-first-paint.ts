import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/**
 * False until the screen's first paint is on screen: data that screen does not show (a listing's
 * teams, for its filters) is then asked for after it, not in front of its pictures.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}

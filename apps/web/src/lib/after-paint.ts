// No React here: the entry (main.tsx) uses this before the framework is loaded.

/** After the next frame has been painted (a timer too: a background tab draws no frames). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn
 * (input, rendering). Splits a long start into tasks a phone runs without a long freeze.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

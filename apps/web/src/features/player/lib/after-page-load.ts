/**
 * Runs `run` once the page has loaded (at once if it has) and returns what cancels it. The player
 * uses it for what must not compete with the page's own first paint for the network (the ad).
 */
export function afterPageLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => undefined;
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './after-page-load';

function pageIs(state: DocumentReadyState) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

afterEach(() => vi.restoreAllMocks());

describe('afterPageLoad', () => {
  it('runs at once on a loaded page', () => {
    pageIs('complete');
    const run = vi.fn();
    afterPageLoad(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event on a page still loading, once', () => {
    pageIs('interactive');
    const run = vi.fn();
    afterPageLoad(run);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled (the player left before the page loaded)', () => {
    pageIs('loading');
    const run = vi.fn();
    afterPageLoad(run)();
    window.dispatchEvent(new Event('load'));
    expect(run).not.toHaveBeenCalled();
  });
});

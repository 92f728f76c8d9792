import { afterEach, describe, expect, it, vi } from 'vitest';
import { POSTER_WAIT_MS, startAppPreloads, whenAppMayStart, whenSplashDrawn } from './splash-paint';

function splash(withPoster: boolean): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML =
    '<div id="splash" class="splash">' +
    (withPoster ? '<div class="splash__player"><img class="splash__poster" alt=""></div>' : '') +
    '</div>';
  return doc;
}

/** Whether the promise has settled once the fake clock has moved on by `ms`. */
async function settledAfter(promise: Promise<unknown>, ms: number) {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('whenSplashDrawn', () => {
  it('waits for a frame only, on a page without a poster', async () => {
    vi.useFakeTimers();
    expect(await settledAfter(whenSplashDrawn(splash(false)), 150)).toBe(true);
  });

  it("holds the app until a watch page's poster has loaded", async () => {
    vi.useFakeTimers();
    const doc = splash(true);
    const poster = doc.querySelector('img')!;
    Object.defineProperty(poster, 'complete', { value: false });
    const drawn = whenSplashDrawn(doc);
    expect(await settledAfter(drawn, 300)).toBe(false);
    poster.dispatchEvent(new Event('load'));
    expect(await settledAfter(drawn, 150)).toBe(true);
  });

  it('starts the app all the same when the poster is slow or fails', async () => {
    vi.useFakeTimers();
    const slow = splash(true);
    Object.defineProperty(slow.querySelector('img')!, 'complete', { value: false });
    expect(await settledAfter(whenSplashDrawn(slow), POSTER_WAIT_MS + 150)).toBe(true);
    const failing = splash(true);
    const poster = failing.querySelector('img')!;
    Object.defineProperty(poster, 'complete', { value: false });
    const drawn = whenSplashDrawn(failing);
    poster.dispatchEvent(new Event('error'));
    expect(await settledAfter(drawn, 150)).toBe(true);
  });
});

describe('startAppPreloads', () => {
  it("adds the server's inert preload links to the head, once the entry asks", () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.head.innerHTML =
      '<template id="app-preloads"><link rel="modulepreload" crossorigin href="/assets/boot.js" />' +
      '<link rel="preload" as="style" crossorigin href="/assets/watch.css" /></template>';
    expect(doc.head.querySelectorAll(':scope > link')).toHaveLength(0);
    startAppPreloads(doc);
    const links = [...doc.head.querySelectorAll<HTMLLinkElement>(':scope > link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/boot.js'],
      ['preload', '/assets/watch.css'],
    ]);
    startAppPreloads(document);
  });
});

describe('whenAppMayStart', () => {
  it("starts a returning visitor's app at once, without waiting for the poster", async () => {
    vi.useFakeTimers();
    const doc = splash(true);
    Object.defineProperty(doc.querySelector('img')!, 'complete', { value: false });
    expect(await settledAfter(whenAppMayStart(true, doc), 0)).toBe(true);
  });

  it("holds a first visit's app until the poster has loaded", async () => {
    vi.useFakeTimers();
    const doc = splash(true);
    Object.defineProperty(doc.querySelector('img')!, 'complete', { value: false });
    expect(await settledAfter(whenAppMayStart(false, doc), 300)).toBe(false);
  });
});

import { APP_PRELOADS_ELEMENT_ID } from '@rudy/contracts';
import { afterNextPaint } from '../lib/after-paint';

/**
 * How long the app's start waits for a watch page's poster at most: the poster is small and asked
 * for first, so it usually arrives before the app's code; a slow one must not hold the app.
 */
export const POSTER_WAIT_MS = 600;

/** Until the poster has loaded and been decoded, has failed, or POSTER_WAIT_MS have passed. */
function posterReady(poster: HTMLImageElement): Promise<void> {
  const loaded = poster.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        poster.addEventListener('load', () => resolve(), { once: true });
        poster.addEventListener('error', () => resolve(), { once: true });
      });
  const decoded = loaded.then(() => poster.decode()).catch(() => undefined);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, POSTER_WAIT_MS));
  return Promise.race([decoded, timeout]);
}

/**
 * Until the browser has drawn the splash the server wrote (the channel's name and, on a watch page,
 * the game's poster). Evaluating the app's code is one long task on a phone: started after this,
 * it no longer holds back the page's first paint and its largest picture.
 */
export async function whenSplashDrawn(doc: Document = document): Promise<void> {
  const poster = doc.querySelector<HTMLImageElement>('#splash .splash__poster');
  if (poster) await posterReady(poster);
  await afterNextPaint();
}

/**
 * When the entry may start the app. A first visit waits until the splash is drawn (above), so its
 * poster is the page's first and largest paint. A returning visitor (an API key stored by an
 * earlier visit) starts it at once: they came to watch, and a watch page's stream starts only
 * once the app's code has run; waiting for the poster and a frame cost a fresh-cache visit
 * 200-450 ms of its first frame (issue 14). Their code is often cached, but not after a deploy.
 */
export function whenAppMayStart(returning: boolean, doc: Document = document): Promise<void> {
  return returning ? Promise.resolve() : whenSplashDrawn(doc);
}

/**
 * Starts the downloads of the app's code and its first screen's, which the server listed in an
 * inert template: asked for after the splash (and a watch page's poster) has been drawn, they no
 * longer compete with the first paint, and its picture, for the phone's connection and CPU.
 */
export function startAppPreloads(doc: Document = document) {
  const template = doc.getElementById(APP_PRELOADS_ELEMENT_ID);
  if (template instanceof HTMLTemplateElement) doc.head.append(template.content.cloneNode(true));
}

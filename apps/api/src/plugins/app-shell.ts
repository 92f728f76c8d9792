import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  APP_PRELOADS_ELEMENT_ID,
  EARLY_WATCH_MODULE,
  STARTUP_DATA_ELEMENT_ID,
  type Locale,
} from '@rudy/contracts';
import type { RenderedStartup } from '../modules/channel/startup-data.js';

/** What a link preview (Open Graph, Twitter card) shows of a page. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the preview image. */
  image: string | null;
  /** Absolute URL of the page. */
  url: string;
  type: 'website' | 'video.other';
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function metaTags(meta: PageMeta): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  }
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`)
    .join('\n    ');
}

/**
 * JSON for a `<script type="application/json">` block: `<` (and `>`, `&`) written as \u escapes,
 * so no value (a channel name, a slide title) can close the element or open a comment.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The screens whose code the first paint needs, by path (the router's lazy modules, as the Vite
 * manifest names them): their chunks are announced with modulepreload in the served HTML instead
 * of being discovered after the entry has run. Other paths load as before.
 */
const FIRST_PAINT_MODULES: [RegExp, string[]][] = [
  [/^\/$/, ['src/app/routes/home/home.tsx']],
  [/^\/(live|upcoming|vod)$/, ['src/app/routes/events/$1.tsx']],
  [/^\/watch\/\d+$/, ['src/app/routes/watch/watch.tsx']],
];
const SITE_LAYOUT = 'src/app/routes/root/root-layout.tsx';
/**
 * Lazy modules a path's screen always takes, announced at low priority behind its own code: the
 * watch page's hls.js (a third of its JavaScript) otherwise starts only when the screen's loader
 * runs, and arrives after the playback call in about half the visits (a fresh visit's trace).
 */
const LATER_MODULES: [RegExp, string[]][] = [
  [/^\/watch\/\d+$/, ['../../node_modules/hls.js/dist/hls.light.mjs']],
];

/** Chunks start-up loads by the channel, not the path: texts of a language other than English… */
const LOCALE_TEXTS: Partial<Record<Locale, string>> = { fr: 'src/locales/fr-start-up.ts' };
/** …and the sanitiser of a channel's static blocks (DOMPurify), for a channel that shows them. */
const STATIC_BLOCKS_SANITIZER = 'src/components/ui/sanitize-html.ts';

/** The chunks the start-up of this channel's page loads besides the path's screen. */
export function startupModules(
  startup: Pick<RenderedStartup, 'locale' | 'settings'> | undefined,
): string[] {
  if (!startup) return [];
  const texts = LOCALE_TEXTS[startup.locale];
  return [
    ...(texts ? [texts] : []),
    ...(startup.settings?.static_blocks ? [STATIC_BLOCKS_SANITIZER] : []),
  ];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * modulepreload and style preload links for the app and a path's screen, minus what the entry
 * already loads. Both with `crossorigin`, as Vite's loader later asks for them: the cached copy is
 * then reused.
 */
export function preloadLinks(manifest: Manifest, pathname: string, extra: string[] = []): string {
  const route = FIRST_PAINT_MODULES.find(([pattern]) => pattern.test(pathname));
  const screen = route
    ? [SITE_LAYOUT, ...route[1].map((src) => pathname.replace(route[0], src))]
    : [];
  // The app proper: the entry's dynamic import once the splash is drawn (apps/web/src/main.tsx);
  // not its early start of a returning viewer's game, which it asks for itself when it applies.
  const app = (manifest['index.html']?.dynamicImports ?? []).filter(
    (key) => key !== EARLY_WATCH_MODULE,
  );
  const sources = [...app, ...screen, ...extra];
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  walk('index.html', inEntry);
  const needed = new Set<string>();
  for (const key of sources) walk(key, needed);
  const later = new Set<string>();
  for (const key of LATER_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? []) {
    walk(key, later);
  }
  const links: string[] = [];
  const announce = (key: string, priority: string) => {
    const chunk = manifest[key];
    if (!chunk || inEntry.has(key)) return;
    links.push(`<link rel="modulepreload"${priority} crossorigin href="/${chunk.file}" />`);
    for (const css of chunk.css ?? [])
      links.push(`<link rel="preload" as="style"${priority} crossorigin href="/${css}" />`);
  };
  for (const key of needed) announce(key, '');
  for (const key of later) if (!needed.has(key)) announce(key, ' fetchpriority="low"');
  return links.join('\n    ');
}

/** The build's style sheet links in index.html (the entry's CSS, written there by Vite). */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The entry's style sheets written into the page instead of linked: a link in the head blocks the
 * first paint until it has been fetched (one more round trip on a phone, Lighthouse's
 * render-blocking audit), and they are a few kilobytes. The CSP allows inline styles. A sheet that
 * cannot be read, or that holds `</style` or `</head`, stays a link.
 */
export async function inlineStyleSheets(index: string, distDir: string): Promise<string> {
  let html = index;
  for (const [link, file = ''] of index.matchAll(STYLESHEET_LINK)) {
    const css = await fsp.readFile(path.join(distDir, file), 'utf8').catch(() => null);
    if (css === null || /<\/(style|head)/i.test(css)) continue;
    html = html.replace(link, () => `<style>${css}</style>`);
  }
  return html;
}

const SPLASH_RING = '<div class="splash__ring"></div>';
const SPLASH_OPEN = '<div id="splash" class="splash"';

/**
 * The splash as the server writes it for this page: the channel's name under the ring, so the
 * first paint is text (first contentful paint at the HTML, not after the app's script) and a
 * visitor on a slow phone sees whose site loads. On a watch page, the game's poster too, where
 * the player will be, with the ring over it: the page's largest picture is drawn from the HTML,
 * not after the app has started, taken a key and asked for the game (Lighthouse's LCP).
 */
export function withSplash(
  html: string,
  channelName: string,
  poster: string | null = null,
): string {
  const name = `<p class="splash__name">${escapeAttr(channelName)}</p>`;
  if (!poster) return html.replace(SPLASH_RING, () => `${SPLASH_RING}${name}`);
  const player =
    '<div class="splash__player">' +
    `<img class="splash__poster" src="${escapeAttr(poster)}" alt="" width="1280" height="720" fetchpriority="high" />` +
    `${SPLASH_RING}</div>`;
  return html
    .replace(SPLASH_OPEN, () => `${SPLASH_OPEN.slice(0, -1)} splash--watch"`)
    .replace(SPLASH_RING, () => `${name}${player}`);
}

export interface ShellOptions {
  /** A page's link-preview tags (and its title and description). */
  meta?: PageMeta;
  /** The start-up data of the request's channel (see StartupData). */
  startup?: RenderedStartup;
  /** The path served, for its screen's preload links. */
  pathname?: string;
}

/** What the channel's pages say about themselves when a page says nothing more precise. */
function channelDescription(name: string, locale: string) {
  return locale === 'fr'
    ? `Les matchs de ${name} en direct et en différé.`
    : `Watch ${name} games live and on demand.`;
}

/**
 * The web app's index.html with what a request adds: a page's link-preview tags (chat apps and
 * social sites read them from the HTML and run no script), the channel's start-up data, title,
 * description and language, and preload links for the path's screen. Read from disk per call (it
 * is small, and a rebuilt app is picked up without a restart). null when the web app is not built.
 */
export function createAppShell(distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  // Read again only when index.html changes (a rebuild changes its asset names).
  let manifestFor: { index: string; manifest: Manifest } | null = null;
  let inlinedFor: { index: string; html: string } | null = null;

  /** index.html with its own style sheets inlined (read again only when index.html changes). */
  async function withInlineStyles(index: string): Promise<string> {
    if (inlinedFor?.index === index) return inlinedFor.html;
    const html = await inlineStyleSheets(index, distDir);
    inlinedFor = { index, html };
    return html;
  }

  async function manifestOf(index: string): Promise<Manifest> {
    if (manifestFor?.index === index) return manifestFor.manifest;
    const text = await fsp.readFile(manifestPath, 'utf8').catch(() => '{}');
    const manifest = JSON.parse(text) as Manifest;
    manifestFor = { index, manifest };
    return manifest;
  }

  return {
    async html(meta?: PageMeta, options: Omit<ShellOptions, 'meta'> = {}): Promise<string | null> {
      const index = await fsp.readFile(indexPath, 'utf8').catch(() => null);
      if (index === null) return null;
      const { startup, pathname } = options;
      let html = await withInlineStyles(index);
      const head: string[] = [];
      const channelName = startup?.settings?.channel_name;
      const title = meta?.title ?? channelName;
      const description =
        meta?.description ??
        (channelName ? channelDescription(channelName, startup?.locale ?? 'en') : undefined);
      if (title)
        html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(title)}</title>`);
      if (description) {
        const tag = `<meta name="description" content="${escapeAttr(description)}" />`;
        const existing = /<meta name="description" content="[^"]*" \/>/;
        if (existing.test(html)) html = html.replace(existing, tag);
        else head.push(tag);
      }
      if (channelName) html = withSplash(html, channelName, startup?.poster ?? null);
      if (startup) {
        html = html.replace(/<html lang="[a-z]+"/, `<html lang="${startup.locale}"`);
        head.push(
          `<script type="application/json" id="${STARTUP_DATA_ELEMENT_ID}">${scriptSafeJson(startup.json)}</script>`,
        );
      }
      if (pathname) {
        const links = preloadLinks(await manifestOf(index), pathname, startupModules(startup));
        // Under a watch page's poster (its largest picture, drawn from the HTML) the code waits
        // until the poster is on screen: the entry adds the links then (APP_PRELOADS_ELEMENT_ID).
        // Elsewhere the screen drawn by the code is the largest: it downloads at once.
        if (links && startup?.poster) {
          head.push(`<template id="${APP_PRELOADS_ELEMENT_ID}">${links}</template>`);
        } else if (links) head.push(links);
      }
      if (meta) head.push(metaTags(meta));
      if (head.length === 0) return html;
      return html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
    },
  };
}
export type AppShell = ReturnType<typeof createAppShell>;

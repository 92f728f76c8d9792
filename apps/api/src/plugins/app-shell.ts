import fsp from 'node:fs/promises';
import path from 'node:path';

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
    ['name', 'description', meta.description],
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
 * The web app's index.html, optionally with a page's link-preview tags: chat apps and social sites
 * read them from the HTML and run no script. Read from disk per call (it is small, and a rebuilt
 * app is picked up without a restart). null when the web app is not built.
 */
export function createAppShell(distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  return {
    async html(meta?: PageMeta): Promise<string | null> {
      const html = await fsp.readFile(indexPath, 'utf8').catch(() => null);
      if (html === null || !meta) return html;
      const title = `<title>${escapeAttr(meta.title)}</title>`;
      return html
        .replace(/<title>[^<]*<\/title>/, title)
        .replace('</head>', `    ${metaTags(meta)}\n  </head>`);
    },
  };
}
export type AppShell = ReturnType<typeof createAppShell>;

import DOMPurify from 'dompurify';

/**
 * DOMPurify (11.5 KB gzipped) in a chunk of its own: only channels that show static blocks load it
 * (see safe-html.tsx).
 *
 * Channel-written HTML (static blocks) may carry links and emphasis, never scripts, styles, forms
 * or frames: only these tags and attributes survive DOMPurify. Text without tags renders as text.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'span'];
const ALLOWED_ATTR = ['href', 'title'];

/**
 * A link's first test: an http(s) or mailto address, or a path on this site. Not `//host` nor
 * `/\host`: browsers read a backslash as a slash, so both go to another site. DOMPurify tests the
 * value without its whitespace, which a browser also drops (`/<tab>/host`).
 */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/(?![/\\]))/i;

/**
 * Where a link goes, as the browser's own URL parser reads it against this page: 'site' for a
 * path here, 'away' for another site or an address written in full, null for a link to refuse
 * (a path that leads off the site, whatever spelling got it past the first test).
 */
function linkGoes(href: string): 'site' | 'away' | 'mail' | null {
  let url: URL;
  try {
    url = new URL(href, document.baseURI);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return 'mail';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const writtenInFull = /^\s*https?:/i.test(href);
  if (writtenInFull) return 'away';
  return url.origin === window.location.origin ? 'site' : null;
}

let hooksAdded = false;
function addLinkHook() {
  if (hooksAdded) return;
  hooksAdded = true;
  // A link to another site opens in a new tab without handing it this window or this address
  // (the attributes are set after filtering, so a channel cannot set its own).
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null) return;
    const goes = linkGoes(href);
    if (goes === null) node.removeAttribute('href');
    if (goes === 'away') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeHtml(html: string, tags: readonly string[] = ALLOWED_TAGS): string {
  addLinkHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...tags],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
  });
}

/** What a page's Markdown may become: the blocks' tags plus headings, quotes, code and rules. */
export const PAGE_TAGS = [
  ...ALLOWED_TAGS,
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'del',
] as const;

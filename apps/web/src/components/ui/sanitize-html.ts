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

let hooksAdded = false;
function addLinkHook() {
  if (hooksAdded) return;
  hooksAdded = true;
  // A channel's link to another site opens in a new tab without handing it this window (the
  // attributes are set after filtering, so a channel cannot set its own).
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeHtml(html: string): string {
  addLinkHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
  });
}

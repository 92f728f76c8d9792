import { Marked } from 'marked';
import { PAGE_TAGS, sanitizeHtml } from './sanitize-html';

/*
 * Channel pages are written in Markdown (issue 34). marked turns it into HTML in a chunk of its
 * own, with DOMPurify (sanitize-html.ts), loaded only by the screens that show a page.
 *
 * Two locks: raw HTML in the text is escaped by the renderer, so it shows as the text it is and
 * never becomes markup; what marked makes is then sanitised with the page tag list (links only
 * to http(s), mailto or this site's paths, no attributes but href and title). A `# Title`
 * becomes a level-2 heading: the page's own name is its only h1.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  // Plain-text pages (paragraphs separated by blank lines, single newlines kept) read the same.
  breaks: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    heading({ tokens, depth }) {
      const level = Math.min(Math.max(depth + 1, 2), 4);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // Images are not part of a page's text (and would fetch from anywhere): their words remain.
    image: ({ text }) => escapeHtml(text),
  },
});

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, PAGE_TAGS);
}

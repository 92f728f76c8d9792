import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

/** The rendered HTML as a document fragment, to ask what elements and attributes it holds. */
function dom(markdown: string) {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(markdown);
  return root;
}

describe('renderMarkdown: what an operator writes', () => {
  it('makes paragraphs, emphasis, lists, headings under the page title and links', () => {
    const root = dom(
      '# Rules\n\nA **bold** and *soft* word.\nNext line.\n\n- one\n- two\n\n[Schedule](/schedule) · [League](https://example.org)',
    );
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('Rules');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('soft');
    expect(root.querySelector('br')).not.toBeNull();
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    const [site, away] = [...root.querySelectorAll('a')];
    expect(site?.getAttribute('href')).toBe('/schedule');
    expect(site?.hasAttribute('target')).toBe(false);
    expect(away?.getAttribute('target')).toBe('_blank');
    expect(away?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps plain-text pages as they read: paragraphs split by blank lines', () => {
    const root = dom('First paragraph.\n\nSecond paragraph.');
    expect([...root.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'First paragraph.',
      'Second paragraph.',
    ]);
  });
});

describe('renderMarkdown: what an attacker writes is neutralised', () => {
  it('shows raw HTML as text, never as markup (scripts, handlers, iframes, styles)', () => {
    const root = dom(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nHi <b onclick="alert(3)">there</b> <iframe src="https://evil.example"></iframe> <style>*{}</style>',
    );
    for (const tag of ['script', 'img', 'iframe', 'style', 'b']) {
      expect(root.querySelector(tag)).toBeNull();
    }
    expect(root.querySelector('[onerror],[onclick]')).toBeNull();
    // The operator sees what they typed instead of losing it silently.
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<b onclick="alert(3)">there</b>');
  });

  it('drops javascript:, data: and off-site-path links, keeping their words', () => {
    const root = dom(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<script>x</script>) [d](//evil.example) [e](/\\evil.example) <javascript:alert(1)>',
    );
    for (const a of root.querySelectorAll('a')) {
      const href = a.getAttribute('href');
      if (href === null) continue;
      // What is left is a path on this site (marked writes `/\` as `/%5C`, a path, not a host).
      expect(new URL(href, window.location.href).origin).toBe(window.location.origin);
      expect(href).not.toMatch(/javascript:|data:/i);
    }
    expect(root.textContent).toContain('a');
  });

  it('turns images into their words: no request leaves for an address in the text', () => {
    const root = dom('![tracking pixel](https://evil.example/p.gif "t")');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('tracking pixel');
  });
});

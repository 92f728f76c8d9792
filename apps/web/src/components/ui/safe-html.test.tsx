import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (static blocks)', () => {
  it('keeps text, emphasis and links, drops scripts, handlers, styles and frames', () => {
    const clean = sanitizeHtml(
      '<p>Hi <strong>fans</strong><script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<iframe src="https://evil.test"></iframe><a href="/faq" onclick="x()" style="color:red">FAQ</a></p>',
    );
    expect(clean).toBe('<p>Hi <strong>fans</strong><a href="/faq">FAQ</a></p>');
  });

  it('drops javascript:, data: and protocol-relative links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.test',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  // Issue 30, item 4: browsers read a backslash in a link as a slash, so `/\host` is `//host`.
  it('drops paths a browser reads as another site: backslashes, tabs, newlines, spaces', () => {
    for (const href of [
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/&#92;evil.example',
      '/&#x5C;evil.example',
      '/&#9;/evil.example',
      '/&#10;/evil.example',
      '/&#13;\\evil.example',
      ' //evil.example',
      '&#0;//evil.example',
      '/\\/evil.example/x',
    ]) {
      const clean = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(clean, href).toBe('<a>x</a>');
    }
  });

  it('keeps a path on this site as it is, without a new tab, an encoded backslash included', () => {
    for (const href of ['/faq', '/teams/hawks?tab=games#top', '/%5Cevil.example']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it('gives every link written in full noopener noreferrer, however the scheme is spelled', () => {
    for (const href of [
      'https://league.example',
      'HTTP://league.example/x',
      'https:\\evil.example',
    ]) {
      const clean = sanitizeHtml(`<a href="${href}" rel="opener">x</a>`);
      expect(clean, href).toContain('target="_blank" rel="noopener noreferrer"');
    }
  });

  it('opens links to other sites in a new tab without an opener', () => {
    expect(
      sanitizeHtml('<a href="https://league.example" target="_self" rel="opener">League</a>'),
    ).toBe('<a href="https://league.example" target="_blank" rel="noopener noreferrer">League</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.ca">Mail</a>')).toBe(
      '<a href="mailto:a@b.ca">Mail</a>',
    );
  });

  it('renders plain text as text (a block need not be HTML)', async () => {
    const { container } = render(<SafeHtml html={'Nine teams & 4 schools < 1 league'} />);
    await waitFor(() => expect(container.textContent).toBe('Nine teams & 4 schools < 1 league'));
  });

  it('renders the sanitised HTML once the sanitiser has loaded', async () => {
    const { container } = render(<SafeHtml html={'<b>Hi</b><script>window.x=1</script>'} />);
    await waitFor(() => expect(container.innerHTML).toBe('<div><b>Hi</b></div>'));
    expect(container.querySelector('script')).toBeNull();
  });
});

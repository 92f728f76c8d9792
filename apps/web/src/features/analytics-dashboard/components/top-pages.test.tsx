import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Figures } from '../hooks/use-figures';
import { TopPages } from './top-pages';

const figures = { count: (n: number) => String(n) } as Figures;

describe('top pages', () => {
  it('links a page of the site in a new tab without an opener or a referrer', () => {
    render(<TopPages pages={[{ path: '/live', visits: 3 }]} figures={figures} />);
    const link = screen.getByRole('link', { name: '/live' });
    expect(link.getAttribute('href')).toBe('/live');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  // Any visitor reports the path: one a browser reads as another site is never a link.
  it('shows, never links, a path that would leave the site', () => {
    const paths = ['//evil.example/x', '/\\evil.example', '/\t/evil.example'];
    render(<TopPages pages={paths.map((path) => ({ path, visits: 1 }))} figures={figures} />);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('//evil.example/x')).toBeTruthy();
  });
});

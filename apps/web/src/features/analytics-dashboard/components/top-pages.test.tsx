import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFigures } from '../hooks/use-figures';
import { TopPages } from './top-pages';

function Pages({ paths }: { paths: string[] }) {
  const figures = useFigures();
  return <TopPages pages={paths.map((path, i) => ({ path, visits: 10 - i }))} figures={figures} />;
}

const renderPages = (paths: string[]) =>
  render(
    <MemoryRouter initialEntries={['/admin/analytics']}>
      <Pages paths={paths} />
    </MemoryRouter>,
  );

describe('TopPages', () => {
  it('links this site’s pages inside the site', () => {
    renderPages(['/schedule', '/watch/12']);
    const link = screen.getByRole('link', { name: '/schedule' });
    expect(link.getAttribute('href')).toBe('/schedule');
    // A new tab without an opener or a referrer.
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: '/watch/12' }).getAttribute('href')).toBe('/watch/12');
  });

  it('shows an address of another host as text, never as a link', () => {
    const planted = [
      '//evil.example/phish',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/./\\evil.example',
    ];
    renderPages(planted);
    const table = screen.getByRole('table');
    expect(within(table).queryAllByRole('link')).toEqual([]);
    for (const path of planted) expect(within(table).getByText(path)).toBeTruthy();
    expect(table.querySelector('a')).toBeNull();
  });
});

import type { Slide } from '@rudy/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MenuLink } from './menu-link';
import { SlideContent } from './slide-content';

const leavesWithoutOpener = (link: HTMLElement) => {
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
};

// Issue 30, item 4: every link that leaves the site, whatever the channel marked it.
describe('channel links that leave the site', () => {
  it('a menu item not marked external but pointing elsewhere gets noopener noreferrer', () => {
    for (const url of ['https://league.example/standings', '/\\evil.example']) {
      const { unmount } = render(
        <MemoryRouter>
          <MenuLink item={{ key: 'k', title: 'Standings', url, isExternal: false }} />
        </MemoryRouter>,
      );
      const link = screen.getByRole('link', { name: 'Standings' });
      expect(link.getAttribute('href')).toBe(url);
      leavesWithoutOpener(link);
      unmount();
    }
  });

  it('a menu item on the site stays in the tab', () => {
    render(
      <MemoryRouter>
        <MenuLink item={{ key: 'k', title: 'Live', url: '/live', isExternal: false }} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Live' });
    expect(link.getAttribute('target')).toBeNull();
  });

  it("a slide's link: a path of the site in the tab, anything else in a new one", () => {
    const slide = (link_url: string): Slide => ({
      id: 1,
      slidable_type: 'main',
      slidable_id: null,
      title: 'Final',
      subtitle: null,
      image_url: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      link_url,
      position: 1,
    });
    const { unmount } = render(
      <MemoryRouter>
        <SlideContent slide={slide('/\\evil.example')} isFirst />
      </MemoryRouter>,
    );
    leavesWithoutOpener(screen.getByRole('link'));
    unmount();
    render(
      <MemoryRouter>
        <SlideContent slide={slide('/live')} isFirst />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').getAttribute('target')).toBeNull();
  });
});

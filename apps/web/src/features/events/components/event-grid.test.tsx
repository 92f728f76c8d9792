import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/fixtures';
import { EventGrid } from './event-grid';

describe('EventGrid', () => {
  const games = [
    makeEvent({ id: 1, image_url: 'https://img.example/1.jpg' }),
    makeEvent({ id: 2, image_url: 'https://img.example/2.jpg' }),
    makeEvent({ id: 3, image_url: 'https://img.example/3.jpg' }),
  ];

  it("titles cards one level below the listing's h1, the first image first, the ones in view at once", () => {
    const { container } = render(
      <MemoryRouter>
        <EventGrid events={games} layout="grid" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'auto',
      'auto',
    ]);
  });

  it('puts cards under the day headings when grouped, and one level lower under a section', () => {
    render(
      <MemoryRouter>
        <EventGrid events={games} layout="list" groupByDay headingLevel={3} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(3);
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

describe('SiteHeader menu (phone)', () => {
  it('closes with Escape and gives the focus back to its button', async () => {
    render(
      <MemoryRouter>
        <SiteHeader channelName="Demo" logoUrl={null} items={[]} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The focus moves on into the menu, as a keyboard user's would.
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CookieNotice } from './cookie-notice';

function renderNotice() {
  return render(
    <MemoryRouter>
      <CookieNotice privacyUrl="/privacy_policy" />
    </MemoryRouter>,
  );
}

describe('CookieNotice', () => {
  it('shows until dismissed, and stays dismissed on the next visit', async () => {
    const { unmount } = renderNotice();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy_policy',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(localStorage.getItem('rudy_cookie_consent')).toContain('true');
    unmount();
    renderNotice();
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
  });
});

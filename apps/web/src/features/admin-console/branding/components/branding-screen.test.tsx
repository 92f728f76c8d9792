import { THEME_COLOR_NAMES, type AdminBranding } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import '../../../../locales/admin';
import { BrandingScreen } from './branding-screen';

const TEXT_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><text>NJHL</text></svg>')}`;

const BRANDING: AdminBranding = {
  channel_name: 'NJHL',
  logo_url: TEXT_LOGO,
  time_zone: 'America/Toronto',
  colors: Object.fromEntries(THEME_COLOR_NAMES.map((n) => [n, '#123456'])),
};

function renderScreen() {
  return renderWithApi(<BrandingScreen />, (url, init) =>
    url.pathname === '/api/admin/branding' && init.method === 'PATCH'
      ? json({ ...BRANDING, ...init.json })
      : json(BRANDING),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Branding: the logo', () => {
  it('shows the current logo beside a styled picker, and says it stands in for the name', async () => {
    renderScreen();
    expect(await screen.findByRole('img', { name: 'Current logo' })).toBeTruthy();
    const input = screen.getByLabelText(/Logo \(PNG, JPEG, WebP or SVG/);
    expect(input.getAttribute('type')).toBe('file');
    expect(screen.getByText('Choose a file…')).toBeTruthy();
    expect(screen.getByText(/shows this logo instead of the channel name/)).toBeTruthy();
  });

  it('"Remove logo" falls back to the channel name, in the preview and in what is saved', async () => {
    const fetch = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'Current logo' })).toBeNull();
    const name = screen.getByLabelText('Channel name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Northern Juniors');
    // The preview shows what the site's header will: the name, no logo.
    const preview = screen.getByRole('figure');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.textContent).toContain('Northern Juniors');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/branding').find((c) => c.method === 'PATCH')?.body,
      ).toMatchObject({
        channel_name: 'Northern Juniors',
        logo_url: null,
      }),
    );
  });
});

describe('Branding: the time zone', () => {
  it('is chosen from the list of zones, the current one selected, and saved', async () => {
    const fetch = renderScreen();
    const zone = await screen.findByLabelText<HTMLSelectElement>('Channel time zone');
    expect(zone.tagName).toBe('SELECT');
    expect(zone.value).toBe('America/Toronto');
    expect([...zone.options].map((o) => o.value)).toContain('America/Vancouver');
    await userEvent.selectOptions(zone, 'America/Vancouver');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/branding').find((c) => c.method === 'PATCH')?.body,
      ).toMatchObject({ time_zone: 'America/Vancouver' }),
    );
  });
});

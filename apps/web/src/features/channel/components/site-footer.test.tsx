import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeBootstrap } from '../../../test/fixtures';
import { SiteFooter } from './site-footer';

/** The footer after the channel was renamed: the about block still carries the old name. */
function renderRenamed(logo: string | null) {
  const settings = { ...makeBootstrap().settings, channel_name: 'Lynx League', logo_url: logo };
  const about = {
    id: 1,
    alias: 'footer_about',
    title: 'Northern Junior Hockey League',
    content: 'Student-produced broadcasts.',
  };
  return render(
    <MemoryRouter>
      <SiteFooter settings={settings} items={[]} about={about} />
    </MemoryRouter>,
  );
}

describe('SiteFooter after a rename', () => {
  it('says the channel’s new name, never the old one the block kept', async () => {
    const { container } = renderRenamed(null);
    expect(await screen.findByText('Student-produced broadcasts.')).toBeTruthy();
    expect(container.textContent).toContain('Lynx League');
    expect(container.textContent).not.toContain('Northern Junior Hockey League');
  });

  it('names the channel under its logo too', async () => {
    const { container } = renderRenamed('/logo.png');
    expect(screen.getByRole('heading', { name: 'Lynx League' })).toBeTruthy();
    expect(await screen.findByText('Student-produced broadcasts.')).toBeTruthy();
    expect(container.textContent).not.toContain('Northern Junior Hockey League');
  });
});

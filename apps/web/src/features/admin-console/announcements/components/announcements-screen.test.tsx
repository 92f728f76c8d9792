import type { AdminAnnouncement, AdminAnnouncementPreview } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLocale } from '../../../../lib/i18n';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import '../../../../locales/admin-announcements';
import { AnnouncementsScreen } from './announcements-screen';

const PREVIEW: AdminAnnouncementPreview = {
  recipients: 2,
  en: { subject: 'Playoffs · Demo', html: '<p>Hi, playoffs</p>', text: 'Hi' },
  fr: { subject: 'Séries · Démo', html: '<p>Bonjour, séries</p>', text: 'Bonjour' },
};
const SENT: AdminAnnouncement = {
  id: 7,
  segment: 'team',
  target_id: 3,
  subject_en: 'Playoffs',
  subject_fr: 'Séries',
  created_at: '2026-12-02T12:00:00.000Z',
  recipients: 2,
  sent: 1,
  pending: 1,
};

const handler = (url: URL, init: RequestInit) => {
  if (url.pathname === '/api/admin/announcements' && init.method === 'POST') return json(SENT);
  if (url.pathname === '/api/admin/announcements') return json({ data: [SENT] });
  if (url.pathname === '/api/admin/announcements/preview') return json(PREVIEW);
  if (url.pathname === '/api/admin/teams')
    return json({ data: [{ id: 3, name: 'Wolves', short_name: 'WOL', games: 4 }] });
  if (url.pathname === '/api/admin/passes') return json({ data: [] });
  return json({}, 404);
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

async function fill() {
  await userEvent.selectOptions(
    await screen.findByLabelText('Team'),
    await screen.findByRole('option', { name: 'Wolves' }),
  );
  await userEvent.type(screen.getByLabelText('Subject (English)'), 'Playoffs');
  await userEvent.type(screen.getByLabelText('Message (English)'), 'Friday at 7');
  await userEvent.type(screen.getByLabelText('Subject (French)'), 'Séries');
  await userEvent.type(screen.getByLabelText('Message (French)'), 'Vendredi à 19 h');
}

describe('Announcements', () => {
  it('sends only after a preview of both languages, with the form’s one request id', async () => {
    const fetch = renderWithApi(<AnnouncementsScreen />, handler);
    expect(await screen.findByText('Playoffs')).toBeTruthy();
    expect(screen.getByText(/1 of 2 sent/)).toBeTruthy();
    // Nothing filled in: the preview shows the contract's messages and asks nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(callsTo(fetch, '/api/admin/announcements/preview')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();

    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('It will go to 2 viewers.')).toBeTruthy();
    expect(screen.getByTitle('Preview · EN').getAttribute('srcdoc')).toContain('Hi, playoffs');
    expect(screen.getByTitle('Preview · FR').getAttribute('srcdoc')).toContain('Bonjour, séries');
    expect(screen.getByTitle('Preview · FR').getAttribute('sandbox')).toBe('');
    expect(callsTo(fetch, '/api/admin/announcements/preview')[0]?.body).toMatchObject({
      segment: 'team',
      target_id: 3,
      subject_fr: 'Séries',
    });

    // A change to the text needs a new preview.
    await userEvent.type(screen.getByLabelText('Subject (English)'), '!');
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const send = await screen.findByRole('button', { name: 'Send to 2 viewers' });
    await userEvent.click(send);
    expect(await screen.findByText('The announcement is on its way.')).toBeTruthy();
    const posts = callsTo(fetch, '/api/admin/announcements').filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ subject_en: 'Playoffs!', body_fr: 'Vendredi à 19 h' });
    expect(String(posts[0]?.body?.request_id)).toMatch(/^[\w-]{8,}$/);
  });

  it('offers no Send when nobody in the group can get the mail', async () => {
    const fetch = renderWithApi(<AnnouncementsScreen />, (url, init) =>
      url.pathname === '/api/admin/announcements/preview'
        ? json({ ...PREVIEW, recipients: 0 })
        : handler(url, init),
    );
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('It will go to 0 viewers.')).toBeTruthy();
    expect(screen.getByText(/Nobody in this group can get it yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
    expect(
      callsTo(fetch, '/api/admin/announcements').filter((c) => c.method === 'POST'),
    ).toHaveLength(0);
  });

  it('speaks French', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    renderWithApi(<AnnouncementsScreen />, handler);
    expect(await screen.findByRole('heading', { name: 'Annonces' })).toBeTruthy();
    expect(screen.getByLabelText('Objet (français)')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Les partisans d’une équipe' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Séries')).toBeTruthy());
  });
});

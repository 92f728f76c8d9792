import type { AdminTeamMembers, AdminViewer, AdminViewerList } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import '../../../../locales/admin';
import { PeopleScreen } from './people-screen';

const VIEWERS: AdminViewerList = {
  data: [
    {
      id: 7,
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      role: 'viewer',
      blocked: true,
      created_at: '2026-01-02T10:00:00.000Z',
    },
    {
      id: 8,
      email: 'boss@example.com',
      first_name: '',
      last_name: '',
      role: 'admin',
      blocked: false,
      created_at: '2026-01-03T10:00:00.000Z',
    },
  ],
  meta: { total: 2, offset: 0, limit: 25 },
};

const ANN: AdminViewer = {
  ...VIEWERS.data[0]!,
  email_verified: true,
  language: 'en',
  capabilities: ['watch'],
  passes: [
    {
      order_id: 31,
      type: 'package',
      name: 'Season pass',
      status: 'paid',
      active: true,
      amount_cents: 4900,
      currency: 'USD',
      bought_at: '2026-01-05T10:00:00.000Z',
      ends_at: null,
    },
  ],
  subscriptions: [],
};

const TEAM: AdminTeamMembers = {
  admins: [
    { id: 1, email: 'me@example.com', first_name: 'Me', last_name: 'Self', is_you: true },
    { id: 2, email: 'co@example.com', first_name: '', last_name: '', is_you: false },
  ],
  invitations: [
    {
      id: 5,
      email: 'new@example.com',
      invited_by: 'me@example.com',
      created_at: '2026-01-05T10:00:00.000Z',
      expires_at: '2026-01-08T10:00:00.000Z',
    },
  ],
};

function renderScreen() {
  return renderWithApi(<PeopleScreen />, (url, init) => {
    if (url.pathname === '/api/admin/viewers') return json(VIEWERS);
    if (url.pathname === '/api/admin/viewers/7') return json(ANN);
    if (url.pathname === '/api/admin/admins') return json(TEAM);
    if (init.method === 'DELETE') return json({});
    return json({}, 404);
  });
}

afterEach(() => vi.unstubAllGlobals());

const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('People: viewers', () => {
  it('lists each viewer by name (or e-mail) with badges, and opens one’s holdings', async () => {
    renderScreen();
    expect(await screen.findByText('2 people')).toBeTruthy();
    // One is a person, not "1 people".
    expect(i18n.t('admin-people:viewers.count', { count: 1 })).toBe('1 person');
    const [ann, boss] = rows(screen.getByRole('list'));
    expect(ann!.querySelector('strong')?.textContent).toBe('Ann Lee Blocked');
    expect(ann!.textContent).toContain('ann@example.com');
    expect(boss!.querySelector('strong')?.textContent).toBe('boss@example.com Admin');
    await userEvent.click(within(ann!).getByRole('button', { name: 'Details' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    const pass = rows(screen.getByRole('list'))[0]!;
    expect(pass.querySelector('strong')?.textContent).toBe('Season pass');
    expect(pass.textContent).toContain('$49.00');
    expect(pass.textContent).toContain('in force');
    expect(within(pass).queryByRole('button')).toBeNull();
    // No subscription: the list's place says so.
    expect(screen.getAllByText('None.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByText('2 people')).toBeTruthy();
  });
});

describe('People: admins', () => {
  it('lists the admins (you marked) and the invitations waiting, each with its button', async () => {
    const fetch = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Admins' }));
    await screen.findByText('Invitations waiting');
    // The invite form's button says what it does.
    expect(screen.getByRole('button', { name: 'Send the invitation' })).toBeTruthy();
    const [admins, invitations] = screen.getAllByRole('list');
    const [me, co] = rows(admins!);
    expect(me!.querySelector('strong')?.textContent).toBe('Me Self (you)');
    expect(co!.querySelector('strong')?.textContent).toBe('co@example.com');
    expect(within(co!).getByRole('button', { name: 'Remove' })).toBeTruthy();
    const [invite] = rows(invitations!);
    expect(invite!.querySelector('strong')?.textContent).toBe('new@example.com');
    expect(invite!.textContent).toContain('by me@example.com · expires');
    await userEvent.click(within(invite!).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/admins/invitations/5')[0]?.method).toBe('DELETE'),
    );
  });
});

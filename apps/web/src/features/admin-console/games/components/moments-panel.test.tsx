import type { AdminMoment, AdminReel } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import { MomentsPanel } from './moments-panel';
import { ReelsPanel } from './reels-panel';

/* Issue 35 in the console: a game's moments (mark, relabel, remove) and the reels to approve. */

afterEach(() => vi.unstubAllGlobals());

const roar: AdminMoment = {
  id: 4,
  at_seconds: 95,
  kind: 'detected',
  label: null,
  confidence: 0.7,
  created_by: null,
  is_edited: false,
  created_at: '2026-12-01T20:00:00.000Z',
};

describe('MomentsPanel', () => {
  it('marks a moment with its label, relabels and removes a detected one', async () => {
    let moments: AdminMoment[] = [roar];
    const fetch = renderWithApi(<MomentsPanel gameId={7} />, (url, init) => {
      if (url.pathname === '/api/admin/games/7/moments' && init.method === 'POST') {
        const made = { ...roar, id: 5, at_seconds: 130, kind: 'marked' as const, label: 'Goal' };
        moments = [...moments, made];
        return json(made);
      }
      if (url.pathname === '/api/admin/games/7/moments') return json({ moments });
      if (url.pathname === '/api/admin/moments/4' && init.method === 'PATCH') {
        return json({ ...roar, label: 'Save', is_edited: true });
      }
      if (url.pathname === '/api/admin/moments/4' && init.method === 'DELETE') {
        moments = moments.filter((m) => m.id !== 4);
        return json({ id: 4, deleted: true });
      }
      return json({}, 404);
    });
    const label = await screen.findByLabelText('Label of the moment at 1:35');
    await userEvent.selectOptions(screen.getByLabelText('Label of the next mark'), 'Goal');
    await userEvent.click(screen.getByRole('button', { name: 'Mark moment' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/games/7/moments').find((c) => c.method === 'POST')?.body,
      ).toMatchObject({ label: 'Goal' }),
    );
    expect(await screen.findByLabelText('Label of the moment at 2:10')).toBeTruthy();

    await userEvent.type(label, 'Save');
    const row = within(label.closest('li')!);
    await userEvent.click(row.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/moments/4').find((c) => c.method === 'PATCH')?.body,
      ).toMatchObject({ label: 'Save' }),
    );
    await userEvent.click(row.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByLabelText('Label of the moment at 1:35')).toBeNull());
  });

  it('says the game is not live when "Mark moment" needs a time', async () => {
    renderWithApi(<MomentsPanel gameId={7} />, (url, init) => {
      if (init.method === 'POST') {
        return json(
          { code: 'validation_failed', message: 'at_seconds: the game is not live' },
          400,
        );
      }
      if (url.pathname === '/api/admin/games/7/moments') return json({ moments: [] });
      return json({}, 404);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark moment' }));
    expect(await screen.findByText(/The game is not live/)).toBeTruthy();
  });
});

const reel: AdminReel = {
  event_id: 7,
  event_name: 'Lynx @ Wolves',
  status: 'pending',
  vod_item_id: 31,
  moments: 5,
  duration_seconds: 50,
  created_at: '2026-12-01T22:00:00.000Z',
};

describe('ReelsPanel', () => {
  it('turns approval on, and approves or discards the reels waiting', async () => {
    let pending: AdminReel[] = [reel, { ...reel, event_id: 8, event_name: 'Owls @ Wolves' }];
    let waits = false;
    const fetch = renderWithApi(<ReelsPanel />, (url, init) => {
      if (url.pathname === '/api/admin/reel-settings' && init.method === 'PATCH') {
        waits = init.json?.reels_need_approval === true;
      }
      if (url.pathname === '/api/admin/reel-settings') return json({ reels_need_approval: waits });
      if (url.pathname === '/api/admin/reels') return json({ reels: pending });
      const decided = /^\/api\/admin\/games\/(\d+)\/reel\/(approve|discard)$/.exec(url.pathname);
      if (decided && init.method === 'POST') {
        pending = pending.filter((r) => r.event_id !== Number(decided[1]));
        return json({ ...reel, status: decided[2] === 'approve' ? 'published' : 'discarded' });
      }
      return json({}, 404);
    });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: /Reels wait for my approval/,
    });
    await waitFor(() => expect(box.disabled).toBe(false));
    await userEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(
      callsTo(fetch, '/api/admin/reel-settings').find((c) => c.method === 'PATCH')?.body,
    ).toMatchObject({ reels_need_approval: true });

    const list = within(await screen.findByRole('list', { name: 'Reels waiting for approval' }));
    expect(list.getAllByText('5 moments · 0:50')).toHaveLength(2);
    const first = within(list.getByText('Lynx @ Wolves').closest('li')!);
    await userEvent.click(first.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByText('Lynx @ Wolves')).toBeNull());
    const second = within(screen.getByText('Owls @ Wolves').closest('li')!);
    await userEvent.click(second.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(/No reel is waiting/)).toBeTruthy();
    expect(callsTo(fetch, '/api/admin/games/7/reel/approve')).toHaveLength(1);
    expect(callsTo(fetch, '/api/admin/games/8/reel/discard')).toHaveLength(1);
  });
});

import type { AdminLiveHealth, AdminLiveIngest } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../../lib/api-client';
import { i18n, loadLocale } from '../../../../lib/i18n';
import { createQueryClient } from '../../../../lib/query-client';
import { STORAGE_KEYS, setItem } from '../../../../lib/storage';
import { TEST_CONFIG, json, mockFetch } from '../../../../test/fetch-mock';
import { LivePanel } from './live-panel';
import { StreamHealthView } from './stream-health';

/** What the ingest measured of ffmpeg publishing 320x180 at 15 fps, a keyframe every 10 s. */
const measured: AdminLiveHealth = {
  event_id: 7,
  online: true,
  measured_at: '2026-12-02T19:00:10.000Z',
  window_s: 10,
  video: {
    codec: 'h264',
    width: 320,
    height: 180,
    frame_rate: 15,
    keyframe_interval_s: 10,
    bitrate_kbps: 420,
  },
  audio: { codec: 'aac', sample_rate: 44_100, channels: 1, bitrate_kbps: 64 },
  claimed: {
    encoder: 'Lavf61.7.100',
    width: 320,
    height: 180,
    frame_rate: 15,
    video_kbps: null,
    audio_kbps: 62.5,
  },
  dropped_frames: 3,
  late_frames: 0,
  last_drop: null,
  warnings: [
    {
      code: 'keyframes_far_apart',
      measured: 10,
      codec: null,
      obs: { setting: 'keyframe_interval', value: '2' },
    },
    {
      code: 'resolution_low',
      measured: 180,
      codec: null,
      obs: { setting: 'output_resolution', value: '1280x720' },
    },
  ],
};

const onAir: AdminLiveIngest = {
  event_id: 7,
  enabled: true,
  ingest_url: 'rtmp://tv.example.test:1935/live',
  has_key: true,
  key_created_at: '2026-12-02T18:00:00.000Z',
  stream_key: null,
  online: true,
  since: '2026-12-02T19:00:00.000Z',
  bitrate_kbps: 484,
  last_drop: null,
};

const row = (label: string) => screen.getByText(label).closest('div')?.textContent ?? '';

beforeEach(async () => {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('StreamHealthView', () => {
  it('shows what the encoder sends, and each misfit with the OBS setting that fixes it', () => {
    render(<StreamHealthView health={measured} />);
    expect(row('Video')).toContain('320×180 · 15 fps · H.264 · 420 kb/s');
    expect(row('Keyframes')).toContain('every 10 s');
    expect(row('Audio')).toContain('AAC · 44.1 kHz · mono · 64 kb/s');
    expect(row('Frames')).toContain('3 dropped, 0 late');
    expect(row('Encoder')).toContain('Lavf61.7.100 · says 320×180 · 15 fps');
    const warnings = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(warnings).toEqual([
      'Keyframes every 10 s: too far apart (each viewer and each reconnection waits for one). In OBS: Settings → Output → Streaming → Keyframe Interval: 2 s.',
      'The picture is 180 lines high: the 720p rendition is stretched from it. In OBS: Settings → Video → Output (Scaled) Resolution: 1280x720.',
    ]);
  });

  it('says so when the input fits, and that it is measuring before the first frame', () => {
    const { rerender } = render(<StreamHealthView health={{ ...measured, warnings: [] }} />);
    expect(screen.getByText('The input fits the live ladder.')).toBeTruthy();
    rerender(<StreamHealthView health={{ ...measured, video: null, audio: null, warnings: [] }} />);
    expect(screen.getByText('Measuring what the encoder sends…')).toBeTruthy();
  });

  it('speaks French', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    render(<StreamHealthView health={{ ...measured, audio: null }} />);
    expect(row('Images clés')).toContain('toutes les 10 s');
    expect(row('Audio')).toContain('aucun son reçu');
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain(
      'Dans OBS : Paramètres → Sortie → Streaming → Intervalle d’images clés : 2 s.',
    );
  });
});

describe('LivePanel on air', () => {
  it('polls the stream health endpoint and shows its figures and warnings', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        asked.push(url.pathname);
        if (url.pathname === '/api/admin/games/7/live') return json(onAir);
        if (url.pathname === '/api/admin/games/7/live/health') return json(measured);
        return json({}, 404);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LivePanel gameId={7} />
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: 'Stream health' });
    expect(await within(section).findByText(/Keyframes every 10 s/)).toBeTruthy();
    expect(within(section).getByText('320×180 · 15 fps · H.264 · 420 kb/s')).toBeTruthy();
    expect(asked).toContain('/api/admin/games/7/live/health');
  });

  it('asks nothing of the stream health off air', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        asked.push(url.pathname);
        if (url.pathname === '/api/admin/games/7/live')
          return json({ ...onAir, online: false, since: null, bitrate_kbps: null });
        return json(measured);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LivePanel gameId={7} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Off air')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Stream health' })).toBeNull();
    expect(asked).not.toContain('/api/admin/games/7/live/health');
  });
});

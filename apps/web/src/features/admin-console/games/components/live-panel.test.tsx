import type { AdminLiveIngest } from '@rudy/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveStatus } from './live-panel';

const onAir: AdminLiveIngest = {
  event_id: 1,
  enabled: true,
  ingest_url: 'rtmp://example.test/live',
  has_key: true,
  key_created_at: '2026-11-24T15:00:00.000Z',
  stream_key: null,
  online: true,
  since: '2026-11-24T15:10:00.000Z',
  bitrate_kbps: null,
  last_drop: null,
};

describe('LiveStatus', () => {
  it('says the bitrate is being measured, not 0, before the server has a figure', () => {
    render(<LiveStatus live={onAir} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('On air');
    expect(status.textContent).toContain('measuring bitrate…');
    expect(status.textContent).not.toMatch(/\d kb\/s/);
  });

  it('shows the figure once there is one, and nothing of it off air', () => {
    const { rerender } = render(<LiveStatus live={{ ...onAir, bitrate_kbps: 2_450 }} />);
    expect(screen.getByRole('status').textContent).toContain('2,450 kb/s');
    rerender(<LiveStatus live={{ ...onAir, online: false, since: null }} />);
    expect(screen.getByRole('status').textContent).not.toContain('kb/s');
    expect(screen.getByRole('status').textContent).not.toContain('measuring');
  });

  it('says when and why the server last dropped the encoder', () => {
    render(
      <LiveStatus
        live={{
          ...onAir,
          online: false,
          since: null,
          last_drop: { reason: 'idle', at: '2026-11-24T15:20:00.000Z' },
        }}
      />,
    );
    expect(screen.getByText(/Last dropped/).textContent).toContain(
      'the encoder sent nothing for a while',
    );
  });
});

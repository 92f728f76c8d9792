import { describe, expect, it } from 'vitest';
import { RAW_KIND, type RawRow } from './datalake-rows.js';
import { estimate } from './hll.js';
import { rollUp, rollupAccumulator } from './rollup.js';

const row = (at: string, over: Partial<RawRow>): RawRow => ({
  received_at: new Date(at),
  channel_id: 1,
  kind: RAW_KIND.viewing,
  name: null,
  session_uuid: 's1',
  video_view_uuid: '00000000-0000-4000-8000-000000000001',
  user_id: null,
  stream_id: 7,
  stream_type: 'live',
  value: 30,
  data: {},
  ...over,
});

describe('rolling up a batch', () => {
  const rows = [
    // 23:30 in Toronto on the 14th, 04:30 UTC on the 15th.
    row('2026-01-15T04:30:00Z', { data: { sport: 'Hockey', school: 'North' } }),
    row('2026-01-15T05:10:00Z', { data: { sport: 'Hockey', school: '' } }),
    row('2026-01-15T05:20:00Z', {
      kind: RAW_KIND.videoEvent,
      name: 'first_frame',
      value: 650,
      user_id: 9,
    }),
    row('2026-01-15T05:25:00Z', { kind: RAW_KIND.videoEvent, name: 'pause', value: null }),
    row('2026-01-15T05:40:00Z', {
      kind: RAW_KIND.event,
      name: 'visit_page',
      stream_id: null,
      stream_type: null,
      data: { path: '/live' },
    }),
  ];
  const r = rollUp(rows, () => 'America/Toronto');

  it('files rows under UTC hours and the channel’s days', () => {
    expect(r.watch.map((w) => [w.hour.toISOString(), w.seconds])).toEqual([
      ['2026-01-15T04:00:00.000Z', 30],
      ['2026-01-15T05:00:00.000Z', 30],
    ]);
    expect(r.daily.streams.map((s) => [s.day, s.views, s.seconds])).toEqual([
      ['2026-01-14', 0, 30],
      ['2026-01-15', 1, 30],
    ]);
    expect(r.daily.dims).toEqual([
      expect.objectContaining({ day: '2026-01-14', dim: 'sport', value: 'Hockey', seconds: 30 }),
      expect.objectContaining({ day: '2026-01-14', dim: 'school', value: 'North', seconds: 30 }),
      expect.objectContaining({ day: '2026-01-15', dim: 'sport', value: 'Hockey', seconds: 30 }),
    ]);
    expect(r.daily.pages).toEqual([{ channel_id: 1, day: '2026-01-15', path: '/live', visits: 1 }]);
  });

  it('counts a first frame as a view with its time and its viewer; a pause ends presence', () => {
    expect(r.views).toEqual([expect.objectContaining({ stream_id: 7, views: 1 })]);
    expect(r.firstFrames).toEqual([expect.objectContaining({ bucket: 6, samples: 1 })]);
    expect(r.viewers.map((v) => estimate(v.sketch))).toEqual([1]);
    // The heartbeats and the first frame keep the view present; the pause does not move it on.
    expect(r.presence).toEqual([
      expect.objectContaining({ last_seen: new Date('2026-01-15T05:20:00Z') }),
    ]);
  });

  it('sums the same when given a part at a time (the writer yields between parts)', () => {
    // Two channels and slots interleaved, so the per-slot keys are worked out again and again.
    const mixed = [
      ...rows,
      row('2026-01-15T04:35:00Z', { channel_id: 2, data: { sport: 'Hockey' } }),
      row('2026-01-15T04:31:00Z', { data: { sport: 'Hockey', school: 'North' } }),
      row('2026-01-15T05:41:00Z', { channel_id: 2, video_view_uuid: 'v2', value: 12 }),
    ];
    const zone = (channel: number) => (channel === 1 ? 'America/Toronto' : 'Europe/Paris');
    const parts = rollupAccumulator(zone);
    for (let i = 0; i < mixed.length; i += 2) parts.add(mixed.slice(i, i + 2));
    expect(parts.result()).toEqual(rollUp(mixed, zone));
    expect(rollUp(mixed, zone).watch.map((w) => [w.channel_id, w.seconds])).toEqual([
      [1, 60],
      [1, 30],
      [2, 30],
      [2, 12],
    ]);
  });
});

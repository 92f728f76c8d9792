import type { AdminUpload } from '@rudy/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeUpload, createUpload, getUpload, sendChunk } from '../api/uploads';
import { useResumableUpload } from './use-resumable-upload';

vi.mock('../api/uploads', () => ({
  createUpload: vi.fn(),
  getUpload: vi.fn(),
  sendChunk: vi.fn(),
  completeUpload: vi.fn(),
}));

const MiB = 1024 ** 2;
const SIZE = 5 * MiB;
const target = { kind: 'game', event_id: 7 } as const;
const video = (lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(SIZE)], 'final.mp4', { type: 'video/mp4', lastModified });

const upload = (over: Partial<AdminUpload>): AdminUpload => ({
  id: 'u1',
  target: 'game',
  event_id: 7,
  vod_item_id: null,
  file_name: 'final.mp4',
  content_type: 'video/mp4',
  size_bytes: SIZE,
  offset_bytes: 0,
  status: 'uploading',
  progress: 0,
  error: null,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  vi.mocked(sendChunk).mockReset();
});

describe('useResumableUpload across a reload', () => {
  it('goes on from the server offset when the same file is picked again, and creates nothing', async () => {
    vi.mocked(createUpload).mockResolvedValue(upload({}));
    // The first page sends one chunk, then the tab is closed while the second is on its way.
    vi.mocked(sendChunk)
      .mockResolvedValueOnce(4 * MiB)
      .mockReturnValueOnce(new Promise(() => undefined));
    const first = renderHook(() => useResumableUpload(vi.fn()));
    act(() => first.result.current.start(video(), target));
    await waitFor(() => expect(sendChunk).toHaveBeenCalledTimes(2));
    first.unmount();

    // After the reload: the server holds 4 MiB of it.
    vi.mocked(getUpload).mockResolvedValue(upload({ offset_bytes: 4 * MiB }));
    vi.mocked(sendChunk).mockReset().mockResolvedValueOnce(SIZE);
    vi.mocked(completeUpload).mockResolvedValue(upload({ status: 'queued', offset_bytes: SIZE }));
    const completed = vi.fn();
    const second = renderHook(() => useResumableUpload(completed));
    act(() => second.result.current.start(video(), target));
    await waitFor(() => expect(completed).toHaveBeenCalledTimes(1));
    expect(createUpload).toHaveBeenCalledTimes(1);
    expect(getUpload).toHaveBeenCalledWith('u1');
    expect(vi.mocked(sendChunk).mock.calls.map((c) => [c[0], c[1]])).toEqual([['u1', 4 * MiB]]);

    // Completed: the same file again is a new upload.
    vi.mocked(createUpload)
      .mockClear()
      .mockResolvedValue(upload({ id: 'u2' }));
    vi.mocked(sendChunk)
      .mockReset()
      .mockReturnValue(new Promise(() => undefined));
    const third = renderHook(() => useResumableUpload(vi.fn()));
    act(() => third.result.current.start(video(), target));
    await waitFor(() => expect(createUpload).toHaveBeenCalledTimes(1));
    third.unmount();
  });

  it('starts a new upload for another file, or when the server no longer takes the old one', async () => {
    vi.mocked(createUpload)
      .mockReset()
      .mockResolvedValue(upload({ id: 'u3' }));
    vi.mocked(sendChunk).mockReturnValue(new Promise(() => undefined));
    const first = renderHook(() => useResumableUpload(vi.fn()));
    act(() => first.result.current.start(video(1), target));
    await waitFor(() => expect(sendChunk).toHaveBeenCalledTimes(1));
    first.unmount();

    // The same name and size, modified since: another file.
    vi.mocked(getUpload).mockClear();
    vi.mocked(createUpload).mockResolvedValue(upload({ id: 'u4' }));
    const second = renderHook(() => useResumableUpload(vi.fn()));
    act(() => second.result.current.start(video(2), target));
    await waitFor(() => expect(createUpload).toHaveBeenCalledTimes(2));
    expect(getUpload).not.toHaveBeenCalled();
    second.unmount();

    // The first file again, but its upload expired on the server.
    vi.mocked(getUpload).mockResolvedValue(upload({ id: 'u3', status: 'expired' }));
    vi.mocked(createUpload).mockResolvedValue(upload({ id: 'u5' }));
    const third = renderHook(() => useResumableUpload(vi.fn()));
    act(() => third.result.current.start(video(1), target));
    await waitFor(() => expect(createUpload).toHaveBeenCalledTimes(3));
    expect(getUpload).toHaveBeenCalledWith('u3');
    third.unmount();
  });
});

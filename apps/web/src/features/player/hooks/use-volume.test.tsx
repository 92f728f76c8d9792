import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveVolume } from '../lib/volume-store';
import { useVolume } from './use-volume';

afterEach(() => localStorage.clear());

describe('useVolume', () => {
  it('gives a new video the remembered volume and mute', () => {
    saveVolume({ volume: 0.4, muted: true });
    const video = document.createElement('video');
    renderHook(() => useVolume(video));
    expect(video.volume).toBeCloseTo(0.4);
    expect(video.muted).toBe(true);
  });

  it('never unmutes a video the autoplay policy made play silent (the browser would pause it)', () => {
    saveVolume({ volume: 0.7, muted: false });
    const video = document.createElement('video');
    video.muted = true; // the splash's video, started muted because sound was refused
    renderHook(() => useVolume(video));
    expect(video.muted).toBe(true);
    expect(video.volume).toBeCloseTo(0.7);
  });
});

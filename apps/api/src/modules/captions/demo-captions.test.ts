import { describe, expect, it } from 'vitest';
import { demoCaptionsVtt } from './demo-captions.js';
import { checkWebVtt } from './webvtt.js';

const picture = (goals: { atSeconds: number; team: 'home' | 'away' }[]) => ({
  home: { code: 'HAW', color: '#1d4f91' },
  away: { code: 'OWL', color: '#b83280' },
  goals,
});

describe('demoCaptionsVtt', () => {
  it('is a valid WebVTT file wherever the goals fall, in both languages', () => {
    // Every second of a 30 s demo game, the last ones too (after the end card's cue starts).
    for (let at = 0; at < 30; at += 0.5) {
      for (const lang of ['en', 'fr'] as const) {
        const vtt = demoCaptionsVtt(picture([{ atSeconds: at, team: 'away' }]), 30, lang);
        expect(() => checkWebVtt(vtt), `goal at ${at} s (${lang})`).not.toThrow();
      }
    }
  });

  it('lists the face-off, each goal and the end in order of time', () => {
    const vtt = demoCaptionsVtt(
      picture([
        { atSeconds: 28, team: 'home' },
        { atSeconds: 12, team: 'away' },
      ]),
      30,
      'en',
    );
    expect(checkWebVtt(vtt).cueCount).toBe(4);
    const lines = vtt.split('\n').filter((l) => l && !l.includes('-->') && l !== 'WEBVTT');
    expect(lines).toEqual([
      'Face-off: HAW against OWL',
      'Goal for OWL!',
      'End of the game',
      'Goal for HAW!',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { displayName, eventType, hasAccess, streamStatus } from './event-rules.js';

const p = (short: string, isHome: boolean) => ({
  id: isHome ? 1 : 2,
  name: `${short} full`,
  short_name: short,
  color: '#000',
  logo: null,
  is_home: isHome,
});

describe('event rules', () => {
  const start = new Date('2026-01-01T18:00:00Z');
  const end = new Date('2026-01-01T20:00:00Z');

  it('derives the type from the clock', () => {
    expect(eventType(start, end, new Date('2026-01-01T17:59:59Z'))).toBe('upcoming');
    expect(eventType(start, end, start)).toBe('live');
    expect(eventType(start, end, new Date('2026-01-01T19:59:59Z'))).toBe('live');
    expect(eventType(start, end, end)).toBe('finished');
  });

  it('maps the type to a stream status', () => {
    expect(streamStatus('live')).toBe('live');
    expect(streamStatus('finished')).toBe('vod');
    expect(streamStatus('upcoming')).toBeNull();
  });

  it('shows the name the operator typed, even for a match', () => {
    const typed = 'WOLVES @ BEARS — Walk Special';
    expect(displayName(typed, [p('BEARS', true), p('WOLVES', false)])).toBe(typed);
  });

  it("names a two-team event stored without a name 'away @ home' with short names", () => {
    expect(displayName('', [p('BEARS', true), p('WOLVES', false)])).toBe('WOLVES @ BEARS');
    expect(displayName('Stored', [p('BEARS', true)])).toBe('Stored');
    expect(displayName('Stored', [p('A', true), p('B', true)])).toBe('Stored');
  });

  it('grants access by type', () => {
    expect(hasAccess('free', false)).toBe(true);
    expect(hasAccess('register', false)).toBe(false);
    expect(hasAccess('register', true)).toBe(true);
    expect(hasAccess('paid', true)).toBe(false);
    expect(hasAccess('ppv', true, true)).toBe(true);
  });
});

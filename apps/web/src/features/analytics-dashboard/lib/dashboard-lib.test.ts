import { describe, expect, it } from 'vitest';
import { durationParts, firstFrameParts, formatCount, formatMoney } from './format';
import { addDays, filtersFromSearch, presetOf, presetRange, todayIn } from './period';

describe('dashboard figures', () => {
  it('writes counts, money and durations the language’s way', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'fr').replace(/\s/g, ' ')).toBe('12 345');
    expect(formatMoney(123456, 'CAD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'USD', 'fr').replace(/\s/g, ' ')).toBe('1 234,56 $');
    expect(durationParts(7_500)).toEqual({ unit: 'hours', h: '2', m: '05' });
    expect(durationParts(200)).toEqual({ unit: 'minutes', m: '3' });
    expect(durationParts(45.4)).toEqual({ unit: 'seconds', s: '45' });
    expect(firstFrameParts(640.4, 'en')).toEqual({ unit: 'ms', value: '640' });
    expect(firstFrameParts(1_250, 'fr')).toEqual({ unit: 's', value: '1,3' });
  });
});

describe('dashboard period', () => {
  it('counts days in the channel’s zone', () => {
    const late = new Date('2026-03-02T03:00:00Z');
    expect(todayIn('America/Toronto', late)).toBe('2026-03-01');
    expect(todayIn('UTC', late)).toBe('2026-03-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('knows its presets and reads the URL, falling back to the last 7 days', () => {
    const today = '2026-03-10';
    expect(presetRange(7, today)).toEqual({ from: '2026-03-04', to: today });
    expect(presetOf({ from: '2026-03-04', to: today }, today)).toBe('last7');
    expect(presetOf({ from: today, to: today }, today)).toBe('today');
    expect(presetOf({ from: '2026-03-01', to: '2026-03-02' }, today)).toBeNull();
    const read = (q: string) => filtersFromSearch(new URLSearchParams(q), today);
    expect(read('from=2026-02-01&to=2026-02-10&stream=live')).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
      stream: 'live',
    });
    expect(read('from=2026-02-10&to=2026-02-01&stream=radio')).toEqual({
      from: '2026-03-04',
      to: today,
      stream: 'all',
    });
    expect(read('from=yesterday')).toMatchObject({ from: '2026-03-04', to: today });
  });
});

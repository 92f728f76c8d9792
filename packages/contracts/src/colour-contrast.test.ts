import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastWarnings } from './colour-contrast.js';

describe('colour contrast (WCAG 2)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    expect(contrastRatio('red', '#FFFFFF')).toBeNull();
  });

  it('warns about the text pairs that fail AA, and only those', () => {
    const colors = {
      text: '#EAF3FB',
      background: '#0A1628',
      surface: '#12233B',
      text_muted: '#A3B8CC',
      primary: '#5BC0EB',
      primary_text: '#FFFFFF',
      header_text: '#EAF3FB',
      header_background: '#071120',
      footer_text: '#B7C8DA',
      footer_background: '#050D19',
    };
    expect(contrastWarnings(colors)).toEqual([
      { foreground: 'primary_text', background: 'primary', ratio: 2.06 },
    ]);
    expect(contrastWarnings({ ...colors, primary_text: '#08182B' })).toEqual([]);
  });
});

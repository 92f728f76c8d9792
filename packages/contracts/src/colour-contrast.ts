import type { ThemeColorName } from './channel.js';

/** WCAG 2 AA for normal text: a pair of colours must reach this contrast ratio. */
export const WCAG_AA_TEXT = 4.5;

/** Text-on-background pairs of the theme that viewers read; the console warns when one fails AA. */
export const THEME_TEXT_PAIRS: readonly (readonly [ThemeColorName, ThemeColorName])[] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text_muted', 'background'],
  ['primary_text', 'primary'],
  ['header_text', 'header_background'],
  ['footer_text', 'footer_background'],
];

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = parseInt(m[1], 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** The WCAG contrast ratio of two #RRGGBB colours (1 to 21), or null when one is not such a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

export interface ContrastWarning {
  foreground: ThemeColorName;
  background: ThemeColorName;
  ratio: number;
}

/** The theme's text pairs that fail WCAG AA, with their ratio rounded to two decimals. */
export function contrastWarnings(colors: Partial<Record<string, string>>): ContrastWarning[] {
  const out: ContrastWarning[] = [];
  for (const [foreground, background] of THEME_TEXT_PAIRS) {
    const ratio = contrastRatio(colors[foreground] ?? '', colors[background] ?? '');
    if (ratio !== null && ratio < WCAG_AA_TEXT) {
      out.push({ foreground, background, ratio: Math.floor(ratio * 100) / 100 });
    }
  }
  return out;
}

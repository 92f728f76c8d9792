import { THEME_OPACITY_STEPS, type ColorSettings } from '@rudy/contracts';

/**
 * Colour values come from the channel's settings and end up in a style attribute, so only plain
 * colour syntax passes: names, hex, and rgb/hsl/oklch-style functions without nested calls.
 */
const COLOR_PATTERN =
  /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\([-0-9.,%\s/a-z]*\))$/i;

export function isSafeColor(value: string) {
  return COLOR_PATTERN.test(value.trim());
}

export function cssVarName(name: string) {
  return `--color-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/**
 * Each colour setting becomes `--color-<name>` plus `--color-<name>-<step>` variants at the spec's
 * opacity steps, mixed with transparent so they work on any background. Every name gets variants,
 * the THEME_COLOR_NAMES ones and any extra a channel defines (reading that list at run time
 * would pull zod into the first bundle through channel.ts).
 */
export function buildThemeVariables(colors: ColorSettings): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, raw] of Object.entries(colors)) {
    const value = raw.trim();
    if (!isSafeColor(value)) continue;
    const base = cssVarName(name);
    if (base === '--color-') continue;
    vars[base] = value;
    for (const step of THEME_OPACITY_STEPS) {
      vars[`${base}-${step}`] = `color-mix(in srgb, ${value} ${step}%, transparent)`;
    }
  }
  return vars;
}

let applied: string[] = [];

export function applyTheme(colors: ColorSettings, root: HTMLElement = document.documentElement) {
  for (const name of applied) root.style.removeProperty(name);
  const vars = buildThemeVariables(colors);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  applied = Object.keys(vars);
  const background = vars['--color-background'];
  if (background) {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
  }
}

import { THEME_COLOR_NAMES, THEME_OPACITY_STEPS } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { applyTheme, buildThemeVariables } from './theme';

describe('theme', () => {
  it('turns every theme colour into a custom property with its opacity variants', () => {
    const colors = Object.fromEntries(THEME_COLOR_NAMES.map((name) => [name, '#112233']));
    const vars = buildThemeVariables(colors);
    expect(vars['--color-primary']).toBe('#112233');
    expect(vars['--color-text-muted']).toBe('#112233');
    expect(vars['--color-header-background']).toBe('#112233');
    for (const step of THEME_OPACITY_STEPS) {
      expect(vars[`--color-primary-${step}`]).toBe(
        `color-mix(in srgb, #112233 ${step}%, transparent)`,
      );
    }
    expect(Object.keys(vars)).toHaveLength(
      THEME_COLOR_NAMES.length * (1 + THEME_OPACITY_STEPS.length),
    );
  });

  it('skips values that are not plain colours', () => {
    const vars = buildThemeVariables({
      primary: 'red; background: url(https://evil.example)',
      accent: 'rgb(10 20 30 / 50%)',
    });
    expect(vars['--color-primary']).toBeUndefined();
    expect(vars['--color-accent']).toBe('rgb(10 20 30 / 50%)');
  });

  it('sets the properties on the root element and replaces earlier ones', () => {
    applyTheme({ primary: '#ff0000', live: '#00ff00' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#ff0000');
    expect(style.getPropertyValue('--color-primary-10')).toContain('#ff0000 10%');
    applyTheme({ primary: '#0000ff' });
    expect(style.getPropertyValue('--color-primary')).toBe('#0000ff');
    expect(style.getPropertyValue('--color-live')).toBe('');
  });
});

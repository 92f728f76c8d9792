import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  FOOTER_MENU,
  HEADER_MENU,
  LOCATIONS,
  PROPERTY_LABELS,
  SCHOOLS,
  TEAMS,
  THEME_COLORS,
} from './demo-content.js';
import { BASIC_PASS, SEASON_PASS, SUBSCRIPTIONS, TEAM_PASS } from './demo-offers.js';
import { PAGES } from './demo-pages.js';
import { buildSchedule } from './demo-schedule.js';
import { FAQ, SLIDES, STATIC_BLOCKS } from './demo-texts.js';
import { luminance } from './svg-art.js';

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Every {en, fr} object inside a value, wherever it is nested. */
function bilingualTexts(value: unknown): { en: unknown; fr: unknown }[] {
  if (!value || typeof value !== 'object') return [];
  if ('en' in value || 'fr' in value) return [value as { en: unknown; fr: unknown }];
  return Object.values(value).flatMap(bilingualTexts);
}

function localTime(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Toronto',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

describe('demo content', () => {
  it('has an accessible theme (WCAG AA for body text)', () => {
    const c = THEME_COLORS;
    const pairs: [string, string][] = [
      [c.text, c.background],
      [c.text, c.surface],
      [c.text, c.secondary],
      [c.text_muted, c.background],
      [c.text_muted, c.surface],
      [c.primary_text, c.primary],
      [c.header_text, c.header_background],
      [c.footer_text, c.footer_background],
      ['#FFFFFF', c.live],
    ];
    for (const [fg, bg] of pairs)
      expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('fills every translatable text in English and French', () => {
    const texts = bilingualTexts([
      CATEGORIES,
      HEADER_MENU,
      FOOTER_MENU,
      PROPERTY_LABELS,
      PAGES,
      FAQ,
      STATIC_BLOCKS,
      SLIDES,
      SEASON_PASS,
      TEAM_PASS,
      BASIC_PASS,
      SUBSCRIPTIONS,
      buildSchedule(new Date()),
    ]);
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) {
      expect(typeof text.en === 'string' && text.en.trim()).toBeTruthy();
      expect(typeof text.fr === 'string' && text.fr.trim()).toBeTruthy();
    }
    for (const page of PAGES) {
      expect(page.content.en.split('\n\n').length).toBeGreaterThan(1);
      expect(page.content.fr.split('\n\n').length).toBe(page.content.en.split('\n\n').length);
    }
  });

  it('names screens and buttons in the FAQ as the web app labels them', () => {
    const answer = (start: string) => FAQ.find((f) => f.question.en.startsWith(start))?.answer;
    for (const lang of ['en', 'fr'] as const) {
      const labels = (name: string) =>
        JSON.parse(
          readFileSync(
            new URL(`../../../../web/src/locales/${lang}/${name}.json`, import.meta.url),
            'utf8',
          ),
        ) as Record<string, Record<string, string>>;
      const account = labels('account');
      const commerce = labels('commerce');
      const clipTool = labels('clip-tool');
      const myAccount = account.profile?.title ?? '';
      // Auto-renewal is cancelled from the Passes tab, not from the orders.
      const cancel = answer('How do I cancel')?.[lang];
      expect(cancel).toContain(myAccount);
      expect(cancel).toContain(account.tabs?.passes);
      expect(cancel).toContain(commerce.passes?.cancelRenewal);
      const clip = answer('How do I make a clip')?.[lang];
      expect(clip).toContain(clipTool.tool?.button);
      expect(clip).toContain(`${myAccount} > ${account.tabs?.clips}`);
    }
  });

  it('keeps team names short, aliases unique and references resolvable', () => {
    for (const team of TEAMS) {
      expect(team.shortName.length).toBeLessThanOrEqual(12);
      expect(team.alias).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(SCHOOLS.some((s) => s.key === team.school)).toBe(true);
      expect(CATEGORIES.some((c) => c.key === team.category)).toBe(true);
    }
    expect(new Set(TEAMS.map((t) => t.alias)).size).toBe(TEAMS.length);
    for (const school of SCHOOLS)
      expect(LOCATIONS.some((l) => l.key === school.homeArena)).toBe(true);
  });
});

describe('buildSchedule', () => {
  // Daylight saving time starts in Toronto on 2026-03-08: the season straddles the change.
  const now = new Date('2026-03-01T15:10:00Z');
  const games = buildSchedule(now);

  it('pairs teams of the same category only', () => {
    expect(games).toHaveLength(40);
    for (const game of games) {
      expect(game.away.category).toBe(game.home.category);
      expect(game.away.key).not.toBe(game.home.key);
    }
  });

  it('keeps calendar games at local arena times across a daylight-saving change', () => {
    const far = games.filter((g) => Math.abs(g.start.getTime() - now.getTime()) > 86_400_000);
    expect(far.length).toBeGreaterThan(30);
    for (const game of far)
      expect(['13:00', '14:00', '18:00', '19:00', '19:30']).toContain(localTime(game.start));
  });

  it('is the same for the same now', () => {
    expect(buildSchedule(now)).toEqual(games);
  });
});

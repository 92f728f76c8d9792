import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../locales/account';
import { ADMIN_TEXTS } from '../locales/admin';
import { ADMIN_SITE_TEXTS } from '../locales/admin-site';
import { ADMIN_PEOPLE_TEXTS } from '../locales/admin-people';
import { ADMIN_LIVE_TEXTS } from '../locales/admin-live';
import { ADMIN_COMMERCE_TEXTS } from '../locales/admin-commerce';
import { ADMIN_REVENUE_TEXTS } from '../locales/admin-revenue';
import { ADMIN_ANNOUNCEMENTS_TEXTS } from '../locales/admin-announcements';
import { ADMIN_MEDIA_TEXTS } from '../locales/admin-media';
import { CLIP_TOOL_TEXTS } from '../locales/clip-tool';
import { CLIPS_TEXTS } from '../locales/clips';
import { COMMERCE_TEXTS } from '../locales/commerce';
import { LIBRARY_TEXTS } from '../locales/library';
import { LISTINGS_TEXTS } from '../locales/listings';
import { SIGN_IN_TEXTS } from '../locales/sign-in';
import { fr as startUpFr } from '../locales/fr-start-up';
import { applyLocale, changeLocale, currentLocale, i18n } from './i18n';
import { LAZY_NAMESPACES, NAMESPACES, en as startUpEn } from './i18n-resources';

type Tree = { [key: string]: string | Tree };

// The namespaces that load with their screens (LAZY_NAMESPACES), each from locales/<ns>.ts.
const LAZY_TEXTS = {
  account: ACCOUNT_TEXTS,
  admin: ADMIN_TEXTS,
  'admin-site': ADMIN_SITE_TEXTS,
  'admin-people': ADMIN_PEOPLE_TEXTS,
  'admin-live': ADMIN_LIVE_TEXTS,
  'admin-commerce': ADMIN_COMMERCE_TEXTS,
  'admin-revenue': ADMIN_REVENUE_TEXTS,
  'admin-announcements': ADMIN_ANNOUNCEMENTS_TEXTS,
  'admin-media': ADMIN_MEDIA_TEXTS,
  'clip-tool': CLIP_TOOL_TEXTS,
  clips: CLIPS_TEXTS,
  commerce: COMMERCE_TEXTS,
  library: LIBRARY_TEXTS,
  listings: LISTINGS_TEXTS,
  'sign-in': SIGN_IN_TEXTS,
};
const lazy = (lang: 'en' | 'fr') =>
  Object.fromEntries(Object.entries(LAZY_TEXTS).map(([ns, texts]) => [ns, texts[lang]])) as {
    [ns in keyof typeof LAZY_TEXTS]: (typeof LAZY_TEXTS)[ns]['en'];
  };
// The start-up namespaces and those that load with their screens.
const en = { ...startUpEn, ...lazy('en') };
const fr: Record<keyof typeof en, Record<string, unknown>> = { ...startUpFr, ...lazy('fr') };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SRC = join(import.meta.dirname, '..');

describe('translations', () => {
  it('checks every namespace, those loaded with their screens too', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(en).sort());
    for (const ns of LAZY_NAMESPACES) expect(Object.keys(startUpEn)).not.toContain(ns);
    expect(Object.keys(LAZY_TEXTS).sort()).toEqual([...LAZY_NAMESPACES].sort());
  });

  // Their components serve many screens (profile tabs, buying, packages, custom forms, the sign-in
  // and account forms, the listings), so each module registers the texts itself instead of relying
  // on the screen that shows it.
  it.each(['account', 'commerce', 'sign-in', 'listings'])(
    'every module that uses "%s" texts imports them',
    (ns) => {
      const uses = new RegExp(`['\`"]${ns}:`);
      const imports = new RegExp(`^import '(\\.{1,2}/)+(locales/)?${ns}';$`, 'm');
      const missing = sourceFiles(SRC)
        .filter((file) => {
          const source = readFileSync(file, 'utf8');
          return uses.test(source) && !imports.test(source);
        })
        .map((file) => file.slice(SRC.length));
      expect(missing).toEqual([]);
    },
  );

  it.each(NAMESPACES)('fr has exactly the keys of en in "%s"', (ns) => {
    const enKeys = flatten(en[ns]).sort();
    const frKeys = flatten(fr[ns] as Tree).sort();
    expect(frKeys).toEqual(enKeys);
  });

  it.each(NAMESPACES)('no text in "%s" is empty', (ns) => {
    for (const lang of [en, fr]) {
      const tree = lang[ns] as Tree;
      for (const key of flatten(tree)) {
        const value = key
          .split('.')
          .reduce<Tree | string>(
            (node, k) => (typeof node === 'string' ? node : (node[k] ?? '')),
            tree,
          );
        expect(typeof value === 'string' ? value.trim() : '', `${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('every literal key used in the components exists in both languages', () => {
    // A plural key ('games' with a count) is stored as games_one, games_other...
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const known = new Set(
      NAMESPACES.flatMap((ns) => flatten(en[ns]).map((key) => `${ns}:${base(key)}`)),
    );
    const frKnown = new Set(
      NAMESPACES.flatMap((ns) => flatten(fr[ns] as Tree).map((key) => `${ns}:${base(key)}`)),
    );
    const used = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([a-z-]+:[\w.]+)['`]/g)].map(
        (m) => m[1],
      ),
    );
    expect(used.length).toBeGreaterThan(50);
    const missing = used.filter((key) => key && (!known.has(key) || !frKnown.has(key)));
    expect(missing).toEqual([]);
  });

  it('every templated key prefix used in the components exists', () => {
    const prefixes = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*`([a-z-]+:[\w.]+)\.\$\{/g)].map((m) => m[1]),
    );
    expect(prefixes.length).toBeGreaterThan(3);
    for (const prefix of prefixes) {
      const [ns, path] = (prefix ?? '').split(':') as [keyof typeof en, string];
      const node = path.split('.').reduce<unknown>((n, k) => (n as Tree | undefined)?.[k], en[ns]);
      expect(typeof node, prefix).toBe('object');
    }
  });
});

describe('languages at start-up', () => {
  it('bundles English only; French texts load when French is applied, then are used', async () => {
    // The test set-up started the app in English: nothing French is there yet.
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(false);
    expect(await applyLocale('fr')).toBe('fr');
    expect(currentLocale()).toBe('fr');
    expect(i18n.t('common:actions.close')).toBe('Fermer');
    expect(document.documentElement.lang).toBe('fr');
    await changeLocale('en');
    expect(i18n.t('common:actions.close')).toBe('Close');
  });
});

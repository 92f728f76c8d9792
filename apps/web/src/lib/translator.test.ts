import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

function translator() {
  const i18n = new Translator<'en' | 'fr'>('en', 'common');
  i18n.addResourceBundle('en', 'common', {
    hello: 'Hello {{name}}, {{ place }}',
    nested: { deep: { text: 'Deep' } },
    games_one: '{{count}} game',
    games_other: '{{count}} games',
    uses_zero: 'unused',
    uses_one: 'one use',
    uses_other: '{{count}} uses',
    plain: 'Seen {{count}} times',
    english: 'Only in English',
  });
  i18n.addResourceBundle('en', 'events', { live: 'Live' });
  i18n.addResourceBundle('fr', 'common', {
    hello: 'Bonjour {{name}}',
    games_one: '{{count}} match',
    games_other: '{{count}} matchs',
  });
  return i18n;
}

describe('Translator', () => {
  it('reads nested keys by namespace, common when none is named', () => {
    const { t } = translator();
    expect(t('common:nested.deep.text')).toBe('Deep');
    expect(t('nested.deep.text')).toBe('Deep');
    expect(t('events:live')).toBe('Live');
  });

  it('interpolates like i18next: spaces trimmed, nothing escaped, a missing value kept', () => {
    const { t } = translator();
    expect(t('common:hello', { name: '<b>Ann</b>', place: 'here' })).toBe('Hello <b>Ann</b>, here');
    expect(t('common:hello', { name: 'a$&b' })).toBe('Hello a$&b, {{ place }}');
    expect(t('common:hello', { name: undefined, place: null })).toBe('Hello , ');
    expect(t('common:hello')).toBe('Hello {{name}}, {{ place }}');
  });

  it('picks plural forms with the language’s rules, key_zero for 0 first', () => {
    const i18n = translator();
    expect(i18n.t('common:games', { count: 1 })).toBe('1 game');
    expect(i18n.t('common:games', { count: 0 })).toBe('0 games');
    expect(i18n.t('common:uses', { count: 0 })).toBe('unused');
    expect(i18n.t('common:uses', { count: 7 })).toBe('7 uses');
    expect(i18n.t('common:plain', { count: 3 })).toBe('Seen 3 times');
    const fr = i18n.getFixedT('fr');
    // French says "0 match": 0 is in the "one" category.
    expect(fr('common:games', { count: 0 })).toBe('0 match');
    expect(fr('common:games', { count: 2 })).toBe('2 matchs');
  });

  it('falls back to English, then to the key without its namespace', () => {
    const fr = translator().getFixedT('fr');
    expect(fr('common:english')).toBe('Only in English');
    expect(fr('common:uses', { count: 0 })).toBe('unused');
    expect(fr('common:missing.key')).toBe('missing.key');
    expect(fr('other:key')).toBe('key');
    expect(fr('common:nested')).toBe('nested');
  });

  it('switches language, tells its listeners once, and keeps one t per language', async () => {
    const i18n = translator();
    const heard = vi.fn();
    const unsubscribe = i18n.subscribe(heard);
    const enT = i18n.getFixedT('en');
    expect(i18n.getFixedT('en')).toBe(enT);
    await i18n.changeLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith('fr');
    expect(i18n.t('common:hello', { name: 'Ann' })).toBe('Bonjour Ann');
    unsubscribe();
    await i18n.changeLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps the first bundle of a namespace and never writes into it', () => {
    const i18n = translator();
    const bundle = { live: 'Other' };
    i18n.addResourceBundle('en', 'events', bundle);
    expect(i18n.t('events:live')).toBe('Live');
    expect(i18n.hasResourceBundle('fr', 'events')).toBe(false);
    i18n.addResourceBundle('fr', 'events', bundle);
    expect(i18n.hasResourceBundle('fr', 'events')).toBe(true);
    expect(bundle).toEqual({ live: 'Other' });
  });
});

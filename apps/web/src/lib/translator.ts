/**
 * The app's translations, in about a kilobyte instead of i18next and react-i18next (15 KB gzipped
 * on every page). It keeps the i18next semantics the screens and the locale files rely on:
 * `ns:a.b` keys, `{{name}}` interpolation (nothing escaped: React escapes), plural keys
 * (`key_zero` for 0, then `key_<Intl.PluralRules category>`, then `key`), English as the fallback
 * language, and the key itself when no language has it.
 */

export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** Interpolation values; `count` also picks the plural form. */
export type TextOptions = Readonly<Record<string, string | number | boolean | null | undefined>> & {
  readonly count?: number;
};

export type Translate = (key: string, options?: TextOptions) => string;

const VARIABLE = /\{\{(.+?)\}\}/g;

function lookup(tree: TextTree | undefined, path: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** As i18next: a variable missing from the options stays as it is; null and undefined are ''. */
function interpolate(text: string, options: TextOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, raw: string) => {
    const name = raw.trim();
    if (!(name in options)) return match;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator<L extends string = string> {
  private readonly texts = new Map<string, Map<string, TextTree>>();
  private readonly listeners = new Set<(language: L) => void>();
  private readonly fixed = new Map<string, Translate>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  constructor(
    readonly fallback: L,
    readonly defaultNamespace: string,
    public language: L = fallback,
  ) {}

  hasResourceBundle(language: L, ns: string): boolean {
    return this.texts.get(language)?.has(ns) ?? false;
  }

  /** Adds a namespace's texts in one language (the first bundle given for it stays). */
  addResourceBundle(language: L, ns: string, bundle: TextTree) {
    let namespaces = this.texts.get(language);
    if (!namespaces) this.texts.set(language, (namespaces = new Map<string, TextTree>()));
    if (!namespaces.has(ns)) namespaces.set(ns, bundle);
  }

  /** Switches the language; every subscriber (the screens through useT) hears of it. */
  changeLanguage(language: L): Promise<void> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return Promise.resolve();
  }

  /** Subscribes to language changes; returns the unsubscribe function. */
  subscribe = (listener: (language: L) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.off('languageChanged', listener);
  };

  on(_event: 'languageChanged', listener: (language: L) => void) {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: (language: L) => void) {
    this.listeners.delete(listener);
  }

  /** A `t` speaking one language, the same function each time (a new one means a new language). */
  getFixedT(language: L): Translate {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  t: Translate = (key, options) => this.translate(this.language, key, options);

  private pluralCategory(language: string, count: number) {
    let rules = this.plurals.get(language);
    if (!rules) this.plurals.set(language, (rules = new Intl.PluralRules(language)));
    return rules.select(count);
  }

  private translate(language: L, key: string, options?: TextOptions): string {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : this.defaultNamespace;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const count = options?.count;
    const languages = language === this.fallback ? [language] : [language, this.fallback];
    for (const lng of languages) {
      const tree = this.texts.get(lng)?.get(ns);
      if (!tree) continue;
      const candidates =
        typeof count === 'number'
          ? [
              ...(count === 0 ? [`${path}_zero`] : []),
              `${path}_${this.pluralCategory(lng, count)}`,
              path,
            ]
          : [path];
      for (const candidate of candidates) {
        const text = lookup(tree, candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return path;
  }
}

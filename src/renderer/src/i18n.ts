// UI text in English and Chinese, from resources/i18n/*.json (flat keys, `{name}` placeholders).
// English ships in the page's first chunk; Chinese, as large again, is fetched when the page is to speak it
// (loadCatalog), so a page in English never downloads or parses it.
import { createContext, useContext, useEffect, useState } from 'react';
import type { Language } from '@shared/contract';
import en from '@resources/i18n/en.json';

export type UiLanguage = 'en' | 'zh';
export type MessageKey = keyof typeof en;
export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;
export type Catalog = Record<MessageKey, string>;

/** The catalogs loaded so far; English always. */
export const catalogs: { readonly en: Catalog; zh?: Catalog } = { en };

let zhLoading: Promise<Catalog> | undefined;

/** The catalog of `language`, fetched once; a failed fetch is tried again on the next call. */
export function loadCatalog(language: UiLanguage): Promise<Catalog> {
  const loaded = catalogs[language];
  if (loaded) return Promise.resolve(loaded);
  zhLoading ??= import('@resources/i18n/zh.json').then(
    // `satisfies` makes a key missing from zh.json a compile error, not only a test failure.
    (module) => (catalogs.zh = module.default satisfies Catalog),
    (error: unknown) => {
      zhLoading = undefined;
      throw error;
    },
  );
  return zhLoading;
}

/** Whether the page can speak `language` now, without waiting for its catalog. */
export function hasCatalog(language: UiLanguage): boolean {
  return catalogs[language] !== undefined;
}

/** Where the page keeps the language it spoke last, so the next start fetches that catalog before the first paint. */
const LAST_LANGUAGE_KEY = 'eva.uiLanguage';

/**
 * Before the first render: the catalog of the language the page spoke last (or the browser's), so that a page in
 * Chinese opens in Chinese rather than switching after the settings arrive. Resolves whether or not it loaded: a
 * failed fetch leaves the page in English until the language is chosen again.
 */
export async function loadFirstCatalog(): Promise<void> {
  const last = readLastLanguage();
  const language = resolveLanguage(last ?? 'auto', navigator.language, undefined);
  if (hasCatalog(language)) return;
  try {
    await loadCatalog(language);
  } catch (error) {
    console.error(`The ${language} texts could not be loaded`, error);
  }
}

function readLastLanguage(): UiLanguage | undefined {
  try {
    const last = localStorage.getItem(LAST_LANGUAGE_KEY);
    return last === 'en' || last === 'zh' ? last : undefined;
  } catch {
    return undefined; // storage refused (a locked-down profile): the browser's language decides
  }
}

/**
 * The language the page speaks: the one the settings choose (`auto`: the browser's, then the system's), and before
 * the settings arrive the one it spoke last. A language whose catalog is not loaded yet is fetched, and English
 * stands in meanwhile. The language spoken is remembered for the next start.
 */
export function useSpokenLanguage(setting: Language | undefined, systemLanguage: string | undefined): UiLanguage {
  const wanted =
    setting === undefined
      ? (readLastLanguage() ?? resolveLanguage('auto', navigator.language, systemLanguage))
      : resolveLanguage(setting, navigator.language, systemLanguage);
  const [, setLoads] = useState(0);
  const spoken = hasCatalog(wanted) ? wanted : 'en';
  useEffect(() => {
    if (hasCatalog(wanted)) return;
    let current = true;
    loadCatalog(wanted).then(
      () => current && setLoads((loads) => loads + 1),
      (error: unknown) => console.error(`The ${wanted} texts could not be loaded`, error),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  useEffect(() => {
    try {
      localStorage.setItem(LAST_LANGUAGE_KEY, spoken);
    } catch {
      // storage refused: the next start follows the browser's language
    }
  }, [spoken]);
  return spoken;
}

/**
 * 'auto' follows the first language we know of: the page's `navigator.language`
 * (the browser the user sits at, or Electron's app locale), then the core's system
 * language. zh, zh-CN, zh_CN.UTF-8, zh-Hant… → zh; anything else → en.
 */
export function resolveLanguage(
  setting: Language,
  navigatorLanguage: string | undefined,
  systemLanguage: string | undefined,
): UiLanguage {
  if (setting !== 'auto') return setting;
  const known = [navigatorLanguage, systemLanguage].find((tag) => tag !== undefined && tag.trim() !== '');
  return known !== undefined && /^zh(?:$|[-_.@])/i.test(known.trim()) ? 'zh' : 'en';
}

/**
 * Replace `{name}` with vars.name, and choose the branch of a plural
 * (`{count, plural, one {# line} other {# lines}}`, `#` standing for the count) by the
 * language's rules (Intl.PluralRules). Unknown placeholders stay visible so a missing
 * var is noticed.
 */
export function formatMessage(template: string, vars?: MessageVars, language: UiLanguage = 'en'): string {
  if (!vars) return template;
  const plurals = pluralRules(language);
  const chosen = replacePlurals(template, (name, branches) => {
    if (!(name in vars)) return null;
    const value = vars[name] as string | number;
    const count = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
    const branch = branches.get(`=${count}`) ?? branches.get(plurals.select(count)) ?? branches.get('other');
    return branch === undefined ? null : branch.replace(/#/g, String(value));
  });
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const rulesByLanguage = new Map<UiLanguage, Intl.PluralRules>();
function pluralRules(language: UiLanguage): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (!rules) rulesByLanguage.set(language, (rules = new Intl.PluralRules(language === 'zh' ? 'zh-CN' : 'en-US')));
  return rules;
}

/** Finds each `{name, plural, key {text} …}` and replaces it with what `choose` returns (kept as it is for null). */
function replacePlurals(
  template: string,
  choose: (name: string, branches: Map<string, string>) => string | null,
): string {
  const head = /\{(\w+), plural,/g;
  let out = '';
  let from = 0;
  for (let match = head.exec(template); match; match = head.exec(template)) {
    const branches = new Map<string, string>();
    let at = match.index + match[0].length;
    for (;;) {
      const key = /^\s*(=?\w+)\s*\{/.exec(template.slice(at));
      if (!key) break;
      let depth = 1;
      let end = at + key[0].length;
      for (; end < template.length && depth > 0; end++)
        depth += template[end] === '{' ? 1 : template[end] === '}' ? -1 : 0;
      branches.set(key[1] as string, template.slice(at + key[0].length, end - 1));
      at = end;
    }
    const close = template.indexOf('}', at);
    if (close < 0) break;
    const replacement = choose(match[1] as string, branches);
    out += template.slice(from, match.index) + (replacement ?? template.slice(match.index, close + 1));
    from = close + 1;
    head.lastIndex = from;
  }
  return out + template.slice(from);
}

/** A translator for `language`; English words stand in until its catalog is loaded (loadCatalog). */
export function createTranslator(language: UiLanguage): Translate {
  const catalog: Catalog = catalogs[language] ?? catalogs.en;
  return (key, vars) => formatMessage(catalog[key] ?? catalogs.en[key] ?? key, vars, language);
}

export const I18nContext = createContext<{ language: UiLanguage; t: Translate }>({
  language: 'en',
  t: createTranslator('en'),
});

/** The translate function of the current UI language. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

/** The language the page speaks now. */
export function useLanguage(): UiLanguage {
  return useContext(I18nContext).language;
}

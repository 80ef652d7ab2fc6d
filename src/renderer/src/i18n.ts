// UI text in English and Chinese, from resources/i18n/*.json (flat keys, `{name}` placeholders).
import { createContext, useContext } from 'react';
import type { Language } from '@shared/contract';
import en from '@resources/i18n/en.json';
import zh from '@resources/i18n/zh.json';

export type UiLanguage = 'en' | 'zh';
export type MessageKey = keyof typeof en;
export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

// `satisfies` makes a key missing from zh.json a compile error, not only a test failure.
export const catalogs = { en, zh: zh satisfies Record<MessageKey, string> } as const satisfies Record<
  UiLanguage,
  Record<MessageKey, string>
>;

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

export function createTranslator(language: UiLanguage): Translate {
  const catalog: Record<MessageKey, string> = catalogs[language];
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

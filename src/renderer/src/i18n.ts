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
export const catalogs = { en, zh: zh satisfies Record<MessageKey, string> } as const satisfies Record<UiLanguage, Record<MessageKey, string>>;

/**
 * 'auto' follows the first language we know of: the page's `navigator.language`
 * (the browser the user sits at, or Electron's app locale), then the core's system
 * language. zh, zh-CN, zh_CN.UTF-8, zh-Hant… → zh; anything else → en.
 */
export function resolveLanguage(setting: Language, navigatorLanguage: string | undefined, systemLanguage: string | undefined): UiLanguage {
  if (setting !== 'auto') return setting;
  const known = [navigatorLanguage, systemLanguage].find((tag) => tag !== undefined && tag.trim() !== '');
  return known !== undefined && /^zh(?:$|[-_.@])/i.test(known.trim()) ? 'zh' : 'en';
}

/** Replace `{name}` with vars.name; unknown placeholders stay visible so a missing var is noticed. */
export function formatMessage(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function createTranslator(language: UiLanguage): Translate {
  const catalog: Record<MessageKey, string> = catalogs[language];
  return (key, vars) => formatMessage(catalog[key] ?? catalogs.en[key] ?? key, vars);
}

export const I18nContext = createContext<{ language: UiLanguage; t: Translate }>({ language: 'en', t: createTranslator('en') });

/** The translate function of the current UI language. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

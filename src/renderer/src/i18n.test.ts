import { describe, expect, it } from 'vitest';
import en from '@resources/i18n/en.json';
import zh from '@resources/i18n/zh.json';
import { createTranslator, formatMessage, resolveLanguage } from './i18n';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('catalogs', () => {
  const catalogs: Record<string, Record<string, string>> = { en, zh };

  it('have the same keys', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty values', () => {
    for (const [lang, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of Object.entries(catalog)) {
        expect(typeof value, `${lang}:${key}`).toBe('string');
        expect(value.trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(placeholders((zh as Record<string, string>)[key] ?? ''), key).toEqual(placeholders(value));
    }
  });
});

describe('resolveLanguage', () => {
  it('uses an explicit choice as is', () => {
    expect(resolveLanguage('zh', 'en-US', 'en-US')).toBe('zh');
    expect(resolveLanguage('en', 'zh-CN', 'zh-CN')).toBe('en');
  });

  it('follows navigator.language first on auto', () => {
    expect(resolveLanguage('auto', 'zh-CN', 'en-US')).toBe('zh');
    expect(resolveLanguage('auto', 'zh-Hant-TW', undefined)).toBe('zh');
    expect(resolveLanguage('auto', 'ZH', undefined)).toBe('zh');
    expect(resolveLanguage('auto', 'en-GB', 'zh-CN')).toBe('en');
    expect(resolveLanguage('auto', 'de-DE', undefined)).toBe('en');
  });

  it('falls back to the system language, then English', () => {
    expect(resolveLanguage('auto', '', 'zh_CN.UTF-8')).toBe('zh');
    expect(resolveLanguage('auto', undefined, 'zh')).toBe('zh');
    expect(resolveLanguage('auto', undefined, undefined)).toBe('en');
  });

  it('does not mistake other languages that start with z', () => {
    expect(resolveLanguage('auto', 'zu-ZA', 'zh-CN')).toBe('en');
    expect(resolveLanguage('auto', 'zha', undefined)).toBe('en');
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('{a} of {b}', { a: 1, b: 'two' })).toBe('1 of two');
    expect(formatMessage('{a} of {b}', { a: 1 })).toBe('1 of {b}');
    expect(formatMessage('no vars')).toBe('no vars');
  });

  it('looks keys up in the chosen language', () => {
    expect(createTranslator('en')('topbar.load')).toBe('Load');
    expect(createTranslator('zh')('topbar.load')).toBe('装载');
    expect(createTranslator('zh')('log.count', { count: 3 })).toBe('共 3 行');
  });
});

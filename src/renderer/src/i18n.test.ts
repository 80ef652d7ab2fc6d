import { describe, expect, it } from 'vitest';
import en from '@resources/i18n/en.json';
import zh from '@resources/i18n/zh.json';
import { createTranslator, formatMessage, resolveLanguage, type UiLanguage } from './i18n';

/** The vars a message uses: `{name}` and plural heads `{name, plural, …}`, each once. */
const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((match) => match[1] ?? ''))].sort();

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

describe('plurals', () => {
  it('chooses one or other by the number, in English', () => {
    const t = createTranslator('en');
    expect(t('status.restarts', { count: 1 })).toBe('1 restart');
    expect(t('status.restarts', { count: 3 })).toBe('3 restarts');
    expect(t('status.restarts', { count: 0 })).toBe('0 restarts');
    expect(t('log.countFiltered', { shown: 2, count: 1 })).toBe('2 of 1 line');
    expect(t('mcp.state.ready', { count: 1, transport: 'stdio' })).toBe('Ready · 1 tool · stdio');
    // Counts arrive formatted for display; the rule still reads the number.
    expect(t('chat.stats.tokens', { count: '1,204' })).toBe('1,204 tokens');
    expect(t('chat.stats.tokens', { count: '1' })).toBe('1 token');
  });

  it('formatMessage: exact-number branches win, a missing var stays visible', () => {
    expect(formatMessage('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 })).toBe('none');
    expect(formatMessage('{n, plural, one {# item} other {# items}}', {})).toBe(
      '{n, plural, one {# item} other {# items}}',
    );
  });

  it('no English message says "1 things", whatever var holds the 1', () => {
    const t = createTranslator('en');
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const ones = Object.fromEntries(placeholders(en[key]).map((name) => [name, 1]));
      expect(t(key, ones), key).not.toMatch(
        /\b1 (?:more |older |system |invisible )?(?:restarts|lines|tools|tokens|models|messages|voices|characters|layers|chars|minutes)\b/,
      );
    }
    expect(t('agent.step.showAll', { lines: 1, chars: 3800 })).toBe('Show all (1 more line, 3800 chars)');
    expect(t('load.modelFacts', { name: 'm', arch: 'llama', layers: 1, ctx: 512, size: '1 MB' })).toBe(
      'm · llama · 1 layer · trained ctx 512 · 1 MB',
    );
  });

  it('every plural has an other branch and only forms its language has (Chinese: other alone)', () => {
    const catalogs: Record<UiLanguage, Record<string, string>> = { en, zh };
    for (const [language, catalog] of Object.entries(catalogs) as [UiLanguage, Record<string, string>][]) {
      const forms = new Intl.PluralRules(language === 'zh' ? 'zh-CN' : 'en-US').resolvedOptions()
        .pluralCategories as string[];
      for (const [key, text] of Object.entries(catalog)) {
        for (const branches of pluralBranches(text)) {
          expect(branches, `${language}:${key}`).toContain('other');
          for (const branch of branches)
            expect(/^=\d+$/.test(branch) || forms.includes(branch), `${language}:${key} ${branch}`).toBe(true);
        }
      }
    }
    expect(pluralBranches(en['log.countFiltered'])).toEqual([['one', 'other']]);
  });
});

/** The branch names of each `{name, plural, key {…} …}` in a message. */
function pluralBranches(text: string): string[][] {
  return [...text.matchAll(/\{\w+, plural,/g)].map((head) => {
    const names: string[] = [];
    let at = (head.index ?? 0) + head[0].length;
    for (let key = /^\s*(=?\w+)\s*\{/.exec(text.slice(at)); key; key = /^\s*(=?\w+)\s*\{/.exec(text.slice(at))) {
      names.push(key[1] ?? '');
      let depth = 1;
      for (at += key[0].length; at < text.length && depth > 0; at++)
        depth += text[at] === '{' ? 1 : text[at] === '}' ? -1 : 0;
    }
    return names;
  });
}

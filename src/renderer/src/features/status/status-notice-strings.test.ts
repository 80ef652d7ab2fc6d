// Every notice the core can put in the backend status has its sentence in both languages, so the Chinese page never
// falls back to the core's English.
import { describe, expect, it } from 'vitest';
import { STATUS_NOTICE_CODES } from '@shared/backend/status-notices';
import zhCatalog from '@resources/i18n/zh.json';
import { catalogs } from '@renderer/i18n';

const CJK = /[\u3400-\u9fff]/;

describe('status notice strings', () => {
  it('has an English and a Chinese sentence for every notice code', () => {
    const en: Record<string, string> = catalogs.en;
    const zh: Record<string, string> = zhCatalog;
    const problems = STATUS_NOTICE_CODES.flatMap((code) => {
      const key = `status.notice.${code}`;
      return [
        ...(en[key]?.trim() ? [] : [`en ${key}: missing`]),
        ...(zh[key] && CJK.test(zh[key]) ? [] : [`zh ${key}: missing or English only`]),
      ];
    });
    expect(problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { LIBRARY_PROBLEM_REASONS } from '@shared/models/model-library';
import { problemText } from './problem-text';

describe('a library problem in words', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh');

  it('says a file over a limit of the reader is not a usable model file, with the numbers, in English and Chinese', () => {
    const tensors = {
      problem: 'Not a usable model file: invalid GGUF: declares 4000000 tensors',
      overLimit: { limit: 'tensors' as const, found: 4_000_000, max: 1_048_576 },
    };
    expect(problemText(en, tensors)).toBe(
      'Not a usable model file: its header declares 4,000,000 tensors; EVA reads at most 1,048,576.',
    );
    expect(problemText(zh, tensors)).toBe(
      '不是可用的模型文件：其文件头声明了 4,000,000 个张量，EVA 最多读取 1,048,576 个。',
    );
    const kept = { problem: 'x', overLimit: { limit: 'kept' as const, found: 64 << 20, max: 16 << 10 } };
    expect(problemText(en, kept)).toBe(
      'Not a usable model file: what EVA needs from its header would take 64 MiB of memory; EVA keeps at most 16 KiB.',
    );
    expect(problemText(zh, { problem: 'x', overLimit: { limit: 'string', found: 33 << 20, max: 32 << 20 } })).toContain(
      '33 MiB',
    );
  });

  it('says a file that is not GGUF in one sentence of the UI language, not an English reason in a Chinese frame', () => {
    const notGguf = { problem: 'Not a GGUF file (random bytes?): /m/x.gguf.', problemReason: 'not_gguf' as const };
    expect(problemText(zh, notGguf)).toBe(
      '无法装载：这不是 GGUF 模型文件（开头没有 GGUF 标识）。请删除它，或重新下载 .gguf 格式的模型。',
    );
    expect(problemText(en, notGguf)).toContain('Delete it, or download the model again');
    for (const reason of LIBRARY_PROBLEM_REASONS) {
      const chinese = problemText(zh, { problem: 'x', problemReason: reason });
      expect(
        /[\u4e00-\u9fff]/.test(chinese) && !/[A-Za-z]{6,}/.test(chinese.replace(/llama\.cpp|GGUF|gguf/g, '')),
        reason,
      ).toBe(true);
    }
  });

  it("shows the core's sentence for any other problem", () => {
    expect(problemText(en, { problem: 'Not a GGUF file (random bytes?).' })).toBe(
      'Cannot be loaded: Not a GGUF file (random bytes?).',
    );
  });
});

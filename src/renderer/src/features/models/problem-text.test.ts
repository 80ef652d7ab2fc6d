import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
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

  it("shows the core's sentence for any other problem", () => {
    expect(problemText(en, { problem: 'Not a GGUF file (random bytes?).' })).toBe(
      'Cannot be loaded: Not a GGUF file (random bytes?).',
    );
  });
});

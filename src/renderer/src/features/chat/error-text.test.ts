import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { answerErrorText } from './error-text';

describe('answerErrorText', () => {
  it('says an over-long conversation in words, with both numbers, in the UI language', () => {
    const error = { code: 'context_exceeded', message: 'raw', details: { nPromptTokens: 7048, nCtx: 2048 } };
    expect(answerErrorText(createTranslator('en'), error)).toMatch(/7,048 tokens.*2,048.*larger context/);
    expect(answerErrorText(createTranslator('zh'), error)).toContain('2,048');
  });

  it("says a known failure in the UI language with what to do, the core's words after it", () => {
    const zh = createTranslator('zh');
    const text = answerErrorText(zh, { code: 'network', message: 'connection refused' });
    expect(text.startsWith(zh('error.network'))).toBe(true);
    expect(text).toContain('connection refused');
  });

  it("keeps the core's sentence for an unknown failure, and says something when there is none", () => {
    expect(answerErrorText(createTranslator('en'), { code: 'from_a_newer_core', message: 'socket hang up' })).toBe(
      'socket hang up',
    );
    expect(answerErrorText(createTranslator('en'), undefined)).toBe(createTranslator('en')('chat.failed'));
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { answerErrorText } from './error-text';

describe('answerErrorText', () => {
  it('says an over-long conversation in words, with both numbers, in the UI language', () => {
    const error = { code: 'context_exceeded', message: 'raw', details: { nPromptTokens: 7048, nCtx: 2048 } };
    expect(answerErrorText(createTranslator('en'), error)).toMatch(/7,048 tokens.*2,048.*larger context/);
    expect(answerErrorText(createTranslator('zh'), error)).toContain('2,048');
  });

  it("keeps the core's sentence for other failures, and says something when there is none", () => {
    expect(answerErrorText(createTranslator('en'), { code: 'network', message: 'connection refused' })).toBe('connection refused');
    expect(answerErrorText(createTranslator('en'), undefined)).toBe(createTranslator('en')('chat.failed'));
  });
});

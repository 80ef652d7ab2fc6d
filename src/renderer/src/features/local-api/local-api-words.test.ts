// The Test's result in words, in both languages: what answered, or which step failed and why; and the parallel
// slots the API gets beside the one kept for the user's chat.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@renderer/i18n';
import { parallelText, testText } from './local-api-words';

const en = createTranslator('en');
const zh = createTranslator('zh');

describe('the Local API page’s words', () => {
  it('says what answered the Test', () => {
    expect(testText(en, { ok: true, models: ['tiny', 'big'], reply: ' Hi! ', durationMs: 1500 })).toBe(
      'It works: 2 models listed, and tiny answered “Hi!” (1.5 s in all).',
    );
    expect(testText(en, { ok: true, models: ['big'], durationMs: 12 })).toBe(
      'It works: the server lists 1 model (big) in 12 ms. Load a model to try a chat as well.',
    );
    expect(testText(en, { ok: true, models: [], durationMs: 3 })).toMatch(/^The server answers \(3 ms\), but has no/);
    expect(testText(zh, { ok: true, models: ['tiny'], reply: '你好', durationMs: 40 })).toBe(
      '可以使用：列出了 1 个模型，tiny 回答了“你好”（共 40 ms）。',
    );
  });

  it('says which step failed, with the server’s reason', () => {
    const failed = (step: 'models' | 'chat', status: number | null) =>
      testText(en, { ok: false, models: [], error: { step, status, message: 'why' }, durationMs: 1 });
    expect(failed('models', 401)).toBe('The server refused the key: why');
    expect(failed('models', 500)).toBe('Listing the models failed (500): why');
    expect(failed('chat', 503)).toBe('The models are listed, but the chat failed (503): why');
    expect(failed('chat', null)).toBe('The server did not answer: why');
  });

  it('counts the slots the API gets, one kept for the chat', () => {
    expect(parallelText(en, 4)).toBe('3 parallel (one kept for your own chat).');
    expect(parallelText(en, 1)).toBe('1 at a time: with one slot, the API shares it with your own chat.');
    expect(parallelText(zh, 2)).toBe('1 个并行（保留一个给你自己的聊天）。');
  });
});

import { describe, expect, it } from 'vitest';
import { insertTranscript, isNonSpeech } from './insert-transcript';

describe('insertTranscript', () => {
  it('appends when no cursor is known, with a space after Latin text', () => {
    expect(insertTranscript('', ' Hello world. ', null)).toEqual({ text: 'Hello world.', caret: 12 });
    expect(insertTranscript('Note:', 'buy milk', null)).toEqual({ text: 'Note: buy milk', caret: 14 });
    expect(insertTranscript('Note: ', 'buy milk', null)).toEqual({ text: 'Note: buy milk', caret: 14 });
  });

  it('inserts at the cursor, spacing Latin words apart', () => {
    expect(insertTranscript('Hello world', 'big', { start: 5, end: 5 })).toEqual({ text: 'Hello big world', caret: 9 });
    expect(insertTranscript('Helloworld', 'big', { start: 5, end: 5 })).toEqual({ text: 'Hello big world', caret: 10 });
    expect(insertTranscript('Say it.', 'again', { start: 6, end: 6 })).toEqual({ text: 'Say it again.', caret: 12 });
  });

  it('puts no spaces next to Chinese', () => {
    expect(insertTranscript('我想要。', '一杯咖啡', { start: 3, end: 3 })).toEqual({
      text: '我想要一杯咖啡。',
      caret: 7,
    });
    expect(insertTranscript('请翻译', 'hello', null)).toEqual({ text: '请翻译hello', caret: 8 });
  });

  it('replaces a selection, whichever way it was made', () => {
    expect(insertTranscript('one two three', 'TWO', { start: 4, end: 7 })).toEqual({ text: 'one TWO three', caret: 7 });
    expect(insertTranscript('one two three', 'TWO', { start: 7, end: 4 })).toEqual({ text: 'one TWO three', caret: 7 });
  });

  it('clamps a stale selection to the text', () => {
    expect(insertTranscript('abc', 'x', { start: 10, end: 12 })).toEqual({ text: 'abc x', caret: 5 });
    expect(insertTranscript('abc', 'x', { start: -3, end: -1 })).toEqual({ text: 'x abc', caret: 2 });
  });

  it('changes nothing for an empty transcript', () => {
    expect(insertTranscript('abc', '   ', { start: 1, end: 1 })).toEqual({ text: 'abc', caret: 1 });
  });
});

describe('isNonSpeech', () => {
  it('recognises whisper markers for sound that is not speech', () => {
    expect(isNonSpeech('[BLANK_AUDIO]')).toBe(true);
    expect(isNonSpeech(' (silence) [Music] ')).toBe(true);
    expect(isNonSpeech('*coughs*')).toBe(true);
    expect(isNonSpeech('')).toBe(true);
  });

  it('keeps real words, also next to a marker', () => {
    expect(isNonSpeech('Hello [laughs]')).toBe(false);
    expect(isNonSpeech('你好')).toBe(false);
  });
});

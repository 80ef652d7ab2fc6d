import { describe, expect, it } from 'vitest';
import { joinSegments } from './transcript-text';

describe('joinSegments', () => {
  it('joins Latin segments with one space and drops blank lines', () => {
    expect(joinSegments(' Hello there.\n\n And you?\r\n')).toBe('Hello there. And you?');
  });

  it('joins Chinese segments without a space', () => {
    expect(joinSegments('你好。\n今天天气很好。\n')).toBe('你好。今天天气很好。');
  });

  it('puts no space on a boundary where either side is CJK', () => {
    expect(joinSegments('打开 Chrome\n然后搜索 EVA\n then stop')).toBe('打开 Chrome然后搜索 EVA then stop');
  });

  it('an empty transcript (silence) is an empty string', () => {
    expect(joinSegments('')).toBe('');
    expect(joinSegments('\n \n')).toBe('');
  });
});

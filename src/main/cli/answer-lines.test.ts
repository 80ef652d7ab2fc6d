import { describe, expect, it } from 'vitest';
import { createAnswerLines, CTRL_C } from './answer-lines';

function reader() {
  const lines: string[] = [];
  return { lines, input: createAnswerLines((line) => lines.push(line)) };
}

describe('answer lines', () => {
  it('splits a pipe at LF and CRLF, across chunks, and keeps a last line without an end', () => {
    const { lines, input } = reader();
    input.push('one\ntwo\r');
    input.push('\nthree\r\nfo');
    input.push(Buffer.from('ur'));
    expect(lines).toEqual(['one', 'two', 'three']);
    expect(input.end()).toBe('four');
    expect(input.end()).toBeNull();
  });

  it('an empty line after a CRLF is still a line', () => {
    const { lines, input } = reader();
    input.push('a\r\n\r\n');
    expect(lines).toEqual(['a', '']);
  });

  it('raw: Enter ("\\r") ends the hidden answer and the next Enter, however soon, is the next (empty) answer', () => {
    const { lines, input } = reader();
    input.setRaw(true);
    input.push('sk-x\r');
    input.setRaw(false);
    input.push('\n');
    expect(lines).toEqual(['sk-x', '']);
  });

  it('raw: Backspace edits, Ctrl+C ends the answer as CTRL_C', () => {
    const { lines, input } = reader();
    input.setRaw(true);
    input.push('sk-xy\x7f\x7fz\r');
    input.push('half');
    input.push(CTRL_C);
    expect(lines).toEqual(['sk-z', CTRL_C]);
  });

  it('a character split between chunks is decoded whole', () => {
    const { lines, input } = reader();
    const bytes = Buffer.from('密钥\n');
    input.push(bytes.subarray(0, 2));
    input.push(bytes.subarray(2));
    expect(lines).toEqual(['密钥']);
  });
});

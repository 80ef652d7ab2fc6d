import { describe, expect, it } from 'vitest';
import { parseMessageLog } from './parse-message-log';

type Rec = { id: string; text?: string };
const validate = (value: unknown): Rec | null =>
  value && typeof value === 'object' && typeof (value as Rec).id === 'string' ? (value as Rec) : null;
const line = (id: string, text = 'hello'): string => JSON.stringify({ id, text });
const parse = (text: string | Buffer) => parseMessageLog(Buffer.isBuffer(text) ? text : Buffer.from(text), validate);
const ids = (text: string | Buffer) => parse(text).records.map((r) => r.value.id);

describe('message log parsing', () => {
  it('reads clean lines and reports exact byte ranges', () => {
    const text = `${line('a', 'héllo – 你好')}\n${line('b')}\n`;
    const bytes = Buffer.from(text);
    // The fast path for clean files reports character offsets...
    const fast = parse(text);
    expect(fast).toMatchObject({ exact: false, bad: [], endsWithNewline: true });
    expect(fast.records.map((r) => text.slice(r.start, r.end))).toEqual([line('a', 'héllo – 你好'), line('b')]);
    // ...and the exact one byte offsets, for rewriting the file byte for byte.
    const exact = parseMessageLog(bytes, validate, true);
    expect(exact).toMatchObject({ exact: true, bad: [], endsWithNewline: true });
    expect(exact.records.map((r) => bytes.toString('utf8', r.start, r.end))).toEqual([
      line('a', 'héllo – 你好'),
      line('b'),
    ]);
  });

  it('quarantines a torn last line and keeps the rest', () => {
    const good = `${line('a')}\n${line('b')}\n`;
    const torn = '{"id":"c","text":"hal';
    const parsed = parse(good + torn);
    expect(parsed.records.map((r) => r.value.id)).toEqual(['a', 'b']);
    expect(parsed.bad).toEqual([{ offset: Buffer.byteLength(good), length: torn.length, reason: 'torn_line' }]);
    expect(parsed.endsWithNewline).toBe(false);
  });

  it('splits two objects written onto one line', () => {
    const parsed = parse(`${line('a')}${line('b')}\n${line('c')}\n`);
    expect(parsed.records.map((r) => r.value.id)).toEqual(['a', 'b', 'c']);
    expect(parsed.bad).toEqual([]);
    expect(parsed.mergedLines).toBe(1);
  });

  it('recovers a record glued after a torn one', () => {
    const torn = '{"id":"x","text":"cut {off';
    const parsed = parse(`${torn}${line('b', 'braces { } and "quotes"')}\n`);
    expect(parsed.records.map((r) => r.value.id)).toEqual(['b']);
    expect(parsed.bad).toEqual([{ offset: 0, length: Buffer.byteLength(torn), reason: 'invalid_json' }]);
  });

  it('treats runs of NUL bytes as damage, wherever they are', () => {
    const a = Buffer.from(`${line('a')}\n`);
    const nul = Buffer.alloc(37);
    const b = Buffer.from(`${line('b')}\n`);
    const parsed = parse(Buffer.concat([a, nul, b, nul]));
    expect(parsed.records.map((r) => r.value.id)).toEqual(['a', 'b']);
    expect(parsed.bad).toEqual([
      { offset: a.length, length: 37, reason: 'nul_bytes' },
      { offset: a.length + 37 + b.length, length: 37, reason: 'nul_bytes' },
    ]);
  });

  it('reports invalid JSON and valid JSON that is not a record, in the middle of the file', () => {
    const text = `${line('a')}\nnot json at all\n{"no":"id"}\n[1,2]\n${line('b')}\n`;
    const parsed = parse(text);
    expect(parsed.records.map((r) => r.value.id)).toEqual(['a', 'b']);
    expect(parsed.bad.map((b) => b.reason)).toEqual(['invalid_json', 'invalid_message', 'invalid_json']);
  });

  it('ignores blank lines and CRLF endings', () => {
    expect(ids(`\n\n${line('a')}\r\n   \n${line('b')}`)).toEqual(['a', 'b']);
  });

  // A parser that backtracked over the braces would not finish within the test's timeout.
  it('survives a pathological line of braces', () => {
    const parsed = parse(`${'{'.repeat(200_000)}\n${line('a')}\n`);
    expect(parsed.records.map((r) => r.value.id)).toEqual(['a']);
    expect(parsed.bad).toHaveLength(1);
  });
});

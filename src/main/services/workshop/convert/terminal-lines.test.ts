import { describe, expect, it } from 'vitest';
import { terminalLineReader } from './terminal-lines';

function read(chunks: string[]): { segments: string[]; lines: string[] } {
  const segments: string[] = [];
  const lines: string[] = [];
  const reader = terminalLineReader({ segment: (text) => segments.push(text), line: (text) => lines.push(text) });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { segments, lines };
}

describe('terminalLineReader', () => {
  const tqdm =
    'INFO:x:plan\n\rWriting:   0%|          | 0.00/421k [00:00<?, ?byte/s]\rWriting: 100%|██████████| 421k/421k [00:00<00:00, 127Mbyte/s]\nINFO:x:done\n';

  it('gives every redraw of a tqdm bar to progress and only its last state to the log', () => {
    const { segments, lines } = read([tqdm]);
    expect(segments).toEqual([
      'INFO:x:plan',
      'Writing:   0%|          | 0.00/421k [00:00<?, ?byte/s]',
      'Writing: 100%|██████████| 421k/421k [00:00<00:00, 127Mbyte/s]',
      'INFO:x:done',
    ]);
    expect(lines).toEqual([
      'INFO:x:plan',
      'Writing: 100%|██████████| 421k/421k [00:00<00:00, 127Mbyte/s]',
      'INFO:x:done',
    ]);
  });

  it('is the same however the text is cut, a CRLF split between chunks included', () => {
    const text = `${tqdm}Windows line\r\nlast without newline`;
    const whole = read([text]);
    for (const size of [1, 2, 3, 7, 50]) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
      expect(read(chunks), `chunks of ${size}`).toEqual(whole);
    }
    expect(whole.lines.slice(-2)).toEqual(['Windows line', 'last without newline']);
  });

  it('keeps empty lines in the log but gives progress no empty segments', () => {
    expect(read(['a\n\nb\n'])).toEqual({ segments: ['a', 'b'], lines: ['a', '', 'b'] });
  });

  it('cuts a run without any separator instead of holding it forever', () => {
    const { segments, lines } = read(['x'.repeat(70_000), '\n']);
    expect(segments[0]).toHaveLength(70_000);
    expect(lines).toEqual(['']);
  });
});

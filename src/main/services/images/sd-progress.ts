// sd-cli's progress, read from its stdout as it comes: bars redrawn in place
// with `\r` (`  |====>     | 3/20 - 1.52it/s`, `#` bars with MB/s while it
// loads weights) between log lines (`generating image`, `decoding 1 latents`,
// `save result image`). Never split on `\n` alone: the bars never end a line.
// Pure but for the callback; keeps the last log lines for judging a failure.
import type { ImageProgress } from '@shared/images/image-types';

export type SdProgress = Omit<ImageProgress, 'jobId'>;

export interface SdOutputReader {
  push(text: string): void;
  /** the last log lines (bars left out), oldest first */
  lastLines(): string[];
}

const BAR = /\|([=>#\s]*)\|\s*(\d+)\/(\d+)\s*-\s*\S*?(it\/s|s\/it|[KMG]B\/s)/;
// The terminal escape sd-cli appends to each bar to clear the rest of the line (ESC [ K), built from its code
// point because a control character in a regex literal reads as a mistake.
const ESCAPES = new RegExp(`${String.fromCharCode(0x1b)}\\[[0-9;]*[A-Za-z]`, 'g');
const MAX_LINES = 40;
const MAX_CARRY = 64 * 1024;

export function sdOutputReader(onProgress: (progress: SdProgress) => void): SdOutputReader {
  let carry = '';
  let stage: 'loading' | 'sampling' | 'decoding' = 'loading';
  const lines: string[] = [];

  const segment = (raw: string) => {
    const text = raw.replace(ESCAPES, '').trim();
    if (text === '') return;
    const bar = BAR.exec(text);
    if (bar) {
      const [, body = '', done, total, unit = ''] = bar;
      const loading = unit.endsWith('B/s') || body.includes('#');
      // Loading the VAE's weights is part of decoding: the bar would only make the page jump back to "loading".
      if (loading && stage === 'decoding') return;
      onProgress({ phase: loading ? 'loading' : stage, done: Number(done), total: Number(total) });
      return;
    }
    lines.push(text);
    if (lines.length > MAX_LINES) lines.shift();
    if (/generating image: \d+\/\d+/.test(text) || /sampling using /.test(text)) {
      stage = 'sampling';
    } else if (/decoding \d+ latents?/.test(text)) {
      stage = 'decoding';
      onProgress({ phase: 'decoding', done: 0, total: 1 });
    } else if (/save result image/.test(text)) {
      onProgress({ phase: 'saving', done: 1, total: 1 });
    }
  };

  return {
    push(text) {
      const parts = (carry + text).split(/\r\n|\r|\n/);
      carry = parts.pop() ?? '';
      // A runaway line without an end would grow without bound; what matters is in its last part.
      if (carry.length > MAX_CARRY) carry = carry.slice(-MAX_CARRY);
      for (const part of parts) segment(part);
    },
    lastLines: () => (carry.trim() === '' ? [...lines] : [...lines, carry.replace(ESCAPES, '').trim()]),
  };
}

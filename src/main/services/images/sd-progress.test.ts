import { describe, expect, it } from 'vitest';
import { sdOutputReader, type SdProgress } from './sd-progress';

// What the real sd-cli (97d29908) printed on stdout for a 64×64, 2-step run of the tiny model.
const REAL = [
  '[INFO ] stable-diffusion.cpp:5628 - generate_image 64x64\n',
  '[INFO ] stable-diffusion.cpp:4380 - sampling using Euler A method\n',
  '\r  |###                                               | 8/196 - 41.50MB/s\x1b[K\r  |##################################################| 196/196 - 1.13GB/s\x1b[K\n',
  '[INFO ] stable-diffusion.cpp:5679 - generating image: 1/1 - seed 42\n',
  '\r  |=========================>                        | 1/2 - 1.86s/it\x1b[K',
  '\r  |==================================================| 2/2 - 1.90it/s\x1b[K\n',
  '[INFO ] stable-diffusion.cpp:5321 - decoding 1 latents\n',
  '\r  |##################################################| 140/140 - 1.93GB/s\x1b[K\n',
  "[INFO ] main.cpp:490  - save result image 0 to '/tmp/x.part.png' (success)\n",
];

function read(chunks: string[]): { events: SdProgress[]; lines: string[] } {
  const events: SdProgress[] = [];
  const reader = sdOutputReader((progress) => events.push(progress));
  for (const chunk of chunks) reader.push(chunk);
  return { events, lines: reader.lastLines() };
}

describe('sdOutputReader', () => {
  it('reads loading bars, each sampling step, decoding and saving from the real output', () => {
    const { events } = read(REAL);
    expect(events).toEqual([
      { phase: 'loading', done: 8, total: 196 },
      { phase: 'loading', done: 196, total: 196 },
      { phase: 'sampling', done: 1, total: 2 },
      { phase: 'sampling', done: 2, total: 2 },
      { phase: 'decoding', done: 0, total: 1 },
      { phase: 'saving', done: 1, total: 1 },
    ]);
  });

  it('gives the same events whatever the chunk boundaries (one byte at a time)', () => {
    const whole = read(REAL).events;
    expect(read([...REAL.join('')]).events).toEqual(whole);
  });

  it('keeps the log lines, never the bars, for judging a failure', () => {
    const { lines } = read([...REAL, '[INFO ] main.cpp:910  - new_sd_ctx_t failed']);
    expect(lines.some((line) => line.includes('|'))).toBe(false);
    expect(lines.at(-1)).toContain('new_sd_ctx_t failed');
    expect(lines).toContain("[INFO ] main.cpp:490  - save result image 0 to '/tmp/x.part.png' (success)");
  });
});

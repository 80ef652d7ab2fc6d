import { describe, expect, it } from 'vitest';
import { llamaTtsArgs, maxFramesFor, TTS_FRAMES_PER_SECOND } from './tts-args';

const base = {
  modelPath: '/m/qwen3tts.gguf',
  mmprojPath: '/m/mmproj.gguf',
  text: 'Hello there.',
  outPath: '/tmp/x/speech.wav',
  maxFrames: 40,
};

describe('llamaTtsArgs', () => {
  it('passes the model, the mmproj, the sentence, the output file and the frame limit', () => {
    expect(llamaTtsArgs({ ...base, architecture: 'qwen3tts' })).toEqual([
      '-m',
      '/m/qwen3tts.gguf',
      '--mmproj',
      '/m/mmproj.gguf',
      '-p',
      'Hello there.',
      '-o',
      '/tmp/x/speech.wav',
      '-n',
      '40',
    ]);
  });

  it('gives Qwen3-TTS the language, never Pocket TTS (its weights are one language)', () => {
    expect(llamaTtsArgs({ ...base, architecture: 'qwen3tts', language: 'zh' })).toContain('--tts-lang');
    expect(llamaTtsArgs({ ...base, architecture: 'pockettts', language: 'zh' })).not.toContain('--tts-lang');
  });

  it('adds the speaker recording, the threads and the seed when given', () => {
    const args = llamaTtsArgs({ ...base, architecture: 'pockettts', speakerPath: '/v/me.wav', threads: 4, seed: 7 });
    expect(args.slice(-6)).toEqual(['--tts-speaker-file', '/v/me.wav', '-t', '4', '-s', '7']);
  });
});

describe('maxFramesFor', () => {
  it('allows a second plus a tenth of a second a latin character, at 12.5 frames a second', () => {
    expect(TTS_FRAMES_PER_SECOND).toBe(12.5);
    expect(maxFramesFor('Hello there.')).toBe(Math.ceil((1 + 1.2) * 12.5));
  });

  it('allows more for a Chinese character than a latin one, and caps a huge text at two minutes', () => {
    expect(maxFramesFor('你好，世界。')).toBe(Math.ceil((1 + 0.35 * 6) * 12.5));
    expect(maxFramesFor('字'.repeat(2000))).toBe(1500);
  });
});

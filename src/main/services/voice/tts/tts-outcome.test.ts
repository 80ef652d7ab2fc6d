import { describe, expect, it } from 'vitest';
import { encodeWav16Mono } from '@shared/audio/wav';
import { judgeTtsRun, type TtsRunFacts } from './tts-outcome';

const wav = encodeWav16Mono(new Float32Array(1920).fill(0.1), 24_000);
const facts = (over: Partial<TtsRunFacts>): TtsRunFacts => ({
  stoppedBy: null,
  timeoutMs: 150_000,
  exit: { code: 0, signal: null, spawnError: null },
  tail: [],
  wav,
  binaryPath: '/bin/cpu/llama-tts',
  modelPath: '/m/voice.gguf',
  mmprojPath: '/m/mmproj.gguf',
  ...over,
});
const reasonOf = (verdict: ReturnType<typeof judgeTtsRun>) =>
  verdict.ok ? 'ok' : [verdict.failure.code, verdict.failure.details?.reason, verdict.failure.message];

describe('judgeTtsRun', () => {
  it('accepts a WAV and reads its header', () => {
    const verdict = judgeTtsRun(facts({}));
    expect(verdict.ok && verdict.info).toMatchObject({ sampleRate: 24_000, frames: 1920, durationMs: 80 });
  });

  it('says a stop was a stop and a timeout a timeout, whatever the exit', () => {
    const exit = { code: null, signal: 'SIGTERM' as const, spawnError: null };
    expect(reasonOf(judgeTtsRun(facts({ stoppedBy: 'cancel', exit })))).toEqual([
      'backend_failed',
      'tts_stopped',
      'Speaking was stopped.',
    ]);
    expect(reasonOf(judgeTtsRun(facts({ stoppedBy: 'timeout', exit })))[1]).toBe('tts_timeout');
  });

  it('tells a missing binary, an mmproj that makes no audio and a model llama-tts cannot load apart', () => {
    const failedWith = (tail: string[]) =>
      facts({ exit: { code: 1, signal: null, spawnError: null }, tail, wav: null });
    expect(reasonOf(judgeTtsRun(facts({ exit: { code: null, signal: null, spawnError: 'ENOENT' } })))[1]).toBe(
      'tts_binary_missing',
    );
    expect(reasonOf(judgeTtsRun(failedWith(['mmproj does not support audio generation'])))[1]).toBe(
      'tts_mmproj_mismatch',
    );
    expect(reasonOf(judgeTtsRun(failedWith(['llama_model_load: error loading model: unknown architecture'])))[1]).toBe(
      'tts_not_tts_model',
    );
    const other = reasonOf(judgeTtsRun(failedWith(['step_gen failed at frame 3'])));
    expect(other.slice(0, 2)).toEqual(['backend_failed', 'tts_failed']);
    expect(other[2]).toContain('step_gen failed at frame 3');
  });

  it('refuses an exit 0 without a WAV, or with a file that is not one', () => {
    expect(reasonOf(judgeTtsRun(facts({ wav: null })))[1]).toBe('tts_failed');
    expect(reasonOf(judgeTtsRun(facts({ wav: new TextEncoder().encode('hello') })))[2]).toMatch(/not audio/);
  });

  it('calls a crash a crash and an outside kill a kill', () => {
    const crash = judgeTtsRun(facts({ exit: { code: null, signal: 'SIGSEGV', spawnError: null } }));
    expect(reasonOf(crash)[2]).toMatch(/crashed \(SIGSEGV\)/);
    const killed = judgeTtsRun(facts({ exit: { code: null, signal: 'SIGKILL', spawnError: null } }));
    expect(reasonOf(killed)[2]).toMatch(/was killed \(SIGKILL\)/);
  });
});

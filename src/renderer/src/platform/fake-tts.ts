// The neural-voice channels of the in-memory platform: a model path ending in .gguf counts as a Qwen3-TTS voice
// with its mmproj beside it, and every sentence "speaks" as quiet silence of a plausible length; a speaker recording
// is "kept" under a numbered name in a made-up data dir. Nothing is run or written.
import { bytesToBase64 } from '@shared/audio/base64';
import type { TtsCheck } from '@shared/audio/tts-schemas';
import { encodeWav16Mono, parseWavHeader } from '@shared/audio/wav';
import type { FakeHandler } from './fake-handler';
import { ok } from './fake-handler';

type TtsChannel = 'voice:tts-check' | 'voice:tts-speak' | 'voice:tts-stop' | 'voice:tts-save-speaker';

const SAMPLE_RATE = 24_000;
/** How long the fake takes to say one character: a brisk reader. */
const MS_PER_CHARACTER = 60;

function fakeCheck(modelPath: string, mmprojPath: string | undefined): TtsCheck {
  if (!/\.gguf$/i.test(modelPath))
    return {
      ok: false,
      architecture: null,
      mmprojPath: null,
      needsSpeaker: false,
      problem: `${modelPath} is not a GGUF file: the neural voice needs a Qwen3-TTS or Pocket TTS GGUF model.`,
      reason: 'tts_not_tts_model',
    };
  const beside = modelPath.replace(/[^/\\]+$/, (name) => `mmproj-${name}`);
  return {
    ok: true,
    architecture: 'qwen3tts',
    mmprojPath: mmprojPath ?? beside,
    needsSpeaker: false,
    problem: null,
    reason: null,
  };
}

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function createFakeTts(): { [C in TtsChannel]: FakeHandler<C> } {
  let clips = 0;
  return {
    'voice:tts-check': ({ modelPath, mmprojPath }) => ok(fakeCheck(modelPath, mmprojPath)),
    'voice:tts-speak': ({ modelPath, mmprojPath, text }) => {
      const check = fakeCheck(modelPath, mmprojPath);
      if (!check.ok)
        return {
          ok: false,
          error: { code: 'model_invalid', message: check.problem ?? '', details: { reason: check.reason } },
        };
      const audioMs = Math.max(300, [...text].length * MS_PER_CHARACTER);
      const samples = new Float32Array(Math.round((audioMs / 1000) * SAMPLE_RATE));
      const wav = encodeWav16Mono(samples, SAMPLE_RATE);
      return ok({ wavBase64: bytesToBase64(wav), sampleRate: SAMPLE_RATE, audioMs, synthMs: 0 });
    },
    'voice:tts-stop': () => ok({ stopped: 0 }),
    'voice:tts-save-speaker': ({ wavBase64 }) => {
      try {
        const info = parseWavHeader(base64ToBytes(wavBase64));
        return ok({ path: `/data/voice/speaker-${++clips}.wav`, audioMs: Math.round(info.durationMs) });
      } catch (error) {
        const message = `The speaker recording is not a usable WAV file: ${(error as Error).message}.`;
        return { ok: false, error: { code: 'bad_request', message, details: { reason: 'audio_invalid' } } };
      }
    },
  };
}

// The voice channels of the in-memory platform: whisper-cli "exists", the model
// counts as present when settings.voice.modelPath ends in .bin, and every
// recording transcribes to the same demo sentence. Nothing is run.
import type { AppSettings, InvokeInput, InvokeOutput } from '@shared/contract';
import type { VoiceStatus } from '@shared/audio/voice-schemas';
import { parseWavHeader } from '@shared/audio/wav';
import type { Result } from './types';

type VoiceChannel = 'voice:transcribe' | 'voice:cancel' | 'voice:status';
type Handler<C extends VoiceChannel> = (input: InvokeInput<C>) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;

/** What the fake transcribes every recording to. */
export const FAKE_TRANSCRIPT = 'This is a simulated transcript.';

export function createFakeVoice(deps: { state: { settings: AppSettings } }): { [C in VoiceChannel]: Handler<C> } {
  const status = (): VoiceStatus => {
    const { modelPath, language } = deps.state.settings.voice;
    const model = modelPath === '' ? 'not_configured' : /\.bin$/i.test(modelPath) ? 'ok' : 'invalid';
    const problem = model === 'not_configured' ? 'No whisper model is set: pick a whisper.cpp ggml model (for example ggml-base.bin) in Settings → Voice.' : model === 'invalid' ? `${modelPath} is not a whisper.cpp ggml model.` : null;
    return { binaryPath: '/app/bin/cpu/whisper-cli', modelPath, model, language, problem };
  };
  return {
    'voice:status': () => ({ ok: true, value: status() }),
    'voice:cancel': () => ({ ok: true, value: { cancelled: false } }),
    'voice:transcribe': (input) => {
      const now = status();
      if (now.problem) return { ok: false, error: { code: now.model === 'invalid' ? 'model_invalid' : 'model_missing', message: now.problem, details: { reason: now.model === 'invalid' ? 'model_invalid' : 'model_not_configured' } } };
      let audioMs: number;
      try {
        audioMs = Math.round(parseWavHeader(Uint8Array.from(atob(input.wavBase64), (c) => c.charCodeAt(0))).durationMs);
      } catch (error) {
        return { ok: false, error: { code: 'bad_request', message: `The recording is not a usable WAV file: ${(error as Error).message}.`, details: { reason: 'audio_invalid' } } };
      }
      return { ok: true, value: { text: FAKE_TRANSCRIPT, durationMs: 0, audioMs } };
    },
  };
}

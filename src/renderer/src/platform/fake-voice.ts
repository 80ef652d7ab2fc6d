// The voice channels of the in-memory platform: whisper-cli "exists", the model
// counts as present when settings.voice.modelPath ends in .bin, and every
// recording transcribes to the same demo sentence. Nothing is run. Recordings
// sent piece by piece are checked like the core does: no gaps, the length agreed.
import type { AppSettings } from '@shared/contract';
import type { VoiceStatus, VoiceTranscript } from '@shared/audio/voice-schemas';
import { parseWavHeader } from '@shared/audio/wav';
import type { Result } from './types';
import type { FakeHandler } from './fake-handler';

type VoiceChannel =
  | 'voice:transcribe'
  | 'voice:append-audio'
  | 'voice:transcribe-recording'
  | 'voice:discard-recording'
  | 'voice:cancel'
  | 'voice:status';

/** What the fake transcribes every recording to. */
export const FAKE_TRANSCRIPT = 'This is a simulated transcript.';

export function createFakeVoice(deps: { state: { settings: AppSettings } }): { [C in VoiceChannel]: FakeHandler<C> } {
  const status = (): VoiceStatus => {
    const { modelPath, language } = deps.state.settings.voice;
    const model = modelPath === '' ? 'not_configured' : /\.bin$/i.test(modelPath) ? 'ok' : 'invalid';
    const problem =
      model === 'not_configured'
        ? 'No whisper model is set: pick a whisper.cpp ggml model (for example ggml-base.bin) in Settings → Voice.'
        : model === 'invalid'
          ? `${modelPath} is not a whisper.cpp ggml model.`
          : null;
    return { binaryPath: '/app/bin/cpu/whisper-cli', modelPath, model, language, problem };
  };
  const unusable = (): Result<never> | null => {
    const now = status();
    return now.problem
      ? {
          ok: false,
          error: {
            code: now.model === 'invalid' ? 'model_invalid' : 'model_missing',
            message: now.problem,
            details: { reason: now.model === 'invalid' ? 'model_invalid' : 'model_not_configured' },
          },
        }
      : null;
  };
  const incomplete = (message: string): Result<never> => ({
    ok: false,
    error: { code: 'bad_request', message, details: { reason: 'recording_incomplete' } },
  });
  /** bytes received of each recording being sent */
  const recordings = new Map<string, number>();
  return {
    'voice:status': () => ({ ok: true, value: status() }),
    'voice:cancel': () => ({ ok: true, value: { cancelled: false } }),
    'voice:append-audio': ({ recordingId, offset, pcmBase64 }) => {
      const held = recordings.get(recordingId) ?? 0;
      if (offset !== held) {
        recordings.delete(recordingId);
        return incomplete(`recording ${recordingId} continued at byte ${offset}, but ${held} had arrived`);
      }
      const bytes = held + atob(pcmBase64).length;
      recordings.set(recordingId, bytes);
      return { ok: true, value: { bytes } };
    },
    'voice:transcribe-recording': ({ recordingId, bytes }): Result<VoiceTranscript> => {
      const held = recordings.get(recordingId);
      recordings.delete(recordingId);
      if (held !== bytes)
        return incomplete(`recording ${recordingId} should hold ${bytes} bytes, ${held ?? 0} arrived`);
      return (
        unusable() ?? {
          ok: true,
          value: { text: FAKE_TRANSCRIPT, durationMs: 0, audioMs: Math.round((bytes / 2 / 16_000) * 1000) },
        }
      );
    },
    'voice:discard-recording': ({ recordingId }) => ({
      ok: true,
      value: { discarded: recordings.delete(recordingId) },
    }),
    'voice:transcribe': (input) => {
      const problem = unusable();
      if (problem) return problem;
      let audioMs: number;
      try {
        audioMs = Math.round(parseWavHeader(Uint8Array.from(atob(input.wavBase64), (c) => c.charCodeAt(0))).durationMs);
      } catch (error) {
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: `The recording is not a usable WAV file: ${(error as Error).message}.`,
            details: { reason: 'audio_invalid' },
          },
        };
      }
      return { ok: true, value: { text: FAKE_TRANSCRIPT, durationMs: 0, audioMs } };
    },
  };
}

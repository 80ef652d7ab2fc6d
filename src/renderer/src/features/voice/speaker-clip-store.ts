// The neural voice's speaker recording (a few seconds of the voice to imitate): recorded with F2's microphone
// capture or decoded from a picked file, converted exactly as whisper's input is (whisperInput: 16 kHz mono WAV)
// and kept by the core in the data dir (voice:tts-save-speaker), which answers the path for the settings.
// Free of React and of the browser's audio (passed in).
import { bytesToBase64 } from '@shared/audio/base64';
import { MAX_SPEAKER_MS, type TtsSpeakerClip } from '@shared/audio/tts-schemas';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { MessageKey, MessageVars } from '../../i18n';
import type { AppError, EvaApi } from '../../platform/types';
import type { CaptureSession, DecodeAudio, OpenMicrophone, RecordedAudio, RecordedPcm } from './capture';
import { MIC_KEYS } from './voice-notices';
import { micProblemOf } from './mic-problem';
import type { AudioFile } from './recorder-types';
import { whisperInput } from './whisper-input';

export type SpeakerClipState =
  | { phase: 'idle' }
  | { phase: 'recording' }
  /** converting and sending to the core */
  | { phase: 'saving' };

/** Why a recording or file did not become the speaker recording: page words, or the core's refusal. */
export type SpeakerClipProblem = { key: MessageKey; vars?: MessageVars } | { error: AppError };

export type SpeakerClipResult = { ok: true; clip: TtsSpeakerClip } | { ok: false; problem: SpeakerClipProblem } | null;

export interface SpeakerClipStore {
  state: StoreApi<SpeakerClipState>;
  /** open the microphone and record; a problem when it cannot */
  record(): Promise<SpeakerClipProblem | null>;
  /** stop recording and keep it; null when nothing was being recorded or it was discarded meanwhile */
  stop(): Promise<SpeakerClipResult>;
  /** decode a picked audio file and keep it */
  pick(file: AudioFile): Promise<SpeakerClipResult>;
  /** stop recording and keep nothing (the panel closed) */
  discard(): void;
}

export interface SpeakerClipDeps {
  api: Pick<EvaApi, 'invoke'>;
  openMicrophone: OpenMicrophone;
  decodeAudio: DecodeAudio;
}

const message = (error: unknown): string => (error as Error)?.message ?? String(error);

export function createSpeakerClipStore(deps: SpeakerClipDeps): SpeakerClipStore {
  const state = createStore<SpeakerClipState>()(() => ({ phase: 'idle' }));
  let capture: CaptureSession | null = null;
  // Bumped by discard and every start, so a late answer of an abandoned one is dropped.
  let ticket = 0;

  const keep = async (audio: RecordedAudio | RecordedPcm, mine: number): Promise<SpeakerClipResult> => {
    const done = (result: SpeakerClipResult): SpeakerClipResult => {
      if (mine !== ticket) return null;
      state.setState({ phase: 'idle' }, true);
      return result;
    };
    let wav: Uint8Array;
    try {
      const input = whisperInput(audio);
      if (input.frames === 0) return done({ ok: false, problem: { key: 'voice.empty' } });
      if (input.facts.durationMs > MAX_SPEAKER_MS)
        return done({
          ok: false,
          problem: { key: 'readAloud.neural.speakerTooLong', vars: { seconds: MAX_SPEAKER_MS / 1000 } },
        });
      wav = input.wav();
    } catch (error) {
      return done({ ok: false, problem: { key: 'voice.failed', vars: { message: message(error) } } });
    }
    const result = await deps.api.invoke('voice:tts-save-speaker', { wavBase64: bytesToBase64(wav) });
    return done(result.ok ? { ok: true, clip: result.value } : { ok: false, problem: { error: result.error } });
  };

  return {
    state,
    async record() {
      if (state.getState().phase !== 'idle') return null;
      const mine = ++ticket;
      state.setState({ phase: 'recording' }, true);
      let opened: CaptureSession;
      try {
        // The PCM pieces stay with the capture: a speaker recording travels whole once it is done.
        opened = await deps.openMicrophone(() => {});
      } catch (error) {
        if (mine === ticket) state.setState({ phase: 'idle' }, true);
        const problem = micProblemOf(error);
        return { key: MIC_KEYS[problem], vars: { message: message(error) } };
      }
      if (mine !== ticket) {
        opened.discard();
        return null;
      }
      capture = opened;
      return null;
    },
    async stop() {
      const current = capture;
      if (!current || state.getState().phase !== 'recording') return null;
      capture = null;
      const mine = ticket;
      state.setState({ phase: 'saving' }, true);
      let audio: RecordedAudio | RecordedPcm;
      try {
        audio = await current.finish();
      } catch (error) {
        if (mine === ticket) state.setState({ phase: 'idle' }, true);
        return { ok: false, problem: { key: 'voice.mic.failed', vars: { message: message(error) } } };
      }
      return keep(audio, mine);
    },
    async pick(file) {
      if (state.getState().phase !== 'idle') return null;
      const mine = ++ticket;
      state.setState({ phase: 'saving' }, true);
      let audio: RecordedAudio;
      try {
        audio = await deps.decodeAudio(await file.arrayBuffer());
      } catch (error) {
        if (mine === ticket) state.setState({ phase: 'idle' }, true);
        return {
          ok: false,
          problem: { key: 'voice.decodeFailed', vars: { name: file.name, message: message(error) } },
        };
      }
      return keep(audio, mine);
    },
    discard() {
      ticket++;
      capture?.discard();
      capture = null;
      state.setState({ phase: 'idle' }, true);
    },
  };
}

// F2 voice input: record from the microphone (or take an audio file), turn it
// into the 16 kHz mono WAV whisper reads, transcribe it in the core and put the
// words into the draft at the cursor. A microphone recording travels to the core
// while it is made (recording-upload.ts), so the stop sends only a small request.
// Free of React and of the browser's audio APIs (passed in), so all of it runs in tests.
import { bytesToBase64 } from '@shared/audio/base64';
import { MAX_WAV_BYTES, type VoiceStatus } from '@shared/audio/voice-schemas';
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';
import { createStore } from 'zustand/vanilla';
import { realTimers } from '../../lib/timers';
import type { CaptureSession, RecordedAudio, RecordedPcm } from './capture';
import { insertTranscript, isNonSpeech } from './insert-transcript';
import { micProblemOf } from './mic-problem';
import { createRecordingUpload, type RecordingUpload } from './recording-upload';
import type {
  DraftText,
  RecorderDeps,
  RecorderState,
  RecorderStore,
  RecordingFacts,
  TextInput,
  VoiceNotify,
} from './recorder-types';
import { MIC_KEYS, transcribeFailureNotice } from './voice-notices';
import { whisperInput, type WhisperInput } from './whisper-input';

export * from './recorder-types';
export { transcribeFailureNotice } from './voice-notices';

/** 15 minutes: the WAV stays under the contract's 32 MiB, with room to spare. */
export const MAX_RECORDING_MS = 15 * 60_000;
/** Larger files would decode to more samples than a transcription takes anyway. */
export const MAX_AUDIO_FILE_BYTES = 200 * 1024 * 1024;

export function createRecorderStore<D extends DraftText>(deps: RecorderDeps<D>): RecorderStore {
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? realTimers();
  const maxRecordingMs = deps.maxRecordingMs ?? MAX_RECORDING_MS;
  const state = createStore<RecorderState>()(() => ({ phase: 'idle' }));
  const status = createStore<VoiceStatus | null>()(() => null);
  const last = createStore<RecordingFacts | null>()(() => null);
  let recording: { capture: CaptureSession; upload: RecordingUpload } | null = null;
  let autoStop: unknown = null;
  let input: TextInput | null = null;
  // Bumped by cancel and by every start, so an answer that arrives late is dropped.
  let ticket = 0;

  const refreshStatus = async (): Promise<VoiceStatus | null> => {
    const result = await deps.api.invoke('voice:status');
    if (result.ok) status.setState(result.value, true);
    return result.ok ? result.value : null;
  };

  /** The status check before anything is asked of the user: false (and a notice) when transcription cannot work. */
  const ready = async (notify: VoiceNotify): Promise<boolean> => {
    const current = await refreshStatus();
    if (!current?.problem) return true;
    notify(
      current.model === 'not_configured'
        ? { level: 'warning', code: 'voice_model_not_configured', key: 'voice.modelNotConfigured' }
        : { level: 'warning', code: 'voice_not_ready', key: 'voice.notReady', vars: { problem: current.problem } },
    );
    return false;
  };

  const insert = (transcript: string): void => {
    const selection = input?.selection() ?? null;
    const { text, caret } = insertTranscript(deps.draft.getState().text, transcript, selection);
    deps.draft.setState((draft) => ({ ...draft, text }), true);
    input?.placeCaret(caret);
  };

  /** `upload`: where a microphone recording already went while it was made (it is sent whole only when that failed). */
  const transcribe = async (
    audio: RecordedAudio | RecordedPcm,
    source: RecordingFacts['source'],
    notify: VoiceNotify,
    mine: number,
    upload?: RecordingUpload,
  ): Promise<void> => {
    const giveUp = (): void => {
      upload?.discard();
      state.setState({ phase: 'idle' }, true);
    };
    let input: WhisperInput;
    try {
      input = whisperInput(audio);
    } catch (error) {
      giveUp();
      notify({
        level: 'error',
        code: 'voice_audio_invalid',
        key: 'voice.failed',
        vars: { message: (error as Error).message },
      });
      return;
    }
    if (input.frames === 0) {
      giveUp();
      notify({ level: 'warning', code: 'voice_empty', key: 'voice.empty' });
      return;
    }
    last.setState({ source, ...input.facts }, true);
    if (input.facts.wavBytes > MAX_WAV_BYTES) {
      giveUp();
      notify({
        level: 'warning',
        code: 'voice_too_long',
        key: 'voice.tooLong',
        vars: { minutes: Math.floor(MAX_WAV_BYTES / 2 / WHISPER_SAMPLE_RATE / 60) },
      });
      return;
    }
    const requestId = deps.newId();
    state.setState({ phase: 'transcribing', requestId, source }, true);
    const language = deps.settings()?.voice.language;
    const options = { requestId, ...(language ? { language } : {}) };
    const streamed = upload ? await upload.finish(options) : null;
    if (mine !== ticket) return;
    const result =
      streamed ?? (await deps.api.invoke('voice:transcribe', { wavBase64: bytesToBase64(input.wav()), ...options }));
    if (mine !== ticket) return;
    state.setState({ phase: 'idle' }, true);
    if (!result.ok) {
      const notice = transcribeFailureNotice(result.error);
      if (notice) notify(notice);
      if (result.error.details?.reason !== 'cancelled') void refreshStatus();
      return;
    }
    if (isNonSpeech(result.value.text)) {
      notify({ level: 'info', code: 'voice_no_speech', key: 'voice.noSpeech' });
      return;
    }
    insert(result.value.text);
  };

  const release = (): typeof recording => {
    if (autoStop !== null) timers.clearTimeout(autoStop);
    autoStop = null;
    const current = recording;
    recording = null;
    return current;
  };

  const start = async (notify: VoiceNotify): Promise<void> => {
    if (state.getState().phase !== 'idle') return;
    const mine = ++ticket;
    state.setState({ phase: 'opening' }, true);
    // Before the microphone is asked for: no permission prompt for a recording that could not be transcribed.
    const usable = await ready(notify);
    if (mine !== ticket) return;
    if (!usable) {
      state.setState({ phase: 'idle' }, true);
      return;
    }
    const upload = createRecordingUpload(deps.api, deps.newId());
    let opened: CaptureSession;
    try {
      opened = await deps.openMicrophone((pcm) => upload.append(pcm));
    } catch (error) {
      if (mine !== ticket) return;
      state.setState({ phase: 'idle' }, true);
      const problem = micProblemOf(error);
      notify({
        level: 'error',
        code: `microphone_${problem}`,
        key: MIC_KEYS[problem],
        vars: { message: (error as Error)?.message ?? String(error) },
      });
      return;
    }
    if (mine !== ticket) {
      opened.discard();
      upload.discard();
      return;
    }
    recording = { capture: opened, upload };
    state.setState({ phase: 'recording', startedAt: now() }, true);
    autoStop = timers.setTimeout(() => {
      notify({
        level: 'info',
        code: 'voice_auto_stopped',
        key: 'voice.autoStopped',
        vars: { minutes: Math.round(maxRecordingMs / 60_000) },
      });
      void stop(notify);
    }, maxRecordingMs);
  };

  const stop = async (notify: VoiceNotify): Promise<void> => {
    const current = state.getState().phase === 'recording' ? release() : null;
    if (!current) return;
    const mine = ticket;
    // Until whisper is called this is still the recording's end: Esc now drops it too.
    state.setState({ phase: 'transcribing', requestId: null, source: 'microphone' }, true);
    let audio: RecordedAudio | RecordedPcm;
    try {
      audio = await current.capture.finish();
    } catch (error) {
      current.upload.discard();
      if (mine !== ticket) return;
      state.setState({ phase: 'idle' }, true);
      notify({
        level: 'error',
        code: 'microphone_failed',
        key: 'voice.mic.failed',
        vars: { message: (error as Error).message },
      });
      return;
    }
    if (mine !== ticket) {
      current.upload.discard();
      return;
    }
    await transcribe(audio, 'microphone', notify, mine, current.upload);
  };

  return {
    state,
    status,
    last,
    refreshStatus,
    level: () => recording?.capture.level() ?? 0,
    toggle: (notify) => {
      const { phase } = state.getState();
      if (phase === 'idle') return start(notify);
      if (phase === 'recording') return stop(notify);
      return Promise.resolve();
    },
    startRecording: start,
    stopRecording: stop,
    cancel: () => {
      const current = state.getState();
      if (current.phase === 'idle') return;
      ticket++;
      const dropped = release();
      dropped?.capture.discard();
      dropped?.upload.discard();
      if (current.phase === 'transcribing' && current.requestId !== null)
        void deps.api.invoke('voice:cancel', { requestId: current.requestId });
      state.setState({ phase: 'idle' }, true);
    },
    async transcribeFile(file, notify) {
      if (state.getState().phase !== 'idle') {
        notify({ level: 'warning', code: 'voice_busy', key: 'voice.busy' });
        return;
      }
      if (file.size > MAX_AUDIO_FILE_BYTES) {
        notify({
          level: 'warning',
          code: 'voice_file_too_large',
          key: 'voice.fileTooLarge',
          vars: { name: file.name, mb: MAX_AUDIO_FILE_BYTES / 1024 / 1024 },
        });
        return;
      }
      const mine = ++ticket;
      state.setState({ phase: 'decoding', name: file.name }, true);
      if (!(await ready(notify))) {
        if (mine === ticket) state.setState({ phase: 'idle' }, true);
        return;
      }
      let audio: RecordedAudio;
      try {
        audio = await deps.decodeAudio(await file.arrayBuffer());
      } catch (error) {
        if (mine !== ticket) return;
        state.setState({ phase: 'idle' }, true);
        notify({
          level: 'error',
          code: 'voice_decode_failed',
          key: 'voice.decodeFailed',
          vars: { name: file.name, message: (error as Error)?.message ?? String(error) },
        });
        return;
      }
      if (mine !== ticket) return;
      await transcribe(audio, 'file', notify, mine);
    },
    attachInput(next) {
      input = next;
      return () => {
        if (input === next) input = null;
      };
    },
  };
}

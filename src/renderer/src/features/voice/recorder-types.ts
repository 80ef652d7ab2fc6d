// The recorder's shape: its phases, what it reports, what it needs and offers.
import type { StoreApi } from 'zustand/vanilla';
import type { VoiceStatus } from '@shared/audio/voice-schemas';
import type { AppSettings } from '@shared/contract';
import type { MessageKey, MessageVars } from '../../i18n';
import type { Timers } from '../../lib/timers';
import type { EvaApi } from '../../platform/types';
import type { DecodeAudio, OpenMicrophone } from './capture';
import type { TextSelection } from './insert-transcript';

export type RecorderState =
  | { phase: 'idle' }
  /** checking voice:status and asking for the microphone */
  | { phase: 'opening' }
  | { phase: 'recording'; startedAt: number }
  | { phase: 'decoding'; name: string }
  /** requestId is null while the audio is still being prepared, before voice:transcribe is called */
  | { phase: 'transcribing'; requestId: string | null; source: 'microphone' | 'file' };

/** What the last recording or file held, as sent to whisper. */
export interface RecordingFacts {
  source: 'microphone' | 'file';
  /** length of the audio, ms */
  durationMs: number;
  /** RMS of the captured samples (0 = silence) */
  rms: number;
  sampleRate: number;
  wavBytes: number;
}

/** A message for the user, as message keys so it follows the UI language. */
export interface VoiceNotice {
  level: 'info' | 'warning' | 'error';
  code: string;
  key: MessageKey;
  vars?: MessageVars;
}
export type VoiceNotify = (notice: VoiceNotice) => void;

/** The draft's text box, as far as inserting goes (the composer attaches it while it is on screen). */
export interface TextInput {
  /** the cursor or selection; null when the user has not been in the box */
  selection(): TextSelection | null;
  placeCaret(at: number): void;
}

/** An audio file picked for transcription. */
export interface AudioFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The draft the words go into: any store whose state has the text being written (the chat's draft). */
export interface DraftText {
  text: string;
}

export interface RecorderDeps<D extends DraftText = DraftText> {
  api: EvaApi;
  draft: StoreApi<D>;
  settings: () => AppSettings | null;
  openMicrophone: OpenMicrophone;
  decodeAudio: DecodeAudio;
  newId: () => string;
  now?: () => number;
  timers?: Timers;
  /** a recording this long stops by itself */
  maxRecordingMs?: number;
}

export interface RecorderStore {
  state: StoreApi<RecorderState>;
  /** voice:status: whether transcription can work, and if not why (null until fetched) */
  status: StoreApi<VoiceStatus | null>;
  last: StoreApi<RecordingFacts | null>;
  refreshStatus(): Promise<VoiceStatus | null>;
  /** the microphone's level now, 0–1 RMS (0 when not recording) */
  level(): number;
  /** F2 / the mic button: start when idle, stop and transcribe when recording */
  toggle(notify: VoiceNotify): Promise<void>;
  startRecording(notify: VoiceNotify): Promise<void>;
  stopRecording(notify: VoiceNotify): Promise<void>;
  /** Esc: drop the recording, or stop the transcription (voice:cancel) */
  cancel(): void;
  transcribeFile(file: AudioFile, notify: VoiceNotify): Promise<void>;
  /** the composer's text box; returns the detach function */
  attachInput(input: TextInput): () => void;
}

// Voice input's part of the contract: recordings sent while they are made, and
// their transcription with whisper-cli.
import { channel, emptyInput, requestRef } from '../contract-parts';
import {
  VoiceAppendAudioSchema,
  VoiceRecordingRefSchema,
  VoiceTranscribeRecordingSchema,
  VoiceTranscribeSchema,
  type VoiceStatus,
  type VoiceTranscript,
} from './voice-schemas';

export const voiceChannels = {
  /**
   * Transcribe a WAV (16 kHz mono 16-bit from toWhisperWav) with whisper-cli and settings.voice; failures carry
   * `details.reason` (VoiceFailureReason).
   */
  'voice:transcribe': channel<typeof VoiceTranscribeSchema, VoiceTranscript>(VoiceTranscribeSchema),
  /**
   * The next piece of a microphone recording while it is made, so stopping leaves almost nothing to send; answers the
   * bytes the core now holds.
   */
  'voice:append-audio': channel<typeof VoiceAppendAudioSchema, { bytes: number }>(VoiceAppendAudioSchema),
  /**
   * Transcribe a recording sent with voice:append-audio, like voice:transcribe; `recording_incomplete` when the core
   * lacks part of it.
   */
  'voice:transcribe-recording': channel<typeof VoiceTranscribeRecordingSchema, VoiceTranscript>(
    VoiceTranscribeRecordingSchema,
  ),
  /** Forget a recording sent with voice:append-audio (the user dropped it). */
  'voice:discard-recording': channel<typeof VoiceRecordingRefSchema, { discarded: boolean }>(VoiceRecordingRefSchema),
  /** Stop the transcription started with this request id. */
  'voice:cancel': channel<typeof requestRef, { cancelled: boolean }>(requestRef),
  /** Whether voice input can work now: whisper-cli found, model configured and readable. */
  'voice:status': channel<typeof emptyInput, VoiceStatus>(emptyInput),
} as const;

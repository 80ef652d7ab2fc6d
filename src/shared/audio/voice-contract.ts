// Voice's part of the contract: recordings sent while they are made, their
// transcription with whisper-cli, and Read aloud's neural voice (llama-tts).
import { channel, emptyInput, requestRef } from '../contract-parts';
import {
  VoiceAppendAudioSchema,
  VoiceRecordingRefSchema,
  VoiceTranscribeRecordingSchema,
  VoiceTranscribeSchema,
  type VoiceStatus,
  type VoiceTranscript,
} from './voice-schemas';
import {
  TtsCheckSchema,
  TtsSaveSpeakerSchema,
  TtsSpeakSchema,
  TtsStopSchema,
  type TtsCheck,
  type TtsSpeakerClip,
  type TtsSpeech,
} from './tts-schemas';

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
  /** Read aloud's neural voice: whether these files make a voice llama-tts can speak with, and if not, why. */
  'voice:tts-check': channel<typeof TtsCheckSchema, TtsCheck>(TtsCheckSchema),
  /**
   * Speak one sentence with llama-tts: a WAV, queued behind at most one other sentence; failures carry
   * `details.reason` (tts_busy when two are already held, tts_stopped after voice:tts-stop).
   */
  'voice:tts-speak': channel<typeof TtsSpeakSchema, TtsSpeech>(TtsSpeakSchema),
  /** Stop one sentence (by request id) or all of them: the running synthesis is killed at once. */
  'voice:tts-stop': channel<typeof TtsStopSchema, { stopped: number }>(TtsStopSchema),
  /**
   * Keep a recording of the voice to imitate in the data dir, for settings.tts.speakerPath; earlier ones not in use are
   * removed. Refused (`audio_invalid`, `too_long`) when it is no WAV or longer than MAX_SPEAKER_MS.
   */
  'voice:tts-save-speaker': channel<typeof TtsSaveSpeakerSchema, TtsSpeakerClip>(TtsSaveSpeakerSchema),
} as const;

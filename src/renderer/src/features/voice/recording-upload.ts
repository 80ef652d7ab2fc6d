// A microphone recording sent to the core while the user is still speaking
// (voice:append-audio), so that stopping leaves only a small request to send.
// Sent whole at the stop, 5 s of audio was a ~210 KB frame, and Chromium moves a
// WebSocket frame over ~64 KB only while the page's main thread is free — which
// right after the stop it is not (the rendering of the new state): ~10 ms of the
// ~30 ms the page added to whisper's own time. The page keeps its own copy of the
// recording, so when any piece fails to arrive, finish() answers null and the
// caller sends the recording whole, as a file is sent.
import { bytesToBase64 } from '@shared/audio/base64';
import type { VoiceLanguage, VoiceTranscript } from '@shared/audio/voice-schemas';
import type { EvaApi, Result } from '../../platform/types';

export interface RecordingUpload {
  /** sends the next piece; pieces must come in the order they were recorded */
  append(pcm: Uint8Array): void;
  /** the core's transcript of the pieces sent; null when nothing was sent or the core lacks part of it */
  finish(input: { requestId: string; language?: VoiceLanguage }): Promise<Result<VoiceTranscript> | null>;
  /** the recording will not be transcribed: the core may forget it */
  discard(): void;
}

export function createRecordingUpload(api: EvaApi, recordingId: string): RecordingUpload {
  let bytes = 0;
  let broken = false;
  const discard = (): void => {
    if (bytes > 0) void api.invoke('voice:discard-recording', { recordingId });
  };
  return {
    append(pcm) {
      if (broken || pcm.length === 0) return;
      const offset = bytes;
      bytes += pcm.length;
      void api.invoke('voice:append-audio', { recordingId, offset, pcmBase64: bytesToBase64(pcm) }).then((result) => {
        if (!result.ok) broken = true;
      });
    },
    async finish(input) {
      if (bytes === 0) return null;
      if (broken) {
        discard();
        return null;
      }
      // A piece still on its way that fails makes the length disagree: recording_incomplete, and the caller sends it
      // whole.
      const result = await api.invoke('voice:transcribe-recording', { recordingId, bytes, ...input });
      return !result.ok && result.error.details?.reason === 'recording_incomplete' ? null : result;
    },
    discard,
  };
}

// The contract's voice:* handlers: a file transcribed, a recording streamed in
// while the user speaks and transcribed at the end, cancel and status.
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { VoiceService } from './voice-service';

export function voiceHandlers(voice: VoiceService): Pick<InvokeHandlers, ChannelsOf<'voice'>> {
  return {
    'voice:transcribe': async (input) => voice.transcribe(input),
    // Synchronous inside: each piece is stored in the turn it arrives, so pieces keep the order they were sent in.
    'voice:append-audio': async (input) => voice.appendAudio(input),
    'voice:transcribe-recording': async (input) => voice.transcribeRecording(input),
    'voice:discard-recording': async ({ recordingId }) => voice.discardRecording(recordingId),
    'voice:cancel': async ({ requestId }) => voice.cancel(requestId),
    'voice:status': async () => voice.status(),
  };
}

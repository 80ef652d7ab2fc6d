// The voice area: whisper-cli transcribing a file, or a recording streamed in
// while the user speaks and transcribed at the end; cancel and status; and
// llama-tts speaking Read aloud's sentences with a neural voice.
import type { AppSettings, ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import { saveSpeakerClip } from './tts/speaker-clips';
import { createTtsService } from './tts/tts-service';
import { createVoiceService, type VoiceServiceDeps } from './voice-service';

export function openVoice(
  deps: Omit<VoiceServiceDeps, 'settings'> & { settings: { get(): AppSettings }; dataDir: string },
): AreaModule<ChannelsOf<'voice'>> {
  const voice = createVoiceService({ ...deps, settings: () => deps.settings.get().voice });
  const tts = createTtsService(deps);
  return {
    handlers: {
      'voice:transcribe': async (input) => voice.transcribe(input),
      // Synchronous inside: each piece is stored in the turn it arrives, so pieces keep the order they were sent in.
      'voice:append-audio': async (input) => voice.appendAudio(input),
      'voice:transcribe-recording': async (input) => voice.transcribeRecording(input),
      'voice:discard-recording': async ({ recordingId }) => voice.discardRecording(recordingId),
      'voice:cancel': async ({ requestId }) => voice.cancel(requestId),
      'voice:status': async () => voice.status(),
      'voice:tts-check': async (input) => tts.check(input),
      'voice:tts-speak': async (input) => tts.speak(input),
      'voice:tts-stop': async (input) => tts.stop(input?.requestId),
      'voice:tts-save-speaker': async ({ wavBase64 }) =>
        saveSpeakerClip(
          { dataDir: deps.dataDir, inUse: () => deps.settings.get().tts.speakerPath },
          Buffer.from(wavBase64, 'base64'),
        ),
    },
    dispose: () => {
      voice.dispose();
      tts.dispose();
    },
  };
}

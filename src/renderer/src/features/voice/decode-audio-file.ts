// An audio file as samples, decoded by the browser's own decoders (wav, mp3,
// ogg, flac; more where the platform has them), so no codec ships with us.
import type { DecodeAudio } from './capture';
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';

export const decodeAudioFile: DecodeAudio = async (bytes) => {
  // An offline context needs no audio device, and decoding at whisper's rate
  // keeps a long stereo file at a third of the memory 48 kHz would take.
  const context = new OfflineAudioContext(1, 1, WHISPER_SAMPLE_RATE);
  const buffer = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) => buffer.getChannelData(index));
  return { channels, sampleRate: buffer.sampleRate };
};

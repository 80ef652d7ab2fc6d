// A recording the page sent (to transcribe, or a voice to imitate), checked before anything is run on it.
import { parseWavHeader, type WavInfo } from '@shared/audio/wav';
import { AppFailure } from '@shared/errors';

/** Its WAV header; refused (audio_invalid) when it is no WAV or an empty one. `what` names it in the message. */
export function readRecording(bytes: Uint8Array, what: 'The recording' | 'The speaker recording'): WavInfo {
  let info: WavInfo;
  try {
    info = parseWavHeader(bytes);
  } catch (error) {
    throw new AppFailure('bad_request', `${what} is not a usable WAV file: ${(error as Error).message}.`, {
      reason: 'audio_invalid',
    });
  }
  if (info.frames === 0) throw new AppFailure('bad_request', `${what} is empty.`, { reason: 'audio_invalid' });
  return info;
}

// whisper-cli's command line. Pure, so the flags are tested without running it.
import type { VoiceLanguage } from '@shared/audio/voice-schemas';

export interface WhisperArgsInput {
  modelPath: string;
  /** must end in .wav: whisper-cli picks its decoder from the extension */
  wavPath: string;
  /** the transcript lands in `${outputBase}.txt` */
  outputBase: string;
  language: VoiceLanguage;
}

export function whisperArgs(input: WhisperArgsInput): string[] {
  return [
    '--model',
    input.modelPath,
    '--file',
    input.wavPath,
    '--language',
    input.language,
    // Plain text, one segment per line, to a file we own: stdout also carries progress noise.
    '--output-txt',
    '--output-file',
    input.outputBase,
  ];
}

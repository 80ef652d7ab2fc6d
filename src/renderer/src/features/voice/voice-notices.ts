// What the user is told when the microphone or a transcription fails, as message
// keys so it follows the UI language.
import type { VoiceFailureReason } from '@shared/audio/voice-schemas';
import type { MessageKey } from '../../i18n';
import type { MicProblem } from './mic-problem';
import type { VoiceNotice } from './recorder-types';

/** The message for each way the microphone can fail. */
export const MIC_KEYS: Record<MicProblem, MessageKey> = {
  unsupported: 'voice.mic.unsupported',
  denied: 'voice.mic.denied',
  none: 'voice.mic.none',
  busy: 'voice.mic.busy',
  failed: 'voice.mic.failed',
};

/** The notice for a failed voice:transcribe; null when the user cancelled it. */
export function transcribeFailureNotice(error: {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}): VoiceNotice | null {
  const reason = error.details?.reason as VoiceFailureReason | undefined;
  if (reason === 'cancelled') return null;
  if (reason === 'model_not_configured')
    return { level: 'warning', code: 'voice_model_not_configured', key: 'voice.modelNotConfigured' };
  if (reason === 'timeout') return { level: 'error', code: 'voice_timeout', key: 'voice.timeout' };
  return {
    level: 'error',
    code: `voice_${reason ?? error.code}`,
    key: 'voice.failed',
    vars: { message: error.message },
  };
}

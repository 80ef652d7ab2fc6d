// voice:status as a line for the user, in the UI language where we know the
// cause (the core's own sentence, in English, is kept for the rest).
import type { VoiceStatus } from '@shared/audio/voice-schemas';
import type { MessageKey, MessageVars } from '../../i18n';

export interface StatusLine {
  ready: boolean;
  key: MessageKey;
  vars?: MessageVars;
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * What stands in the way of voice input, or that it is ready; null while unknown.
 * `inPanel`: said inside the voice panel, which must not send the user to itself.
 */
export function voiceStatusLine(status: VoiceStatus | null, options: { inPanel?: boolean } = {}): StatusLine | null {
  if (!status) return null;
  if (status.binaryPath === null) return { ready: false, key: 'voice.binaryMissing' };
  if (status.model === 'not_configured')
    return { ready: false, key: options.inPanel ? 'voice.modelNotConfiguredHere' : 'voice.modelNotConfigured' };
  if (status.problem !== null) return { ready: false, key: 'voice.notReady', vars: { problem: status.problem } };
  return {
    ready: true,
    key: 'voice.statusReady',
    vars: { binary: fileName(status.binaryPath), model: fileName(status.modelPath) },
  };
}

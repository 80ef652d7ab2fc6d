import type { MessageKey } from '../../i18n';
import type { VoiceAvailability } from './speaker';

/** The note the read-aloud setting shows for the system's voices; null when there are some. */
export function availabilityKey(availability: VoiceAvailability): MessageKey | null {
  switch (availability) {
    case 'available':
      return null;
    case 'checking':
      return 'readAloud.checking';
    case 'none':
      return 'readAloud.none';
    case 'unsupported':
      return 'readAloud.unsupported';
  }
}

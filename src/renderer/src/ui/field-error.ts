// A form field's error, as a message key so it follows the UI language.
import type { MessageKey, MessageVars } from '../i18n';

export interface FieldError {
  key: MessageKey;
  vars?: MessageVars;
}

// Who says what in the chat view. The settings' userName/modelName ("user", "assistant")
// are role names for the completion template, not names for people: the view says "You"
// and the model's own name.
import type { Translate } from '../../i18n';
import type { EndpointView } from './endpoint-label';

export interface SpeakerNames {
  user: string;
  model: string;
}

/** The model the endpoint names, if any: the loaded GGUF's name, or a link profile's model. */
export function endpointModel(endpoint: EndpointView): string | null {
  return endpoint.kind === 'missing' ? null : endpoint.model?.trim() || null;
}

export function speakerNames(t: Translate, model: string | null): SpeakerNames {
  return { user: t('chat.you'), model: model ?? t('chat.assistant') };
}

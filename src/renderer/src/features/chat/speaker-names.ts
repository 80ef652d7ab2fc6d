// Who says what in the chat view. The settings' userName/modelName ("user", "assistant")
// are role names for the completion template, not names for people: the view says "You"
// and the model's own name.
import type { AnswerAuthor } from '@shared/chat/types';
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

/**
 * The name over an answer: the model that wrote it. Only an answer still streaming before the core has said who
 * writes it borrows the endpoint in use (which is the one asked); a saved answer from before authors were kept
 * says "Assistant" rather than name a model that may not have written it.
 */
export function answerSpeaker(
  t: Translate,
  author: AnswerAuthor | undefined,
  streaming: boolean,
  current: string,
): string {
  return author?.model.trim() || (streaming ? current : t('chat.assistant'));
}

/** What is shown under an answer: its model, and the link it came through. */
export function authorLabel(t: Translate, author: AnswerAuthor): { text: string; title: string } {
  const model = author.model.trim() || t('chat.assistant');
  const link = author.linkName?.trim() || author.linkId || '';
  const endpoint = author.kind === 'link' ? link : t('chat.author.local');
  return {
    text: author.kind === 'link' && link ? t('chat.author.link', { model, name: link }) : model,
    title: t('chat.author.title', { model, endpoint }),
  };
}

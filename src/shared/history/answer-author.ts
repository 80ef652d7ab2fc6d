// Which model a conversation was held with, from the answers themselves. A conversation is created with its first
// question, before any model has answered, so a link's is saved without a model; its answers name theirs.
import type { AnswerAuthor, ConversationEndpoint, StoredMessage } from './types';

/** `endpoint` with the model its newest answer through that same endpoint names, when it names none itself. */
export function namedEndpoint(
  endpoint: ConversationEndpoint,
  messages: readonly StoredMessage[],
): ConversationEndpoint {
  if (endpoint.model !== '') return endpoint;
  let newest: AnswerAuthor | null = null;
  let at = Number.NEGATIVE_INFINITY;
  for (const { author, createdAt } of messages)
    if (author && createdAt >= at && sameEndpoint(endpoint, author)) {
      newest = author;
      at = createdAt;
    }
  return newest ? endpointNamedBy(endpoint, newest) : endpoint;
}

/** `endpoint` with the model `author` names, when the endpoint names none and `author` answered through it. */
export function endpointNamedBy(endpoint: ConversationEndpoint, author: AnswerAuthor): ConversationEndpoint {
  if (endpoint.model !== '' || author.model === '' || !sameEndpoint(endpoint, author)) return endpoint;
  return { ...endpoint, model: author.model };
}

function sameEndpoint(endpoint: ConversationEndpoint, author: AnswerAuthor): boolean {
  return endpoint.kind === author.kind && (endpoint.kind === 'local' || endpoint.linkId === author.linkId);
}

// What the model is asked when a conversation is compacted, and how its summary
// then stands in the prompt. The covered messages go as one transcript in one
// user message (not as turns of their own): the model reads them as a text to
// summarise rather than a chat to go on with, and no template's rule about
// alternating roles or tool messages can refuse the request.
import type { ChatMessage } from './types';

/** The fixed instruction of every summary request. */
export const SUMMARY_INSTRUCTION = [
  'You write the summary that will replace the earlier part of a conversation between a user and an assistant.',
  'The assistant will see only your summary instead of those messages, so it must be faithful and dense:',
  'keep every name, number, date, quantity, decision made, question still open, and code identifier',
  '(functions, files, variables, commands) exactly as written; say who asked for or decided what.',
  'Leave out greetings and repetition. Do not add anything that was not said, and do not answer any question.',
  'Write in the language of the conversation, as short plain paragraphs or a list. Reply with the summary only.',
].join(' ');

/** How the summary is introduced where it stands in the prompt (after the system prompt). */
export const SUMMARY_HEADING = 'Summary of the earlier conversation (it stands in for those messages):';

/** The system prompt of a send whose first messages a summary stands in for. */
export function joinSummary(systemPrompt: string, summary: string): string {
  const part = `${SUMMARY_HEADING}\n${summary.trim()}`;
  return systemPrompt.trim() === '' ? part : `${systemPrompt}\n\n${part}`;
}

/** A message as the transcript shows it: its speaker and its text (images and audio are named, not sent). */
export function transcriptLine(message: ChatMessage): string {
  const speaker =
    message.role === 'user'
      ? 'User'
      : message.role === 'assistant'
        ? 'Assistant'
        : message.role === 'tool'
          ? `Tool result${message.name ? ` (${message.name})` : ''}`
          : 'System';
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content
          .map((part) => (part.type === 'text' ? part.text : `[${part.type.replace('_', ' ')}]`))
          .join('\n');
  const calls = (message.toolCalls ?? []).map((call) => `[calls ${call.function.name}(${call.function.arguments})]`);
  return `${speaker}:\n${[text, ...calls].filter((line) => line !== '').join('\n')}`;
}

/**
 * The messages of one summary request: the instruction as the system prompt, and one user message with the summary so
 * far (when an earlier checkpoint is extended or a long stretch is summarised in parts) and the transcript.
 */
export function summaryRequest(
  previous: string | null,
  transcript: string,
): { systemPrompt: string; messages: ChatMessage[] } {
  const earlier = previous ? `Summary of what came before:\n${previous.trim()}\n\nThe conversation after that:\n` : '';
  const content = `${earlier}${earlier ? '' : 'The conversation:\n'}\n${transcript}\n\n---\nWrite the summary now.`;
  return { systemPrompt: SUMMARY_INSTRUCTION, messages: [{ role: 'user', content }] };
}

// `eva chat`: a streaming REPL on one conversation at a time, saved in the
// history as the window saves it. Lines are questions; slash commands change
// the endpoint, the system prompt and sampling, open or export conversations.
// Ctrl+C stops an answer; at the prompt a second Ctrl+C (or /quit, or Ctrl+D)
// leaves. A stdin that is not a terminal is one question (like `eva ask`). In a
// terminal the local model reads each question ahead while it is typed. With
// `--overflow` the core fits each question to the context (chat-compact.ts).
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { EndpointRef } from '@shared/chat/schemas';
import type { ChatMessage, SamplingSettings } from '@shared/chat/types';
import { toAppError } from '@shared/errors';
import { compactNow, questionFit } from './chat-compact';
import { firstRecord, sendTurn, type TurnInput } from './chat-turn';
import type { CoreSession } from './core-session';
import { chooseEndpoint } from './endpoint-choice';
import type { EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';
import { parseSlash, SLASH_HELP } from './slash-commands';
import { readAheadInTerminal } from './terminal-read-ahead';

export interface ChatDeps {
  session: CoreSession;
  out: EvaOutput;
  log: (text: string) => void;
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  /** the REPL takes Ctrl+C itself (readline), so it is told here what eva's handler would do */
  onInterrupt: (handler: () => void) => () => void;
}

interface Conversation {
  id: string | null;
  /** what the model is sent: the path so far */
  messages: ChatMessage[];
  /** the saved id of each of `messages` */
  ids: string[];
  /** the id of the last message, the parent of the next question */
  lastId: string | null;
  /** the last answer when it was cut off (stopped, failed, at its token limit): /continue goes on with it */
  cut?: { answerId: string; parentId: string | null };
}

export async function chatCommand(options: EvaOptions, deps: ChatDeps): Promise<number> {
  const { session, out, log } = deps;
  let endpoint: EndpointRef = await chooseEndpoint(session, options, log);
  const settings = await session.invoke('settings:get');
  let systemPrompt = options.system ?? settings.chat.systemPrompt;
  let sampling: SamplingSettings = {
    ...settings.chat.sampling,
    ...(options.maxTokens !== null ? { max_tokens: options.maxTokens } : {}),
  };
  let conversation: Conversation = { id: null, messages: [], ids: [], lastId: null };
  const policy = options.overflow ?? null;
  const lines = createInterface({
    input: deps.input,
    output: process.stdout,
    terminal: deps.input.isTTY === true,
    prompt: '› ',
  });
  let answering: (() => void) | null = null;
  let pressedOnce = false;
  let quitCode: number | null = null;
  lines.on('SIGINT', () => {
    if (answering) return answering();
    if (pressedOnce) {
      quitCode = EXIT.interrupted;
      return lines.close();
    }
    pressedOnce = true;
    log('\n(Ctrl+C again, /quit or Ctrl+D to leave)');
    lines.prompt();
  });
  // In a terminal the local model reads the question while it is typed (the window's composer does the same).
  const stopReadAhead =
    deps.input.isTTY === true
      ? readAheadInTerminal({
          session,
          input: deps.input,
          line: () => lines.line,
          request: (question) =>
            answering || endpoint.kind !== 'local'
              ? null
              : {
                  endpoint,
                  systemPrompt,
                  messages: [...conversation.messages, { role: 'user', content: question }],
                  sampling,
                  idSlot: null,
                  conversationId: conversation.id,
                },
        })
      : () => undefined;
  log(`eva chat — ${endpoint.kind === 'link' ? 'through a link' : 'the local model'}; /help lists the commands`);
  lines.prompt();

  for await (const raw of lines) {
    pressedOnce = false;
    const line = raw.trim();
    if (line === '') {
      lines.prompt();
      continue;
    }
    if (line.startsWith('/')) {
      const slash = parseSlash(line);
      try {
        switch (slash.kind) {
          case 'quit':
            lines.close();
            continue;
          case 'help':
            log(SLASH_HELP);
            break;
          case 'new':
            conversation = { id: null, messages: [], ids: [], lastId: null };
            log('a new conversation');
            break;
          case 'system':
            if (slash.text === null) log(systemPrompt || '(no system prompt)');
            else {
              systemPrompt = slash.text;
              log('system prompt set for this conversation');
            }
            break;
          case 'set':
            sampling = { ...sampling, [slash.field]: slash.value };
            log(`${slash.field} = ${slash.value}`);
            break;
          case 'link':
            endpoint = await chooseEndpoint(session, { ...options, link: slash.name, model: null }, log);
            log(`answering through ${slash.name}`);
            break;
          case 'model':
            endpoint = await chooseEndpoint(session, { ...options, link: null, model: slash.path }, log);
            log('answering with the local model');
            break;
          case 'history': {
            const { conversations } = await session.invoke('history:list');
            for (const c of conversations.slice(0, 10)) log(`${c.id}  ${c.title || '(untitled)'}`);
            break;
          }
          case 'open':
            conversation = await openConversation(session, slash.id);
            log(`opened ${slash.id} (${conversation.messages.length} messages)`);
            break;
          case 'continue': {
            const cut = conversation.cut;
            if (!cut || conversation.id === null || conversation.messages.at(-1)?.role !== 'assistant') {
              log('nothing to continue: the last answer was whole');
              break;
            }
            const record = { conversationId: conversation.id, parentId: cut.parentId, answerId: cut.answerId };
            conversation = await answer(
              { endpoint, systemPrompt, sampling, messages: conversation.messages, record, continueAnswer: true },
              conversation.messages.slice(0, -1),
              conversation.ids.slice(0, -1),
            );
            break;
          }
          case 'compact':
            log(await compactNow(session, policy, { endpoint, systemPrompt, sampling, conversation }));
            break;
          case 'export':
            if (conversation.id === null) log('nothing to export yet');
            else
              out.line(
                (await session.invoke('history:export', { ids: [conversation.id], format: 'markdown' })).text.trimEnd(),
              );
            break;
          case 'unknown':
            log(`unknown command ${slash.word}; /help lists them`);
            break;
        }
      } catch (error) {
        out.error(toAppError(error).message);
      }
      lines.prompt();
      continue;
    }
    const model = endpoint.kind === 'local' ? ((await session.invoke('backend:status')).model?.name ?? '') : '';
    const record =
      conversation.id === null
        ? firstRecord(line, endpoint, model, systemPrompt, sampling)
        : {
            conversationId: conversation.id,
            parentId: conversation.lastId,
            answerId: randomUUID(),
            question: { id: randomUUID(), content: line },
          };
    const messages: ChatMessage[] = [...conversation.messages, { role: 'user', content: line }];
    const fit = await questionFit(session, policy, { endpoint, systemPrompt, sampling, conversation });
    const ids = [...conversation.ids, record.question?.id ?? ''];
    conversation = await answer({ endpoint, systemPrompt, sampling, messages, record, fit }, messages, ids);
    lines.prompt();
  }
  stopReadAhead();
  return quitCode ?? EXIT.ok;

  /** Streams one answer; the conversation after it (`asked`: what was sent before the answer). */
  async function answer(turn: TurnInput, asked: ChatMessage[], askedIds: string[]): Promise<Conversation> {
    const { result } = await sendTurn(turn, session, out, (handler) => {
      answering = handler;
      return () => (answering = null);
    }).catch((error: unknown) => {
      out.error(toAppError(error).message);
      return { result: null };
    });
    if (!result) return conversation;
    if (result.status === 'error') out.error(result.error?.message ?? 'the answer failed', result.error?.code);
    if (result.status === 'stopped') log('(stopped; /continue goes on)');
    const cutOff = result.content !== '' && (result.status !== 'done' || result.finishReason === 'length');
    return {
      id: turn.record.conversationId,
      messages: result.content !== '' ? [...asked, { role: 'assistant', content: result.content }] : asked,
      ids: result.content !== '' ? [...askedIds, turn.record.answerId] : askedIds,
      lastId: turn.record.answerId,
      ...(cutOff
        ? { cut: { answerId: turn.record.answerId, parentId: turn.record.question?.id ?? turn.record.parentId } }
        : {}),
    };
  }
}

async function openConversation(session: CoreSession, id: string): Promise<Conversation> {
  const opened = await session.invoke('history:open', { id });
  const byId = new Map(opened.messages.map((m) => [m.id, m]));
  const path = opened.activePath.map((messageId) => byId.get(messageId)!);
  const sent = path.filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content !== ''));
  const messages = sent.map((m) => ({
    role: m.role as 'user' | 'assistant',
    content: m.content as ChatMessage['content'],
  }));
  const last = path.at(-1);
  const cutOff =
    last?.role === 'assistant' && last.content !== '' && last.status !== 'complete' && last.extra?.agent === undefined;
  return {
    id,
    messages,
    ids: sent.map((m) => m.id),
    lastId: last?.id ?? null,
    ...(cutOff ? { cut: { answerId: last.id, parentId: last.parentId } } : {}),
  };
}

// Reading ahead (prompt prefill, @shared/chat/prefill.ts): the draft goes to the
// local llama-server as the chat request a send would make, asking for no new
// tokens, so that its slot then holds the conversation and the draft. The send
// that follows finds them in the KV cache (llama-server reuses the longest
// common prefix of a slot's tokens) and reads only what was typed since.
//
// Never in the way of an answer: only the local server (an unsent draft never
// leaves the machine), never while an answer streams, one read-ahead at a time,
// and the conversation cache (instant reopen) is told what the slot holds then.
import { buildChatBody, normalizeMessages } from '@shared/chat/request-body';
import type { PrefillInput, PrefillResult } from '@shared/chat/prefill';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { SlotKeeper } from './slot-cache/slot-keeper';

type ChatTools = (ChatSendInput & { mode: 'chat' })['tools'];

/**
 * A prompt too big to read in this time is left to the send (the request is dropped; the server keeps what it read).
 */
const PREFILL_TIMEOUT_MS = 120_000;

/** The local server as chat-service.ts knows it (its LocalServer). */
interface ReadingServer {
  baseUrl: string;
  apiKey: string;
  model: string;
  slotIdentity?: string;
}

export interface PromptPrefillDeps {
  localServer: () => ReadingServer | null;
  /** an answer (or an agent turn) is streaming: the draft waits */
  answering: () => boolean;
  slots?: SlotKeeper;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/**
 * Why the settings rule reading ahead out: the user turned it off, or the send adds knowledge passages (chosen by the
 * question) to the prompt.
 */
export function readAheadOff(settings: {
  chat: { readAhead: boolean };
  knowledge: { useInChat: boolean };
}): string | null {
  if (!settings.chat.readAhead) return 'reading ahead is off in the settings';
  return settings.knowledge.useInChat ? 'the send adds knowledge passages to the prompt' : null;
}

export interface PromptPrefill {
  /** `tools`: an agent run's first request carries them (the native protocol) */
  prefill(input: PrefillInput, off?: string | null, tools?: ChatTools): Promise<PrefillResult>;
  /**
   * A send is going out: a read-ahead still running is dropped, so the send never waits
   * behind a long one it may not need (a pasted text deleted again). What the server read
   * until then stays in its KV cache for the send.
   */
  cancel(): void;
}

export function createPromptPrefill(deps: PromptPrefillDeps): PromptPrefill {
  let running: AbortController | null = null;
  const prefill = async (input: PrefillInput, off: string | null = null, tools?: ChatTools): Promise<PrefillResult> => {
    if (off) return { done: false, why: off };
    if (input.endpoint.kind !== 'local' || input.endpoint.model)
      return { done: false, why: 'only the local model reads ahead' };
    const server = deps.localServer();
    if (!server) return { done: false, why: 'no local model is ready' };
    if (deps.answering()) return { done: false, why: 'an answer is under way' };
    if (running) return { done: false, why: 'another read-ahead is under way' };
    const controller = new AbortController();
    running = controller;
    const started = performance.now();
    try {
      const messages = normalizeMessages(input.messages, input.systemPrompt);
      const cache =
        deps.slots && server.slotIdentity
          ? {
              keeper: deps.slots,
              server: { baseUrl: server.baseUrl, apiKey: server.apiKey, identity: server.slotIdentity },
            }
          : null;
      // The slot the send would use, as the send picks it: the conversation's own, restored from disk when it was
      // saved.
      let idSlot = input.idSlot ?? -1;
      // From then on the slot holds the conversation and some of the draft, whether this read ends or a send drops
      // it: recorded in the same step, so a send queued behind finds the conversation there instead of restoring
      // an older save, and leaving saves it for the conversation. The send reads on from where they differ.
      const holds = input.conversationId ? normalizeMessages(input.messages.slice(0, -1), input.systemPrompt) : null;
      if (cache)
        idSlot =
          (await cache.keeper.prepare(cache.server, input.conversationId, messages, input.idSlot, holds)) ?? idSlot;
      controller.signal.throwIfAborted();
      const body = buildChatBody({
        model: server.model,
        messages,
        sampling: { ...input.sampling, max_tokens: 0 },
        stream: false,
        idSlot,
        tools,
      });
      const response = await (deps.fetch ?? fetch)(`${server.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(PREFILL_TIMEOUT_MS)]),
      });
      // A body that is not JSON costs only the figures of the log line below; the status says whether it worked.
      const answer = (await response.json().catch(() => null)) as {
        timings?: { cache_n?: number; prompt_n?: number };
      } | null;
      if (!response.ok) return { done: false, why: `llama-server answered HTTP ${response.status}` };
      const done = {
        done: true as const,
        cached: answer?.timings?.cache_n ?? 0,
        read: answer?.timings?.prompt_n ?? 0,
        ms: Math.round(performance.now() - started),
      };
      deps.log?.(
        `read ahead: llama-server read ${done.read} tokens of the conversation and the draft (${done.cached} were in its cache) in ${done.ms} ms, while the question is typed`,
      );
      return done;
    } catch (error) {
      return { done: false, why: controller.signal.aborted ? 'a send went out first' : (error as Error).message };
    } finally {
      if (running === controller) running = null;
    }
  };
  return { prefill, cancel: () => running?.abort() };
}

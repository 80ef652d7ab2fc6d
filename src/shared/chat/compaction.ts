// Compacting a conversation: the model (the send's own endpoint) summarises the
// messages a cut covers, and the summary is kept in the history as a checkpoint
// (@shared/history/checkpoints) that stands in for them from then on. A stretch
// too long for one request is summarised in parts, each part given the summary so
// far; an earlier checkpoint is extended the same way, so the model never reads
// more than fits its context. What it needs is passed in: the history's side
// (the core's history area) and the request (the core's chat service; a counted
// stand-in in unit tests).
import type { CheckpointInPlace } from '../history/checkpoints';
import type { SummaryCheckpoint } from '../history/types';
import { summaryMaxTokens, transcriptBudget } from './compaction-cut';
import type { EndpointRef, SavedMessages } from './schemas';
import { summaryRequest, transcriptLine } from './summary-prompt';
import { stripThinkBlocks } from './think-tags';
import { CHARS_PER_TOKEN, estimateMessageTokens } from './token-estimate';
import type { ChatMessage } from './types';

/** The history's side: the checkpoint that holds for a send's saved messages, and a new one kept. */
export interface CheckpointKeeper {
  inPlace(saved: SavedMessages): Promise<CheckpointInPlace | null>;
  add(
    conversationId: string,
    entry: { upToId: string; summary: string; tokens: number | null; model?: string },
  ): Promise<SummaryCheckpoint>;
}

/** One summary request; resolves with the model's text, rejects with why it could not be written. */
export type SummaryWriter = (request: {
  /** the send's request id and the part's number: the request is stopped with the send */
  requestId: string;
  part: number;
  endpoint: EndpointRef;
  systemPrompt: string;
  messages: ChatMessage[];
  maxTokens: number;
}) => Promise<{ text: string; model?: string }>;

/** What the planner orders: summarise the send's messages `from`..`covered` (an earlier summary stands before them). */
export interface SummaryOrder {
  requestId: string;
  endpoint: EndpointRef;
  saved: SavedMessages;
  /** the messages to summarise: the send's messages from the earlier summary's end up to `covered` */
  messages: ChatMessage[];
  /** the earlier checkpoint's summary these extend; null: they start at the root */
  previous: string | null;
  /** how many of the send's first messages the new summary stands in for */
  covered: number;
  nCtx: number | null;
}

/** What the planner uses: the checkpoint in place for a send, and a new summary made. */
export interface CompactionPort {
  inPlace(saved: SavedMessages): Promise<CheckpointInPlace | null>;
  summarise(order: SummaryOrder): Promise<CheckpointInPlace>;
}

export function createCompaction(deps: {
  keeper: CheckpointKeeper;
  write: SummaryWriter;
  /** the summary's size in tokens as the endpoint counts it; absent or null: not known */
  count?: (endpoint: EndpointRef, text: string) => Promise<number | null>;
}): CompactionPort {
  return {
    inPlace: (saved) => deps.keeper.inPlace(saved),
    async summarise(order) {
      const upToId = order.saved.ids[order.covered - 1];
      if (upToId === undefined) throw new Error('the messages to summarise are not saved');
      const maxTokens = summaryMaxTokens(order.nCtx);
      let summary = order.previous;
      let model: string | undefined;
      for (const [part, transcript] of transcriptParts(order.messages, transcriptBudget(order.nCtx)).entries()) {
        const request = summaryRequest(summary, transcript);
        const written = await deps.write({
          requestId: order.requestId,
          part,
          endpoint: order.endpoint,
          maxTokens,
          ...request,
        });
        const text = stripThinkBlocks(written.text).trim();
        if (text === '') throw new Error('the model wrote an empty summary');
        summary = text;
        model = written.model ?? model;
      }
      if (summary === null) throw new Error('there was nothing to summarise');
      const tokens = deps.count ? await deps.count(order.endpoint, summary) : null;
      const checkpoint = await deps.keeper.add(order.saved.conversationId, {
        upToId,
        summary,
        tokens,
        ...(model ? { model } : {}),
      });
      return { checkpoint, covered: order.covered };
    },
  };
}

/**
 * The messages as transcripts of at most `budget` estimated tokens each, in order; a message longer than that alone
 * keeps its start and its end, with how much was left out between them.
 */
export function transcriptParts(messages: readonly ChatMessage[], budget: number): string[] {
  const parts: string[] = [];
  let lines: string[] = [];
  let size = 0;
  for (const message of messages) {
    let line = transcriptLine(message);
    let tokens = estimateMessageTokens({ content: line });
    if (tokens > budget) {
      line = shortened(line, Math.floor(budget * CHARS_PER_TOKEN) - 64);
      tokens = estimateMessageTokens({ content: line });
    }
    if (size + tokens > budget && lines.length > 0) {
      parts.push(lines.join('\n\n'));
      lines = [];
      size = 0;
    }
    lines.push(line);
    size += tokens;
  }
  if (lines.length > 0) parts.push(lines.join('\n\n'));
  return parts;
}

function shortened(text: string, chars: number): string {
  const keep = Math.max(64, chars);
  const head = Math.ceil(keep * 0.6);
  const tail = keep - head;
  const gap = `[… ${text.length - keep} characters left out …]`;
  return `${text.slice(0, head)}\n${gap}\n${text.slice(text.length - tail)}`;
}

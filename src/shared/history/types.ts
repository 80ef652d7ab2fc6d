// The shapes of the history store as every host sees them: one conversation's
// meta, its messages (a tree: edits and regenerations are siblings), the list
// index, search hits and the notices a recovery produces. Plain TS on purpose:
// the renderer imports these too.
import type { OverflowPolicy } from '../chat/overflow-policy';
import type { SchemaCheck, StructuredOutput } from '../chat/structured-output';
import type { AnswerAuthor, AnswerNotice } from '../chat/types';

export type { AnswerAuthor } from '../chat/types';
import type { KnowledgeHit } from '../knowledge/knowledge-types';
import type { ToolSelection } from '../tools/tool-selection';

/** On-disk format version this build writes and fully understands. */
export const HISTORY_FORMAT_VERSION = 1;

/** Where the conversation was held: the local llama-server or a linked remote API. */
export interface ConversationEndpoint {
  kind: 'local' | 'link';
  baseUrl: string;
  model: string;
  /** the saved link profile it went through (link mode), so a restore can switch back to it */
  linkId?: string;
}

/** `meta.json`: everything needed to restore a conversation except its messages. */
export interface ConversationMeta {
  id: string;
  /** '' until the first user message gives a default, or the user/model names it */
  title: string;
  endpoint: ConversationEndpoint;
  systemPrompt: string;
  /** sampling settings as the chat sent them; opaque to the store */
  sampling: Record<string, unknown>;
  nCtx: number | null;
  /** what a send does when the conversation no longer fits the context; absent: settings.chat.overflow */
  overflow?: OverflowPolicy;
  /**
   * the tools this conversation leaves out (the composer's tool selection); absent: every switched-on tool is offered
   */
  toolSelection?: ToolSelection;
  /** the JSON schema this conversation's answers must fit; absent: answers are free text */
  structuredOutput?: StructuredOutput;
  /** llama-server `id_slot` last used, reused on restore when the endpoint matches (KV cache hit) */
  slotId: number | null;
  createdAt: number;
  /** newest change to the conversation or any message (derived from messages on open) */
  updatedAt: number;
  /** distinct messages, every branch counted (derived from messages on open) */
  messageCount: number;
  pinned: boolean;
  /** the message the user last switched to with ‹ › (null: follow the newest leaf) */
  activeLeafId: string | null;
  /** when that switch happened; a message updated later wins over it */
  activeSetAt: number;
  version: number;
}

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

/**
 * complete: finished normally; partial: still streaming (on disk: the last save of a stream);
 * interrupted: a partial found after a crash/restart; stopped: the user stopped it; error: the request failed.
 */
export type MessageStatus = 'complete' | 'partial' | 'interrupted' | 'stopped' | 'error';

/** OpenAI-style content parts (text, images, audio). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

export type MessageContent = string | ContentPart[];

/** An OpenAI-style tool call requested by the assistant. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One node of the conversation tree, as stored in `messages.jsonl`. */
export interface StoredMessage {
  id: string;
  /** null for a root; siblings (same parent) are alternative branches */
  parentId: string | null;
  role: MessageRole;
  content: MessageContent;
  /** the model's thinking, kept apart from the answer (never sent back to the model) */
  reasoning?: string;
  toolCalls?: ToolCall[];
  /** for role 'tool': the call this result answers */
  toolCallId?: string;
  /** for role 'tool': the tool's name */
  name?: string;
  /** llama-server `timings` (prompt_n, predicted_per_second, ...) */
  timings?: Record<string, number>;
  /** OpenAI-style token usage, for servers that send no `timings` (hosted APIs) */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cached_tokens?: number };
  status: MessageStatus;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  /**
   * for an assistant answer: the knowledge-base passages its prompt was given (the composer's knowledge toggle), shown
   * under it
   */
  citations?: KnowledgeHit[];
  /** for an assistant answer: the steps of its send that failed (its knowledge query), shown under it */
  notices?: AnswerNotice[];
  /** for an assistant answer: the endpoint and model that wrote it (absent in files from before it was kept) */
  author?: AnswerAuthor;
  /** for an answer of a conversation that requires a JSON schema: how it stood against it when it ended */
  schemaCheck?: SchemaCheck;
  /** open record for other features (tool steps, attachments' metadata); stored and exported verbatim */
  extra?: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** What a caller supplies for a new message; the store assigns what is missing. */
export type NewMessage = Omit<StoredMessage, 'id' | 'status' | 'createdAt' | 'updatedAt'> & {
  id?: string;
  status?: MessageStatus;
};

/** Fields a message update may change; identity, parent and creation time never change. */
export type MessagePatch = Partial<Omit<StoredMessage, 'id' | 'parentId' | 'role' | 'createdAt' | 'updatedAt'>>;

/** The fields of meta.json that callers set: on a new conversation, and afterwards. */
type SettableMeta = Pick<
  ConversationMeta,
  | 'title'
  | 'endpoint'
  | 'systemPrompt'
  | 'sampling'
  | 'nCtx'
  | 'slotId'
  | 'pinned'
  | 'overflow'
  | 'toolSelection'
  | 'structuredOutput'
>;

/** Fields of meta.json a caller may set directly. */
export type MetaPatch = Partial<SettableMeta>;

/** What a new conversation starts with; everything has a default. */
export type NewConversation = Partial<SettableMeta>;

/** One row of the history list (`index.json`), enough to draw it without opening the conversation. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  pinned: boolean;
  messageCount: number;
  /** first line of the first user message, shortened */
  preview: string;
}

/** A conversation as opened: meta, every message of every branch, and the branch being shown. */
export interface OpenedConversation {
  meta: ConversationMeta;
  /** every message, in the order they were first written */
  messages: StoredMessage[];
  /** leaf of the branch shown and sent to the model; null when empty */
  activeLeafId: string | null;
  /** ids root → activeLeafId */
  activePath: string[];
  /** true when the files were written by a newer EVA: shown, never rewritten */
  readOnly: boolean;
  /** what recovery found while opening (also sent to the notify callback) */
  notices: HistoryNotice[];
  /** the summaries that still hold for what they cover (checkpoints.ts), on any branch; absent: none */
  checkpoints?: SummaryCheckpoint[];
}

/**
 * `checkpoints.json`: a summary the model wrote of the path from the root up to `upToId`, which stands in for those
 * messages in the prompt of any branch through that message. It holds while the covered messages' roles and contents
 * still hash to `hash` (an edit in place or a removed message ends it).
 */
export interface SummaryCheckpoint {
  id: string;
  /** the last message it covers */
  upToId: string;
  /** how many messages the path root → upToId had, and their roles' and contents' hash (checkpoints.ts) */
  count: number;
  hash: string;
  summary: string;
  /** the summary's size in tokens as the endpoint counted it; null when it could not say */
  tokens: number | null;
  /** the model that wrote it, as the server named it */
  model?: string;
  createdAt: number;
}

export type HistoryNoticeCode =
  /** damaged bytes in messages.jsonl were moved to messages.jsonl.corrupt; intact messages kept */
  | 'history_recovered'
  /** a streaming answer was cut off by a crash or quit; it is kept and marked interrupted */
  | 'history_interrupted'
  /** meta.json was missing or damaged and was rebuilt from the messages */
  | 'history_meta_rebuilt'
  /** files from a newer EVA version: opened read-only */
  | 'history_newer_version'
  /** the list index was missing, damaged or stale and was rebuilt */
  | 'history_index_rebuilt'
  /** a save failed (disk full, read-only folder); what was saved before is intact */
  | 'history_write_failed'
  /** a conversation's files could not be read at all */
  | 'history_unreadable';

/** A message for the user about the history store; structurally a contract `Notice`. */
export interface HistoryNotice {
  level: 'info' | 'warning' | 'error';
  code: HistoryNoticeCode;
  message: string;
  conversationId?: string;
  details?: Record<string, unknown>;
}

/** One search result: a title or a message containing the query, with a snippet to highlight. */
export interface SearchHit {
  conversationId: string;
  /** null when the match is in the title */
  messageId: string | null;
  title: string;
  updatedAt: number;
  snippet: string;
  /** [start, end) offsets of each occurrence inside `snippet` (UTF-16 units, as JS strings index) */
  matches: Array<{ start: number; end: number }>;
  /** where the title matched too, offsets inside `title`; absent when only a message matched */
  titleMatches?: Array<{ start: number; end: number }>;
}

export interface SearchResult {
  hits: SearchHit[];
  /** true when more matches exist than were returned */
  truncated: boolean;
}

/** What a delete or clear-all moved to the trash; pass `token` to undo within the grace period. */
export interface TrashReceipt {
  token: string;
  conversationIds: string[];
  /** epoch ms after which the trash is purged and undo is no longer possible */
  purgeAt: number;
}

// The history's part of the contract: the conversations kept, their branches
// and per-conversation choices, the trash, search, export and import.
import { z } from 'zod';
import { OverflowPolicySchema } from '../chat/context-types';
import { channel, emptyInput } from '../contract-parts';
import { StructuredOutputSchema } from '../chat/structured-output';
import { ToolSelectionSchema } from '../tools/tool-selection';
import { IdSchema, NewConversationSchema } from './schemas';
import type { ConversationMeta, ConversationSummary, OpenedConversation, SearchResult, TrashReceipt } from './types';

const historyRef = z.object({ id: IdSchema }).strict();
/** `ids`: only these conversations (those gone are left out), for a page patching its list after `history:changed` */
const historyList = z
  .object({ ids: z.array(IdSchema).min(1).max(500).optional() })
  .strict()
  .optional();
const historyBranch = z.object({ conversationId: IdSchema, messageId: IdSchema }).strict();
const historyRename = z.object({ id: IdSchema, title: z.string().max(500) }).strict();
const historyPin = z.object({ id: IdSchema, pinned: z.boolean() }).strict();
// '' and {} mean "none of its own": the conversation follows the defaults.
const historyConventions = z
  .object({ id: IdSchema, systemPrompt: z.string().max(200_000), sampling: z.record(z.string(), z.unknown()) })
  .strict();
const historyOverflow = z.object({ id: IdSchema, overflow: OverflowPolicySchema.nullable() }).strict();
const historyToolSelection = z.object({ id: IdSchema, toolSelection: ToolSelectionSchema.nullable() }).strict();
const historyStructuredOutput = z
  .object({ id: IdSchema, structuredOutput: StructuredOutputSchema.nullable() })
  .strict();
const historyIds = z.object({ ids: z.array(IdSchema).min(1).max(100_000) }).strict();
const historyUndo = z.object({ token: z.string().min(1).max(200) }).strict();
const historySearch = z
  .object({ query: z.string().max(1000), limit: z.number().int().min(1).max(1000).optional() })
  .strict();
const historyExport = z
  .object({
    ids: z.union([z.literal('all'), z.array(IdSchema).min(1).max(100_000)]),
    format: z.enum(['markdown', 'json']),
  })
  .strict();
// Our JSON export of many conversations can be large; 256 MB is far above any real one.
const historyImport = z
  .object({
    text: z
      .string()
      .min(1)
      .max(256 * 1024 * 1024),
  })
  .strict();

export const historyChannels = {
  /**
   * The history list, pinned first then newest first; with `ids`, only those conversations (a deleted one is not
   * there).
   */
  'history:list': channel<typeof historyList, { conversations: ConversationSummary[] }>(historyList),
  'history:open': channel<typeof historyRef, OpenedConversation>(historyRef),
  /**
   * The user left the open conversation for a new one: its slot is saved while they type (instant reopen), not when the
   * new question is sent.
   */
  'history:leave': channel<typeof emptyInput, Record<string, never>>(emptyInput),
  'history:create': channel<typeof NewConversationSchema, ConversationMeta>(NewConversationSchema),
  /** Show the branch through `messageId` (‹ 2/3 ›); returns the new active path. */
  'history:select-branch': channel<typeof historyBranch, { activeLeafId: string | null; activePath: string[] }>(
    historyBranch,
  ),
  'history:rename': channel<typeof historyRename, ConversationMeta>(historyRename),
  'history:pin': channel<typeof historyPin, ConversationMeta>(historyPin),
  /**
   * Save the conversation's own system prompt and sampling (the Parameters panel's "This conversation"); empty ones: it
   * follows the defaults.
   */
  'history:set-conventions': channel<typeof historyConventions, ConversationMeta>(historyConventions),
  /** Set what a send does when the conversation no longer fits the context; null: follow settings.chat.overflow. */
  'history:set-overflow': channel<typeof historyOverflow, ConversationMeta>(historyOverflow),
  /**
   * Save which tools the conversation leaves out (the composer's tool selection); null: it offers every switched-on
   * tool.
   */
  'history:set-tool-selection': channel<typeof historyToolSelection, ConversationMeta>(historyToolSelection),
  /** Save the JSON schema the conversation's answers must fit (the Parameters panel); null: free text again. */
  'history:set-structured-output': channel<typeof historyStructuredOutput, ConversationMeta>(historyStructuredOutput),
  /**
   * Moves conversations to the trash; `history:undo-delete` with the receipt's token brings them back for a few
   * seconds.
   */
  'history:delete': channel<typeof historyIds, TrashReceipt>(historyIds),
  'history:clear': channel<typeof emptyInput, TrashReceipt>(emptyInput),
  'history:undo-delete': channel<typeof historyUndo, { restored: string[] }>(historyUndo),
  'history:search': channel<typeof historySearch, SearchResult>(historySearch),
  'history:export': channel<typeof historyExport, { text: string; fileName: string; mime: string }>(historyExport),
  'history:import': channel<typeof historyImport, { created: ConversationMeta[] }>(historyImport),
} as const;

export interface HistoryEventPayloads {
  /**
   * the history list changed (a message saved, a title set, a delete): `history:list` with these ids gets them as they
   * are now
   */
  'history:changed': { conversationIds: string[] };
}

export const HISTORY_EVENT_NAMES: Record<keyof HistoryEventPayloads, true> = { 'history:changed': true };

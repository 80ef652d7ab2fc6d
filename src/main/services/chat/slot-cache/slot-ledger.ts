// What the conversation cache knows about the slot files it keeps, and the
// decisions that need no disk or server: whether a saved slot may serve a new
// request, and which files go when the budget is exceeded. A slot file holds
// a llama-server slot's KV cache after an answer; restoring it lets the next
// question skip reprocessing the whole conversation.
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const SlotEntrySchema = z.object({
  conversationId: z.string().min(1).max(200),
  /** the file's name in the slot folder (what llama-server's save/restore is given) */
  file: z.string().min(1).max(255),
  /** the launch that wrote it: model file, its size and time, context… (backend/launch/launch-identity.ts) */
  identity: z.string().min(1).max(200),
  /** tokens in the slot when saved (llama-server's n_saved); a restore must give back as many */
  tokens: z.number().int().nonnegative(),
  /** how many chat messages (system included) the cached prompt covers, and their hash */
  messageCount: z.number().int().positive(),
  prefixHash: z.string().length(64),
  bytes: z.number().int().nonnegative(),
  savedAt: z.number(),
  /** saved or restored: what the budget's least-recently-used order reads */
  usedAt: z.number(),
});
export type SlotEntry = z.infer<typeof SlotEntrySchema>;

export const SlotLedgerSchema = z.object({ version: z.literal(1), entries: z.array(SlotEntrySchema) });
export type SlotLedger = z.infer<typeof SlotLedgerSchema>;

/** A message as the request sends it: only what shapes the rendered prompt counts. */
export interface PromptMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
}

/** The hash of the first `count` messages, in a form that does not depend on key order or extra fields. */
export function prefixHash(messages: readonly PromptMessage[], count = messages.length): string {
  const hash = createHash('sha256');
  for (const message of messages.slice(0, count)) {
    hash.update(
      JSON.stringify([message.role, message.content ?? null, message.tool_calls ?? null, message.tool_call_id ?? null]),
    );
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

export type RestoreVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a saved slot may be put back before this request: same server, and the
 * request's messages begin with exactly the messages the slot holds, plus at least
 * one more (the new question). Anything else would feed the model a cache that is
 * not its prompt, or restore for nothing.
 */
export function mayRestore(entry: SlotEntry, identity: string, messages: readonly PromptMessage[]): RestoreVerdict {
  if (entry.identity !== identity) return { ok: false, reason: 'saved by another model or launch' };
  if (messages.length <= entry.messageCount)
    return { ok: false, reason: 'the request does not go beyond the saved conversation' };
  if (prefixHash(messages, entry.messageCount) !== entry.prefixHash)
    return { ok: false, reason: 'the conversation changed before its last saved answer' };
  return { ok: true };
}

/**
 * The entries to remove so the rest fit `budgetBytes`, least recently used first (an entry alone over the budget goes
 * too).
 */
export function evictions(entries: readonly SlotEntry[], budgetBytes: number): SlotEntry[] {
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const out: SlotEntry[] = [];
  for (const entry of [...entries].sort((a, b) => a.usedAt - b.usedAt)) {
    if (total <= budgetBytes) break;
    out.push(entry);
    total -= entry.bytes;
  }
  return out;
}

/** A file name llama-server accepts (letters, digits, - and _, then .bin) that no two conversations share. */
export function slotFileName(conversationId: string): string {
  const safe = conversationId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
  const tag = createHash('sha256').update(conversationId).digest('hex').slice(0, 8);
  return `conv-${safe}-${tag}.bin`;
}

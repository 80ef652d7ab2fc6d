// What meta.json holds: the meta of a new conversation, reading it, and rebuilding
// it from the messages when it is missing or damaged: every field that still
// validates is kept, the rest is derived (title from the first question, times from
// the messages) or defaulted. Message count and last update are always derived,
// since meta.json is only rewritten when its own fields change.
import { z } from 'zod';
import { contentText, defaultTitle, firstUserMessage } from '@shared/history/message-text';
import { ConversationMetaSchema, EndpointSchema, IdSchema, MetaVersionSchema } from '@shared/history/schemas';
import {
  HISTORY_FORMAT_VERSION,
  type ConversationMeta,
  type NewConversation,
  type StoredMessage,
} from '@shared/history/types';

/** The meta of a conversation created at `now`: what `init` says, defaults for the rest. */
export function newConversationMeta(init: NewConversation, id: string, now: number): ConversationMeta {
  return {
    id,
    title: init.title ?? '',
    endpoint: init.endpoint ?? { kind: 'local', baseUrl: '', model: '' },
    systemPrompt: init.systemPrompt ?? '',
    sampling: init.sampling ?? {},
    nCtx: init.nCtx ?? null,
    slotId: init.slotId ?? null,
    ...(init.overflow ? { overflow: init.overflow } : {}),
    ...(init.toolSelection ? { toolSelection: init.toolSelection } : {}),
    ...(init.structuredOutput ? { structuredOutput: init.structuredOutput } : {}),
    createdAt: now,
    updatedAt: now,
    messageCount: 0,
    pinned: init.pinned ?? false,
    activeLeafId: null,
    activeSetAt: 0,
    version: HISTORY_FORMAT_VERSION,
  };
}

export interface MetaReading {
  meta: ConversationMeta;
  problem: 'missing' | 'damaged' | null;
  /** the version the file claims (ours when it claims none) */
  version: number;
}

export function readMeta(
  bytes: Buffer | null,
  id: string,
  messages: ReadonlyMap<string, StoredMessage>,
  now: number,
): MetaReading {
  if (bytes === null)
    return { meta: rebuildMeta(id, messages, {}, now), problem: 'missing', version: HISTORY_FORMAT_VERSION };
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { meta: rebuildMeta(id, messages, {}, now), problem: 'damaged', version: HISTORY_FORMAT_VERSION };
  }
  const version = MetaVersionSchema.safeParse(raw).data?.version ?? HISTORY_FORMAT_VERSION;
  const parsed = ConversationMetaSchema.safeParse(raw);
  const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  // A newer file is not "damaged" when our schema rejects it: it is simply richer than we know.
  if (!parsed.success)
    return {
      meta: rebuildMeta(id, messages, fields, now),
      problem: version > HISTORY_FORMAT_VERSION ? null : 'damaged',
      version,
    };
  return { meta: withDerived({ ...parsed.data, id }, messages), problem: null, version };
}

function pick<T>(fields: Record<string, unknown>, key: string, schema: z.ZodType<T>, fallback: T): T {
  const parsed = schema.safeParse(fields[key]);
  return parsed.success ? parsed.data : fallback;
}

export function rebuildMeta(
  id: string,
  messages: ReadonlyMap<string, StoredMessage>,
  fields: Record<string, unknown>,
  now: number,
): ConversationMeta {
  let created = Number.POSITIVE_INFINITY;
  for (const message of messages.values()) created = Math.min(created, message.createdAt);
  if (!Number.isFinite(created)) created = now;
  const first = firstUserMessage(messages.values());
  const meta: ConversationMeta = {
    id,
    title: pick(fields, 'title', z.string(), first ? defaultTitle(contentText(first.content)) : ''),
    endpoint: pick(fields, 'endpoint', EndpointSchema, { kind: 'local', baseUrl: '', model: '' }),
    systemPrompt: pick(fields, 'systemPrompt', z.string(), ''),
    sampling: pick(fields, 'sampling', z.record(z.string(), z.unknown()), {}),
    nCtx: pick(fields, 'nCtx', z.number().int().nullable(), null),
    slotId: pick(fields, 'slotId', z.number().int().nullable(), null),
    createdAt: pick(fields, 'createdAt', z.number().finite(), created),
    updatedAt: pick(fields, 'updatedAt', z.number().finite(), created),
    messageCount: 0,
    pinned: pick(fields, 'pinned', z.boolean(), false),
    activeLeafId: pick(fields, 'activeLeafId', IdSchema.nullable(), null),
    activeSetAt: pick(fields, 'activeSetAt', z.number().finite(), 0),
    version: pick(fields, 'version', z.number().int().min(1), HISTORY_FORMAT_VERSION),
  };
  return withDerived(meta, messages);
}

/** Message count and last update, from the messages themselves. */
export function withDerived(meta: ConversationMeta, messages: ReadonlyMap<string, StoredMessage>): ConversationMeta {
  let updatedAt = meta.updatedAt;
  for (const message of messages.values()) if (message.updatedAt > updatedAt) updatedAt = message.updatedAt;
  return { ...meta, updatedAt, messageCount: messages.size };
}

// Turning a caller's new message or patch into a complete, valid StoredMessage.
// Callers inside the core are trusted less than the schema: a message that
// would not read back (bad id, NaN time) is refused before it reaches the disk.
import { historyFailure } from '@shared/history/errors';
import { StoredMessageSchema } from '@shared/history/schemas';
import type { MessagePatch, MessageStatus, NewMessage, StoredMessage } from '@shared/history/types';

export function buildMessage(input: NewMessage, id: string, now: number, status: MessageStatus): StoredMessage {
  return validated(withoutUndefined({ ...input, id, status: input.status ?? status, createdAt: now, updatedAt: now }));
}

/** The message after `patch`; identity, parent, role and creation time are kept whatever the patch says. */
export function patchMessage(existing: StoredMessage, patch: MessagePatch, now: number): StoredMessage {
  return validated(
    withoutUndefined({
      ...existing,
      ...patch,
      id: existing.id,
      parentId: existing.parentId,
      role: existing.role,
      createdAt: existing.createdAt,
      updatedAt: Math.max(now, existing.updatedAt),
    }),
  );
}

function validated(candidate: Record<string, unknown>): StoredMessage {
  const parsed = StoredMessageSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw historyFailure(
    'history_bad_request',
    `Invalid message: ${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'invalid'}`,
  );
}

// `{ reasoning: undefined }` from a spread would survive in memory but vanish on disk; drop it now so both agree.
function withoutUndefined(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = field;
  return out;
}

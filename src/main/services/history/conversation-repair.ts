// Repairing a conversation's files on open. The damaged bytes of its log are quarantined (appended, with their
// offsets, to messages.jsonl.corrupt) before the log is rewritten from its intact records; a damaged or missing
// meta.json is rebuilt from the messages. Each step says what it did, or why it could not, as a notice.
import type { ConversationMeta, HistoryNotice, StoredMessage } from '@shared/history/types';
import { serializeMeta, type ConversationPaths } from './conversation-layout';
import type { HistoryFs } from './history-fs';
import { errno } from './history-errno';
import type { MetaReading } from './meta-file';
import type { BadRange, LogRecord } from './parse-message-log';

/** The part of a loaded conversation (ConversationState) a repair reads, and marks clean once the log is rewritten. */
interface RepairedConversation {
  meta: ConversationMeta;
  tailDirty: boolean;
}

// Quarantine first, rewrite second: a crash in between leaves the damaged
// bytes in both files, never in neither.
export async function repairLog(
  fs: HistoryFs,
  paths: ConversationPaths,
  state: RepairedConversation,
  bytes: Buffer,
  bad: BadRange[],
  latest: Map<string, LogRecord<StoredMessage>>,
  interrupted: StoredMessage[],
  at: number,
): Promise<HistoryNotice[]> {
  const id = state.meta.id;
  const title = state.meta.title || id;
  const notices: HistoryNotice[] = [];
  const badBytes = bad.reduce((sum, range) => sum + range.length, 0);
  const details = { file: paths.log, quarantine: paths.corrupt, ranges: bad.slice(0, 20), badBytes, kept: latest.size };
  if (bad.length > 0) {
    try {
      await fs.appendDurable(paths.corrupt, quarantineBlob(bytes, bad, at));
    } catch (error) {
      notices.push({
        level: 'error',
        code: 'history_recovered',
        conversationId: id,
        message: `“${title}”: ${bad.length} damaged part(s) were skipped but could not be moved aside (${errno(error)}); the file was left unchanged and ${latest.size} message(s) are shown.`,
        details,
      });
      return notices;
    }
    notices.push({
      level: 'warning',
      code: 'history_recovered',
      conversationId: id,
      message: `“${title}”: ${bad.length} damaged part(s) (${badBytes} bytes) were moved to messages.jsonl.corrupt; ${latest.size} intact message(s) kept.`,
      details,
    });
  }
  const interruptedById = new Map(interrupted.map((m) => [m.id, m]));
  const chunks: Buffer[] = [];
  for (const [messageId, record] of latest) {
    const replaced = interruptedById.get(messageId);
    chunks.push(
      replaced ? Buffer.from(JSON.stringify(replaced)) : bytes.subarray(record.start, record.end),
      Buffer.from('\n'),
    );
  }
  try {
    await fs.writeAtomic(paths.log, Buffer.concat(chunks));
    state.tailDirty = false;
  } catch (error) {
    // The old file is intact (atomic replace); carry on with it and try again next time.
    notices.push({
      level: 'error',
      code: 'history_write_failed',
      conversationId: id,
      message: `“${title}”: the repaired conversation could not be saved (${errno(error)}); it will be repaired again next time.`,
      details: { errno: errno(error), title, what: 'repair' },
    });
  }
  return notices;
}

/** Rebuilds meta.json (keeping a damaged one as meta.json.corrupt). */
export async function repairMeta(
  fs: HistoryFs,
  paths: ConversationPaths,
  state: RepairedConversation,
  bytes: Buffer | null,
  reading: MetaReading,
  at: number,
): Promise<HistoryNotice[]> {
  const id = state.meta.id;
  const damaged = reading.problem === 'damaged';
  const notices: HistoryNotice[] = [
    {
      level: damaged ? 'warning' : 'info',
      code: 'history_meta_rebuilt',
      conversationId: id,
      message: damaged
        ? `“${state.meta.title || id}”: its settings file was damaged and was rebuilt from the messages (the damaged copy is kept as meta.json.corrupt); model and system prompt may need to be chosen again.`
        : `“${state.meta.title || id}”: its settings file was missing and was rebuilt from the messages.`,
      details: { title: state.meta.title || id, damaged },
    },
  ];
  try {
    if (damaged && bytes)
      await fs.appendDurable(
        `${paths.meta}.corrupt`,
        quarantineBlob(bytes, [{ offset: 0, length: bytes.length, reason: 'invalid_json' }], at),
      );
    await fs.writeAtomic(paths.meta, serializeMeta(state.meta));
  } catch (error) {
    notices.push({
      level: 'error',
      code: 'history_write_failed',
      conversationId: id,
      message: `The rebuilt settings of “${state.meta.title || id}” could not be saved (${errno(error)}); they will be rebuilt again next time.`,
      details: { errno: errno(error), title: state.meta.title || id, what: 'meta' },
    });
  }
  return notices;
}

function quarantineBlob(bytes: Buffer, bad: BadRange[], at: number): Buffer {
  const parts: Buffer[] = [];
  for (const range of bad) {
    parts.push(
      Buffer.from(`#eva-quarantine ${JSON.stringify({ at, ...range })}\n`),
      bytes.subarray(range.offset, range.offset + range.length),
      Buffer.from('\n'),
    );
  }
  return Buffer.concat(parts);
}

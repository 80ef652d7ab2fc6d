// One conversation on disk: `<historyDir>/<id>/meta.json` + `messages.jsonl`
// (+ `checkpoints.json` once it has a summary: checkpoint-file.ts).
// Opening repairs what a crash or a bad disk left behind (conversation-repair.ts:
// damaged bytes are quarantined, never simply dropped) and reports what it did
// as notices. Files from a newer EVA are read but never rewritten.
import { join } from 'node:path';
import { historyFailure } from '@shared/history/errors';
import { StoredMessageSchema } from '@shared/history/schemas';
import {
  HISTORY_FORMAT_VERSION,
  type ConversationMeta,
  type HistoryNotice,
  type StoredMessage,
  type SummaryCheckpoint,
} from '@shared/history/types';
import { readCheckpoints } from './checkpoint-file';
import { conversationPaths } from './conversation-layout';
import { repairLog, repairMeta } from './conversation-repair';
import type { HistoryFs } from './history-fs';
import { errno } from './history-errno';
import { readMeta } from './meta-file';
import { parseMessageLog, type LogRecord } from './parse-message-log';

/** A conversation held in memory; the store changes it only after the disk accepted the change. */
export interface ConversationState {
  meta: ConversationMeta;
  /** latest version of each message, in the order they were first written */
  messages: Map<string, StoredMessage>;
  readOnly: boolean;
  /** the log does not end in a newline (a repair could not be written): the next append starts with one */
  tailDirty: boolean;
  /** the summary checkpoints, in the order they were made (whether each still holds is checkpoints.ts's rule) */
  checkpoints: readonly SummaryCheckpoint[];
  /** checkpoints.json was written by a newer EVA: its checkpoints are not used, and it is never rewritten */
  checkpointsNewer?: boolean;
}

export interface LoadOptions {
  fs: HistoryFs;
  now: () => number;
  /** messages this process is streaming right now: partial, but not interrupted */
  liveStreams: ReadonlySet<string>;
  /** also remove temp files a crash left mid-write (a folder listing: skipped for bulk reads) */
  tidy?: boolean;
}

// Rewrite a log once superseded stream snapshots outweigh the live messages.
const COMPACT_MIN_BYTES = 256 * 1024;

const validateMessage = (value: unknown): StoredMessage | null => {
  const parsed = StoredMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** Loads and repairs a conversation; null when it does not exist (or is an empty folder left by a crash mid-create). */
export async function loadConversation(
  historyDir: string,
  id: string,
  options: LoadOptions,
): Promise<{ state: ConversationState; notices: HistoryNotice[] } | null> {
  const { fs, now } = options;
  const paths = conversationPaths(historyDir, id);
  const [metaBytes, logBytes, summaries] = await Promise.all([
    readOptional(fs, paths.meta, id),
    readOptional(fs, paths.log, id),
    readCheckpoints(fs, paths.checkpoints),
  ]);
  if (metaBytes === null && logBytes === null) return null;
  const notices: HistoryNotice[] = [];
  const log = parseMessageLog(logBytes ?? Buffer.alloc(0), validateMessage);
  const latest = latestById(log.records);
  const messages = new Map<string, StoredMessage>();
  const interrupted: StoredMessage[] = [];
  for (const [messageId, record] of latest) {
    let message = record.value;
    if (message.status === 'partial' && !options.liveStreams.has(`${id}/${messageId}`)) {
      // Not a user-visible change, so updatedAt stays: bumping it would move the active branch.
      message = { ...message, status: 'interrupted' };
      interrupted.push(message);
    }
    messages.set(messageId, message);
  }
  const metaReading = readMeta(metaBytes, id, messages, now());
  const readOnly = metaReading.version > HISTORY_FORMAT_VERSION;
  const state: ConversationState = {
    meta: metaReading.meta,
    messages,
    readOnly,
    tailDirty: !log.endsWithNewline,
    checkpoints: summaries.checkpoints,
    ...(summaries.newer ? { checkpointsNewer: true } : {}),
  };
  const title = state.meta.title || id;
  if (summaries.notice) notices.push({ ...summaries.notice, conversationId: id, details: { title } });

  if (readOnly) {
    notices.push({
      level: 'warning',
      code: 'history_newer_version',
      conversationId: id,
      message: `“${title}” was saved by a newer version of EVA (format ${metaReading.version}); it is shown read-only${log.bad.length ? ` and ${log.bad.length} part(s) this version cannot read are left untouched` : ''}.`,
      details: { title, version: metaReading.version },
    });
    return { state, notices };
  }

  if (
    log.bad.length > 0 ||
    log.mergedLines > 0 ||
    !log.endsWithNewline ||
    interrupted.length > 0 ||
    needsCompaction(logBytes, latest)
  ) {
    const bytes = logBytes ?? Buffer.alloc(0);
    // The rewrite copies records byte for byte, so it needs byte offsets.
    const ranges = log.exact ? latest : latestById(parseMessageLog(bytes, validateMessage, true).records);
    notices.push(...(await repairLog(fs, paths, state, bytes, log.bad, ranges, interrupted, now())));
  }
  if (log.mergedLines > 0 && log.bad.length === 0) {
    notices.push({
      level: 'info',
      code: 'history_recovered',
      conversationId: id,
      message: `“${title}”: ${log.mergedLines} line(s) holding two messages were split; nothing was lost.`,
      details: { title, count: log.mergedLines },
    });
  }
  if (interrupted.length > 0) {
    notices.push({
      level: 'info',
      code: 'history_interrupted',
      conversationId: id,
      message: `“${title}”: ${interrupted.length === 1 ? 'an answer was' : `${interrupted.length} answers were`} cut off when EVA last stopped; what had arrived is kept and marked interrupted.`,
      details: { title, count: interrupted.length, messageIds: interrupted.map((m) => m.id) },
    });
  }
  if (metaReading.problem) notices.push(...(await repairMeta(fs, paths, state, metaBytes, metaReading, now())));
  if (options.tidy) await removeStaleTemps(fs, paths.dir);
  return { state, notices };
}

/** The last record of each id wins; the map keeps first-write order. */
function latestById(records: Array<LogRecord<StoredMessage>>): Map<string, LogRecord<StoredMessage>> {
  const latest = new Map<string, LogRecord<StoredMessage>>();
  for (const record of records) latest.set(record.value.id, record);
  return latest;
}

/**
 * Just the messages, read-only: no meta.json, no repair (what open() does).
 * For bulk readers like the search index; damaged bytes are skipped here and
 * quarantined when the conversation is next opened.
 */
export async function readMessages(
  historyDir: string,
  id: string,
  options: Pick<LoadOptions, 'fs' | 'liveStreams'>,
): Promise<StoredMessage[] | null> {
  const bytes = await readOptional(options.fs, conversationPaths(historyDir, id).log, id);
  if (bytes === null) return null;
  const messages: StoredMessage[] = [];
  for (const [messageId, record] of latestById(parseMessageLog(bytes, validateMessage).records)) {
    const live = options.liveStreams.has(`${id}/${messageId}`);
    messages.push(
      record.value.status === 'partial' && !live ? { ...record.value, status: 'interrupted' } : record.value,
    );
  }
  return messages;
}

function needsCompaction(bytes: Buffer | null, latest: Map<string, LogRecord<StoredMessage>>): boolean {
  if (!bytes || bytes.length < COMPACT_MIN_BYTES) return false;
  let live = 0;
  for (const record of latest.values()) live += record.end - record.start + 1;
  return bytes.length - live > live;
}

async function readOptional(fs: HistoryFs, path: string, id: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw historyFailure('history_unreadable', `Conversation ${id} cannot be read (${errno(error)}).`, {
      conversationId: id,
      errno: errno(error),
      path,
    });
  }
}

// Temp files of an atomic write that a crash interrupted; the rename never happened, so they hold nothing live.
async function removeStaleTemps(fs: HistoryFs, dir: string): Promise<void> {
  try {
    for (const name of await fs.listFiles(dir))
      if (name.startsWith('.') && name.endsWith('.tmp')) await fs.remove(join(dir, name));
  } catch {
    // Leftover temp files cost a few bytes; failing to tidy them must not fail the open.
  }
}

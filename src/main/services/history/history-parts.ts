// The parts a history store is made of, wired to each other: the list index
// summarizes from the repo, the repo feeds the search, removal and transfer
// reach the rest. HistoryStore (history-store.ts) is their front door.
import type { ConversationSummary, HistoryNotice, StoredMessage } from '@shared/history/types';
import { ConversationRemoval } from './conversation-removal';
import { HistoryCheckpoints } from './history-checkpoints';
import { ConversationRepo, summaryOf } from './conversation-repo';
import type { HistoryFs } from './history-fs';
import { HistorySearch } from './history-search';
import { HistoryTransfer } from './history-transfer';
import { ListIndex } from './list-index';
import { StreamSessions } from './stream-sessions';
import { realTimers, type Timers } from './throttle';
import { Trash } from './trash';

export interface HistoryStoreOptions {
  historyDir: string;
  fs?: HistoryFs;
  /** wall clock for timestamps */
  now?: () => number;
  notify?: (notice: HistoryNotice) => void;
  newId?: () => string;
  /** a streaming answer is saved at least this often (default 1000 ms) */
  streamSaveMs?: number;
  /** index.json is rewritten this long after a change (default 5000 ms; index.journal covers the gap) */
  indexFlushMs?: number;
  /** deleted conversations stay restorable this long (default 15 s) */
  trashGraceMs?: number;
  /** conversations kept loaded in memory (default 16) */
  cacheSize?: number;
  /** after each durable message write: tests and "saved" indicators */
  onPersisted?: (conversationId: string, message: StoredMessage) => void;
  timers?: Timers;
}

export interface HistoryParts {
  index: ListIndex;
  repo: ConversationRepo;
  streams: StreamSessions;
  searcher: HistorySearch;
  trash: Trash;
  removal: ConversationRemoval;
  transfer: HistoryTransfer;
  checkpoints: HistoryCheckpoints;
}

export function wireHistoryParts(deps: {
  options: HistoryStoreOptions;
  fs: HistoryFs;
  now: () => number;
  notify: (notice: HistoryNotice) => void;
  /** a fresh id, already checked */
  newId: () => string;
  /** the store's list (it starts the store first) */
  list: () => Promise<ConversationSummary[]>;
  /** starts the store */
  start: () => Promise<void>;
}): HistoryParts {
  const { fs, now, notify } = deps;
  const historyDir = deps.options.historyDir;
  const liveStreams = new Set<string>();
  const index: ListIndex = new ListIndex({
    fs,
    historyDir,
    notify,
    flushDelayMs: deps.options.indexFlushMs ?? 5000,
    summarize: (id) => repo.withOptional(id, summaryOf),
  });
  const repo: ConversationRepo = new ConversationRepo({
    fs,
    historyDir,
    now,
    notify,
    index,
    liveStreams,
    cacheSize: deps.options.cacheSize ?? 16,
    onCommitted: (id, messages) => {
      searcher.indexMessages(id, messages);
      for (const message of messages) deps.options.onPersisted?.(id, message);
    },
  });
  const streams = new StreamSessions({
    repo,
    now,
    notify,
    saveIntervalMs: deps.options.streamSaveMs ?? 1000,
    timers: deps.options.timers ?? realTimers,
    liveStreams,
  });
  const searcher = new HistorySearch(repo, { list: () => deps.list(), get: (id) => index.get(id) });
  const trash = new Trash(fs, historyDir, deps.options.trashGraceMs ?? 15_000);
  const removal = new ConversationRemoval({
    fs,
    historyDir,
    now,
    trash,
    repo,
    index,
    searcher,
    streams,
  });
  const transfer = new HistoryTransfer({
    repo,
    searcher,
    now,
    newId: deps.newId,
  });
  const checkpoints = new HistoryCheckpoints({ repo, now, newId: deps.newId, start: deps.start });
  return { index, repo, streams, searcher, trash, removal, transfer, checkpoints };
}

// The ingest queue's worker: LANES lanes take the catalog's queued files in turn, index each
// one through ingestFile, and settle the file and its base's run by how that ended. The queue
// itself is the files' states in the catalog, so it survives a crash.
import { AppFailure } from '@shared/errors';
import type { KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import type { IngestHalt, KnowledgeFile, KnowledgeFileFailure } from '@shared/knowledge/knowledge-types';
import type { Embedder } from './embedder';
import type { Extractor } from './extract/extract-worker-client';
import { ExtractFailure } from './extract/extract-failure';
import { EmbedderMismatch, ingestFile } from './ingest-file';
import type { IngestRuns } from './ingest-progress';
import type { KnowledgeCatalog, StoredBase } from './knowledge-catalog';
import type { PassageStore } from './passage-table';

/**
 * Files ingested at once: while one is stored and saved, the other's batches keep the embedding server busy (bench
 * knowledge.ingest_ratio).
 */
const LANES = 2;

/** What the queue reads from the service's dependencies, at each use. */
export interface IngestQueueHost {
  embedder: Embedder;
  extractor: Extractor;
  settings: () => KnowledgeSettings;
  onChanged: () => void;
  retryMs?: number;
}

/** The service's state the queue works on. */
export interface IngestQueueParts {
  catalog: KnowledgeCatalog;
  store: PassageStore;
  clock: () => number;
  ingestRuns: IngestRuns;
  /** the catalog save that never throws (see the service's saveQuietly) */
  saveQuietly: () => Promise<void>;
}

/** Why the embedder's failure stops a base's ingest, in the words the page knows. */
function haltOf(error: AppFailure): IngestHalt {
  const reason = error.details?.reason;
  return reason === 'no_embedder' || reason === 'embedder_is_chat_model' ? reason : 'embedder_failed';
}

export function createIngestQueue(
  host: IngestQueueHost,
  { catalog, store, clock, ingestRuns, saveQuietly }: IngestQueueParts,
) {
  const { runs, emitProgress, runFor } = ingestRuns;
  /** the files under way, one per lane */
  const running = new Set<{ baseId: string; fileId: string; path: string; abort: AbortController }>();
  const abortWhere = (match: (entry: { baseId: string; fileId: string }) => boolean): boolean => {
    const hits = [...running].filter(match);
    for (const entry of hits) entry.abort.abort();
    return hits.length > 0;
  };
  let worker: Promise<void> | null = null;
  let disposed = false;
  /** bases whose queue waits (a re-embed is clearing them) */
  const holding = new Set<string>();

  function nextQueued(): { base: StoredBase; file: KnowledgeFile } | null {
    for (const base of catalog.bases) {
      // A base whose ingest stopped for want of an embedder waits for resume() or new files.
      if (holding.has(base.id) || runs.get(base.id)?.progress.state === 'failed') continue;
      const file = base.files.find((f) => f.state === 'queued');
      if (file) return { base, file };
    }
    return null;
  }

  function kick(): void {
    if (worker || disposed) return;
    let broke = false;
    worker = Promise.allSettled(Array.from({ length: LANES }, work))
      .then((lanes) => {
        for (const lane of lanes) if (lane.status === 'rejected') throw lane.reason;
      })
      .catch((error: unknown) => {
        // A bug, not a file's fault: the queue stops with the error shown (resume() tries again) rather than the host
        // dying of an unhandled rejection.
        broke = true;
        for (const run of runs.values())
          if (run.progress.state === 'running' || run.progress.state === 'paused')
            Object.assign(run.progress, { state: 'failed', pausedReason: 'embedder_failed', detail: String(error) });
        for (const base of catalog.bases)
          for (const file of base.files) if (file.state === 'indexing') file.state = 'queued';
        running.clear();
      })
      .finally(() => {
        worker = null;
        if (!broke && nextQueued() && !disposed) kick();
      });
  }

  async function work(): Promise<void> {
    for (let next = nextQueued(); next && !disposed; next = nextQueued()) {
      const { base, file } = next;
      const run = runs.get(base.id) ?? runFor(base, file.bytes, 1);
      const abort = new AbortController();
      const entry = { baseId: base.id, fileId: file.id, path: file.path, abort };
      running.add(entry);
      // Marked before the first await, so the other lane takes the next file.
      file.state = 'indexing';
      run.progress.currentFile = file.path;
      emitProgress(run, true);
      await saveQuietly();
      const settings = host.settings();
      try {
        const outcome = await ingestFile(
          {
            baseId: base.id,
            fileId: file.id,
            path: file.path,
            indexedHash: file.passages > 0 ? file.hash : null,
            baseEmbedder: base.embedder,
            passageTokens: settings.passageTokens,
            overlapTokens: settings.overlapTokens,
            batchSize: settings.batchSize,
            maxBytes: settings.maxFileMb * 1024 * 1024,
          },
          {
            extractor: host.extractor,
            embedder: host.embedder,
            store,
            signal: abort.signal,
            retryMs: host.retryMs,
            onPause: (reason) => {
              run.progress.state = reason ? 'paused' : 'running';
              run.progress.pausedReason = reason ? 'embedder_down' : null;
              run.progress.detail = reason;
              emitProgress(run, true);
            },
            onPassages: (count) => {
              run.progress.passagesDone += count;
              emitProgress(run);
            },
          },
        );
        Object.assign(file, {
          state: 'indexed',
          hash: outcome.hash,
          bytes: outcome.bytes,
          indexedAt: clock(),
          error: null,
        });
        if (outcome.kind === 'indexed') {
          file.passages = outcome.passages;
          base.embedder ??= outcome.embedder;
        }
      } catch (error) {
        if (abort.signal.aborted && disposed) {
          // Quitting: the file is indexed again at the next start.
          file.state = 'queued';
        } else if (abort.signal.aborted) {
          // Cancelled: the file keeps what it had; one never indexed leaves the base.
          if (catalog.base(base.id)?.files.includes(file)) {
            if (file.passages > 0) file.state = 'indexed';
            else base.files.splice(base.files.indexOf(file), 1);
          }
        } else if (error instanceof EmbedderMismatch) {
          // Nothing more goes into this base until it is re-embedded.
          for (const f of base.files)
            if (f.state === 'queued' || f === file)
              Object.assign(
                f,
                f.passages > 0
                  ? { state: 'indexed' }
                  : { state: 'failed', error: { reason: 'embed_failed', message: error.message } },
              );
          run.progress.state = 'failed';
          run.progress.pausedReason = 'reembed_needed';
          run.progress.detail = error.message;
        } else if (error instanceof AppFailure) {
          // No embedder chosen, a chat model not insisted on, or it cannot start: the queue waits until the embedder
          // is set (resume()).
          file.state = 'queued';
          run.progress.state = 'failed';
          run.progress.pausedReason = haltOf(error);
          run.progress.detail = error.message;
          emitProgress(run, true);
          await saveQuietly();
          running.delete(entry);
          host.onChanged();
          return;
        } else {
          const reason: KnowledgeFileFailure = error instanceof ExtractFailure ? error.reason : 'read_failed';
          Object.assign(file, { state: 'failed', error: { reason, message: (error as Error).message } });
          run.progress.filesFailed++;
        }
      }
      running.delete(entry);
      run.progress.filesDone++;
      run.bytesDone += file.bytes;
      run.progress.currentFile = [...running].find((r) => r.baseId === base.id)?.path ?? null;
      // The last lane out of the base finishes its run; decided before the save's await, so only one lane does.
      const last = !base.files.some((f) => f.state === 'queued' || f.state === 'indexing');
      await saveQuietly();
      if (last) {
        if (run.progress.state === 'running' || run.progress.state === 'paused') run.progress.state = 'done';
        if (run.progress.state !== 'failed') run.progress.pausedReason = run.progress.detail = null;
        // Compaction only makes later reads faster; the files are indexed, and a disk that fails fails the next write.
        await store.optimize(base.id).catch(() => undefined);
      }
      emitProgress(run, true);
      host.onChanged();
    }
  }

  return {
    /** Start the lanes unless they are running (or the service is closing). */
    kick,
    /** Abort the files under way that match; true if there was one. */
    abortWhere,
    /** Whether a lane is still on one of the base's files. */
    isRunning: (baseId: string): boolean => [...running].some((r) => r.baseId === baseId),
    /** Keep the base's files out of the lanes while `during` runs. */
    async holdingBase<T>(baseId: string, during: () => Promise<T>): Promise<T> {
      holding.add(baseId);
      try {
        return await during();
      } finally {
        holding.delete(baseId);
      }
    },
    /** Wait until the queue is empty. */
    async idle(): Promise<void> {
      while (worker) await worker;
    },
    /** Closing: abort every file under way (they stay queued for the next start) and wait for the lanes. */
    async stop(): Promise<void> {
      disposed = true;
      abortWhere(() => true);
      await worker?.catch(() => undefined); // closing: kick() already shows what made the lanes fail
    },
  };
}

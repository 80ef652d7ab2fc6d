// The knowledge base (EVA's 知识库): bases and their files in the catalog,
// passages and vectors in the database, one ingest queue that survives a crash,
// and hybrid retrieval. Created by the core with its dependencies passed in.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { AppFailure } from '@shared/errors';
import type { KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import type { IngestProgress, KnowledgeBase, KnowledgeFile, KnowledgeFileFailure } from '@shared/knowledge/knowledge-types';
import { etaSeconds } from '@shared/knowledge/ingest-eta';
import type { Embedder } from './embedder';
import { ExtractFailure } from './extract/extract-failure';
import { fileKindOf } from './extract/file-kind';
import { walkFiles } from './folder-walk';
import { EmbedderMismatch, ingestFile } from './ingest-file';
import { KnowledgeCatalog, type StoredBase } from './knowledge-catalog';
import { PassageStore } from './passage-table';
import { searchBases, type SearchOutcome } from './hybrid-search';
import { openPassage } from './open-passage';
import { stat } from 'node:fs/promises';

export interface KnowledgeServiceDeps {
  /** `<data>/knowledge` */
  dir: string;
  embedder: Embedder;
  settings: () => KnowledgeSettings;
  onProgress: (progress: IngestProgress) => void;
  /** the bases changed (a file indexed, a base renamed): the page refetches */
  onChanged: () => void;
  /** for tests: ms between tries while the embedding server is down */
  retryMs?: number;
  clock?: () => number;
}

interface RunState {
  progress: IngestProgress;
  startedAt: number;
  bytesDone: number;
  bytesTotal: number;
}

const PROGRESS_EVERY_MS = 250;
/** Files ingested at once: while one is stored and saved, the other's batches keep the embedding server busy (bench knowledge.ingest_ratio). */
const LANES = 2;

export async function openKnowledgeService(deps: KnowledgeServiceDeps) {
  await mkdir(deps.dir, { recursive: true });
  const catalog = await KnowledgeCatalog.open(join(deps.dir, 'catalog.json'));
  const store = await PassageStore.open(join(deps.dir, 'db'));
  const clock = deps.clock ?? Date.now;
  const runs = new Map<string, RunState>();
  /** the files under way, one per lane */
  const running = new Set<{ baseId: string; fileId: string; path: string; abort: AbortController }>();
  const abortWhere = (match: (entry: { baseId: string; fileId: string }) => boolean): boolean => {
    const hits = [...running].filter(match);
    for (const entry of hits) entry.abort.abort();
    return hits.length > 0;
  };
  let worker: Promise<void> | null = null;
  let lastEmit = 0;
  let disposed = false;
  /** bases whose queue waits (a re-embed is clearing them) */
  const holding = new Set<string>();

  // A crash between adding a file's new passages and dropping its old ones leaves both: keep the committed revision.
  for (const base of catalog.bases) {
    // Every file with stored passages keeps its committed revision, whatever its state: one
    // re-indexing (or failed on a new revision) when the app stopped still has its old passages.
    await store.repair(base.id, new Map(base.files.filter((f) => f.hash && f.passages > 0).map((f) => [f.id, f.hash!.slice(0, 16)])));
    for (const file of base.files) if (file.state === 'indexing') file.state = 'queued';
  }
  await saveQuietly();

  function view(base: StoredBase): KnowledgeBase {
    const now = deps.embedder.model();
    return { ...base, files: base.files.map((f) => ({ ...f })), needsReembed: Boolean(base.embedder && now && base.embedder.model !== now) };
  }

  function baseOf(id: string): StoredBase {
    const base = catalog.base(id);
    if (!base) throw new AppFailure('not_found', `no knowledge base ${id}`, { reason: 'no_base' });
    return base;
  }

  function emitProgress(run: RunState, force = false): void {
    const now = clock();
    if (!force && now - lastEmit < PROGRESS_EVERY_MS) return;
    lastEmit = now;
    run.progress.etaSeconds = run.progress.state === 'running' ? etaSeconds({ bytesDone: run.bytesDone, bytesTotal: run.bytesTotal, elapsedMs: now - run.startedAt }) : null;
    deps.onProgress({ ...run.progress });
  }

  function runFor(base: StoredBase, addedBytes: number, addedFiles: number): RunState {
    let run = runs.get(base.id);
    if (!run || run.progress.state !== 'running') {
      run = {
        progress: { jobId: randomBytes(6).toString('hex'), baseId: base.id, state: 'running', filesDone: 0, filesTotal: 0, filesFailed: 0, passagesDone: 0, currentFile: null, etaSeconds: null, pausedReason: null, detail: null },
        startedAt: clock(),
        bytesDone: 0,
        bytesTotal: 0,
      };
      runs.set(base.id, run);
    }
    run.progress.filesTotal += addedFiles;
    run.bytesTotal += addedBytes;
    return run;
  }

  function nextQueued(): { base: StoredBase; file: KnowledgeFile } | null {
    for (const base of catalog.bases) {
      // A base whose ingest stopped for want of an embedder waits for resume() or new files.
      if (holding.has(base.id) || runs.get(base.id)?.progress.state === 'failed') continue;
      const file = base.files.find((f) => f.state === 'queued');
      if (file) return { base, file };
    }
    return null;
  }

  /**
   * The worker's saves: a catalog that cannot be written (a full disk) keeps its
   * last good copy on disk (the write is atomic) and the queue goes on in memory;
   * the files whose passages cannot be stored get their own `disk_full` error,
   * and a restart resumes from the last saved state.
   */
  async function saveQuietly(): Promise<void> {
    await catalog.save().catch(() => undefined);
  }

  function kick(): void {
    if (worker || disposed) return;
    let broke = false;
    worker = Promise.allSettled(Array.from({ length: LANES }, work))
      .then((lanes) => {
        for (const lane of lanes) if (lane.status === 'rejected') throw lane.reason;
      })
      .catch((error: unknown) => {
        // A bug, not a file's fault: the queue stops with the error shown (resume() tries again) rather than the host dying of an unhandled rejection.
        broke = true;
        for (const run of runs.values()) if (run.progress.state === 'running' || run.progress.state === 'paused') Object.assign(run.progress, { state: 'failed', pausedReason: 'embedder_failed', detail: String(error) });
        for (const base of catalog.bases) for (const file of base.files) if (file.state === 'indexing') file.state = 'queued';
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
      const settings = deps.settings();
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
            embedder: deps.embedder,
            store,
            signal: abort.signal,
            retryMs: deps.retryMs,
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
        Object.assign(file, { state: 'indexed', hash: outcome.hash, bytes: outcome.bytes, indexedAt: clock(), error: null });
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
          for (const f of base.files) if (f.state === 'queued' || f === file) Object.assign(f, f.passages > 0 ? { state: 'indexed' } : { state: 'failed', error: { reason: 'embed_failed', message: error.message } });
          run.progress.state = 'failed';
          run.progress.pausedReason = 'reembed_needed';
          run.progress.detail = error.message;
        } else if (error instanceof AppFailure) {
          // No embedder chosen, or it cannot start: the queue waits until the embedder is set (resume()).
          file.state = 'queued';
          run.progress.state = 'failed';
          run.progress.pausedReason = error.details?.reason === 'no_embedder' ? 'no_embedder' : 'embedder_failed';
          run.progress.detail = error.message;
          emitProgress(run, true);
          await saveQuietly();
          running.delete(entry);
          deps.onChanged();
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
        await store.optimize(base.id).catch(() => undefined);
      }
      emitProgress(run, true);
      deps.onChanged();
    }
  }

  async function queuePaths(base: StoredBase, paths: readonly string[]): Promise<number> {
    let added = 0;
    let bytes = 0;
    for (const raw of paths) {
      const path = resolve(raw);
      const files = await walkFiles(path).catch(() => [path]);
      const explicit = files.length === 1 && files[0] === path;
      for (const file of files) {
        // A folder brings what can be read; a file named on its own is listed either way, so it gets its error.
        if (!explicit && !fileKindOf(file)) continue;
        const size = await stat(file).then((s) => s.size, () => 0);
        const existing = base.files.find((f) => f.path === file);
        if (existing) {
          if (existing.state === 'queued' || existing.state === 'indexing') continue;
          Object.assign(existing, { state: 'queued', bytes: size, error: null });
        } else {
          base.files.push({ id: randomBytes(8).toString('hex'), path: file, state: 'queued', hash: null, passages: 0, bytes: size, indexedAt: null, error: null });
        }
        added++;
        bytes += size;
      }
    }
    if (added > 0) runFor(base, bytes, added);
    // A full disk must not refuse the add: the queue runs in memory and each file that cannot be stored says so.
    await saveQuietly();
    return added;
  }

  // Files left queued by the last run resume now.
  for (const base of catalog.bases) {
    const queued = base.files.filter((f) => f.state === 'queued');
    if (queued.length > 0) runFor(base, queued.reduce((s, f) => s + f.bytes, 0), queued.length);
  }
  kick();

  return {
    list(): { bases: KnowledgeBase[]; progress: IngestProgress[] } {
      return { bases: catalog.bases.map(view), progress: [...runs.values()].map((r) => ({ ...r.progress })) };
    },

    async create(name: string): Promise<KnowledgeBase> {
      const base: StoredBase = { id: randomBytes(8).toString('hex'), name: name.trim() || 'Knowledge', createdAt: clock(), embedder: null, files: [] };
      catalog.bases.push(base);
      await catalog.save();
      deps.onChanged();
      return view(base);
    },

    async rename(id: string, name: string): Promise<KnowledgeBase> {
      const base = baseOf(id);
      base.name = name.trim() || base.name;
      await catalog.save();
      deps.onChanged();
      return view(base);
    },

    async remove(id: string): Promise<{ removed: boolean }> {
      const base = baseOf(id);
      abortWhere((r) => r.baseId === id);
      catalog.bases.splice(catalog.bases.indexOf(base), 1);
      runs.delete(id);
      await catalog.save();
      await store.dropBase(id);
      deps.onChanged();
      return { removed: true };
    },

    /** Add files and folders (absolute paths); each file is queued, a changed one re-indexed by its hash. */
    async addPaths(id: string, paths: readonly string[]): Promise<{ queued: number }> {
      const base = baseOf(id);
      if (paths.some((p) => !isAbsolute(p))) throw new AppFailure('bad_request', 'paths must be absolute', { reason: 'relative_path' });
      const queued = await queuePaths(base, paths);
      deps.onChanged();
      kick();
      return { queued };
    },

    async removeFile(id: string, fileId: string): Promise<{ removed: boolean }> {
      const base = baseOf(id);
      const file = base.files.find((f) => f.id === fileId);
      if (!file) return { removed: false };
      abortWhere((r) => r.fileId === fileId);
      base.files.splice(base.files.indexOf(file), 1);
      await store.removeFile(id, fileId);
      await catalog.save();
      deps.onChanged();
      return { removed: true };
    },

    /** Stop the base's ingest: files done stay, the one under way keeps what it had, the rest leave the queue. */
    async cancel(id: string): Promise<{ cancelled: boolean }> {
      const base = baseOf(id);
      const queued = base.files.filter((f) => f.state === 'queued');
      for (const file of queued) {
        if (file.passages > 0) file.state = 'indexed';
        else base.files.splice(base.files.indexOf(file), 1);
      }
      const wasRunning = abortWhere((r) => r.baseId === id);
      const run = runs.get(id);
      if (run) {
        run.progress.state = 'cancelled';
        run.progress.pausedReason = run.progress.detail = null;
        emitProgress(run, true);
      }
      await catalog.save();
      deps.onChanged();
      return { cancelled: wasRunning || queued.length > 0 };
    },

    /** Drop the base's vectors and index every file again with the embedder in use now. */
    async reembed(id: string): Promise<{ queued: number }> {
      const base = baseOf(id);
      holding.add(id);
      let queued = 0;
      try {
        abortWhere((r) => r.baseId === id);
        while ([...running].some((r) => r.baseId === id)) await new Promise((r) => setTimeout(r, 20));
        await store.dropBase(id);
        base.embedder = null;
        for (const file of base.files) Object.assign(file, { hash: null, passages: 0, state: 'indexed', error: null });
        runs.delete(id);
        queued = await queuePaths(base, base.files.map((f) => f.path));
      } finally {
        holding.delete(id);
      }
      deps.onChanged();
      kick();
      return { queued };
    },

    /** Hybrid retrieval over the chosen bases (default: settings.activeBaseIds, else all). */
    async query(text: string, options: { baseIds?: readonly string[]; topN?: number; signal?: AbortSignal } = {}): Promise<SearchOutcome> {
      const settings = deps.settings();
      const ids = options.baseIds?.length ? options.baseIds : settings.activeBaseIds.length ? settings.activeBaseIds : catalog.bases.map((b) => b.id);
      const bases = ids.map((bid) => catalog.base(bid)).filter((b): b is StoredBase => Boolean(b)).map(view);
      return searchBases({ store, embedder: deps.embedder, bases, query: text, topN: options.topN ?? settings.topN, signal: options.signal ?? AbortSignal.timeout(120_000) });
    },

    async openPassage(baseId: string, passageId: string) {
      return openPassage(store, baseOf(baseId).id, passageId);
    },

    /** The embedder was set or started: a queue that stopped for want of one goes on. */
    resume(): void {
      for (const base of catalog.bases) {
        const queued = base.files.filter((f) => f.state === 'queued');
        const run = runs.get(base.id);
        if (queued.length === 0 || (run && run.progress.state !== 'failed') || run?.progress.pausedReason === 'reembed_needed') continue;
        runs.delete(base.id);
        runFor(base, queued.reduce((s, f) => s + f.bytes, 0), queued.length);
      }
      kick();
    },

    /** Wait until the queue is empty (tests, benchmarks). */
    async idle(): Promise<void> {
      while (worker) await worker;
    },

    /** The store, for benchmarks and tests. */
    store,

    async dispose(): Promise<void> {
      disposed = true;
      abortWhere(() => true);
      await worker?.catch(() => undefined);
      await saveQuietly();
      store.close();
    },
  };
}

export type KnowledgeService = Awaited<ReturnType<typeof openKnowledgeService>>;

// The knowledge base (EVA's 知识库): bases and their files in the catalog,
// passages and vectors in the database, one ingest queue that survives a crash,
// and hybrid retrieval. Created by the core with its dependencies passed in.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { AppFailure } from '@shared/errors';
import type { KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import type { Notice } from '@shared/contract';
import type { IngestProgress, KnowledgeBase } from '@shared/knowledge/knowledge-types';
import type { Embedder } from './embedder';
import type { Extractor } from './extract/extract-worker-client';
import { createIngestRuns } from './ingest-progress';
import { createIngestQueue } from './ingest-queue';
import { KnowledgeCatalog, type StoredBase } from './knowledge-catalog';
import { damagedCatalogNotice, recoverAfterStop } from './knowledge-recovery';
import { markPathsQueued } from './mark-paths-queued';
import { PassageStore } from './passage-table';
import { searchBases, type SearchOutcome } from './hybrid-search';
import { openPassage } from './open-passage';

export interface KnowledgeServiceDeps {
  /** `<data>/knowledge` */
  dir: string;
  embedder: Embedder;
  /** reads each file's text: in the app, a worker process with a heap cap (extract-worker-client.ts) */
  extractor: Extractor;
  settings: () => KnowledgeSettings;
  onProgress: (progress: IngestProgress) => void;
  /** the bases changed (a file indexed, a base renamed): the page refetches */
  onChanged: () => void;
  /** what the start found wrong and got past (a damaged catalog, a repair that failed) */
  onNotice?: (notice: Notice) => void;
  /** for tests: ms between tries while the embedding server is down */
  retryMs?: number;
  clock?: () => number;
}

export async function openKnowledgeService(deps: KnowledgeServiceDeps) {
  await mkdir(deps.dir, { recursive: true });
  const catalog = await KnowledgeCatalog.open(join(deps.dir, 'catalog.json'));
  const store = await PassageStore.open(join(deps.dir, 'db'));
  const clock = deps.clock ?? Date.now;
  const ingestRuns = createIngestRuns(clock, (progress) => deps.onProgress(progress));
  const { runs, emitProgress, runFor } = ingestRuns;
  const queue = createIngestQueue(deps, { catalog, store, clock, ingestRuns, saveQuietly });
  const { kick, abortWhere } = queue;
  let unsavedSaid = false;

  if (catalog.damaged) deps.onNotice?.(damagedCatalogNotice(catalog.damaged));
  await recoverAfterStop(catalog, store, deps.onNotice);
  await saveQuietly();

  function view(base: StoredBase): KnowledgeBase {
    const now = deps.embedder.model();
    return {
      ...base,
      files: base.files.map((f) => ({ ...f })),
      needsReembed: Boolean(base.embedder && now && base.embedder.model !== now),
    };
  }

  function baseOf(id: string): StoredBase {
    const base = catalog.base(id);
    if (!base) throw new AppFailure('not_found', `no knowledge base ${id}`, { reason: 'no_base' });
    return base;
  }

  /**
   * The worker's saves: a catalog that cannot be written (a full disk) keeps its
   * last good copy on disk (the write is atomic) and the queue goes on in memory;
   * the files whose passages cannot be stored get their own `disk_full` error,
   * and a restart resumes from the last saved state.
   */
  async function saveQuietly(): Promise<void> {
    try {
      await catalog.save();
      unsavedSaid = false;
    } catch (error) {
      // Said once until a save works again: the user learns a restart would go back to the last saved state.
      if (unsavedSaid) return;
      unsavedSaid = true;
      const reason = error instanceof Error ? error.message : String(error);
      const message = `The knowledge base's list could not be saved (${reason}); it goes on in memory until it can.`;
      deps.onNotice?.({ level: 'warning', code: 'knowledge_catalog_unsaved', message, details: { reason } });
    }
  }

  async function queuePaths(base: StoredBase, paths: readonly string[]): Promise<number> {
    const { added, bytes } = await markPathsQueued(base, paths);
    if (added > 0) runFor(base, bytes, added);
    // A full disk must not refuse the add: the queue runs in memory and each file that cannot be stored says so.
    await saveQuietly();
    return added;
  }

  // Files left queued by the last run resume now.
  for (const base of catalog.bases) {
    const queued = base.files.filter((f) => f.state === 'queued');
    if (queued.length > 0)
      runFor(
        base,
        queued.reduce((s, f) => s + f.bytes, 0),
        queued.length,
      );
  }
  kick();

  return {
    list(): { bases: KnowledgeBase[]; progress: IngestProgress[] } {
      return { bases: catalog.bases.map(view), progress: [...runs.values()].map((r) => ({ ...r.progress })) };
    },

    async create(name: string): Promise<KnowledgeBase> {
      const base: StoredBase = {
        id: randomBytes(8).toString('hex'),
        name: name.trim() || 'Knowledge',
        createdAt: clock(),
        embedder: null,
        files: [],
      };
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
      if (paths.some((p) => !isAbsolute(p)))
        throw new AppFailure('bad_request', 'paths must be absolute', { reason: 'relative_path' });
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
      const queued = await queue.holdingBase(id, async () => {
        abortWhere((r) => r.baseId === id);
        while (queue.isRunning(id)) await new Promise((r) => setTimeout(r, 20));
        await store.dropBase(id);
        base.embedder = null;
        for (const file of base.files) Object.assign(file, { hash: null, passages: 0, state: 'indexed', error: null });
        runs.delete(id);
        return queuePaths(
          base,
          base.files.map((f) => f.path),
        );
      });
      deps.onChanged();
      kick();
      return { queued };
    },

    /** Hybrid retrieval over the chosen bases (default: settings.activeBaseIds, else all). */
    async query(
      text: string,
      options: { baseIds?: readonly string[]; topN?: number; signal?: AbortSignal } = {},
    ): Promise<SearchOutcome> {
      const settings = deps.settings();
      const ids = options.baseIds?.length
        ? options.baseIds
        : settings.activeBaseIds.length
          ? settings.activeBaseIds
          : catalog.bases.map((b) => b.id);
      const bases = ids
        .map((bid) => catalog.base(bid))
        .filter((b): b is StoredBase => Boolean(b))
        .map(view);
      return searchBases({
        store,
        embedder: deps.embedder,
        bases,
        query: text,
        topN: options.topN ?? settings.topN,
        signal: options.signal ?? AbortSignal.timeout(120_000),
      });
    },

    async openPassage(baseId: string, passageId: string) {
      return openPassage(store, deps.extractor, baseOf(baseId).id, passageId);
    },

    /** The embedder was set or started: a queue that stopped for want of one goes on. */
    resume(): void {
      for (const base of catalog.bases) {
        const queued = base.files.filter((f) => f.state === 'queued');
        const run = runs.get(base.id);
        if (
          queued.length === 0 ||
          (run && run.progress.state !== 'failed') ||
          run?.progress.pausedReason === 'reembed_needed'
        )
          continue;
        runs.delete(base.id);
        runFor(
          base,
          queued.reduce((s, f) => s + f.bytes, 0),
          queued.length,
        );
      }
      kick();
    },

    /** Wait until the queue is empty (tests, benchmarks). */
    async idle(): Promise<void> {
      await queue.idle();
    },

    /** The store, for benchmarks and tests. */
    store,

    async dispose(): Promise<void> {
      await queue.stop();
      await saveQuietly();
      store.close();
    },
  };
}

export type KnowledgeService = Awaited<ReturnType<typeof openKnowledgeService>>;

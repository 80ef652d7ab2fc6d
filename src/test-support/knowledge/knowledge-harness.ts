// A knowledge service on a temp data dir with the real embedding server (or any
// embedder) and the real document reader's worker process, recording its
// progress events and notices, for integration tests and benches.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppSettings, EventName, Notice } from '@shared/contract';
import { defaultKnowledgeSettings, type KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import type { IngestProgress } from '@shared/knowledge/knowledge-types';
import type { Embedder } from '@main/services/knowledge/embedder';
import { workerExtractor, type ExtractWorkerOptions } from '@main/services/knowledge/extract/extract-worker-client';
import type { KnowledgeModuleDeps } from '@main/services/knowledge/knowledge-module';
import { openKnowledgeService, type KnowledgeService } from '@main/services/knowledge/knowledge-service';
import type { ProcessLifecycle } from '@main/services/process/process-lifecycle';
import { testAssets } from '@test-support/test-assets';

/** The reader's worker from source, run through tsx as the core runs it in dev. */
export const EXTRACT_WORKER = {
  entry: fileURLToPath(new URL('../../main/workers/extract-worker.ts', import.meta.url)),
  execArgv: ['--import', 'tsx'],
};

export async function makeKnowledgeHarness(
  embedder: Embedder,
  patch: Partial<KnowledgeSettings> = {},
  dir?: string,
  reader: Partial<ExtractWorkerOptions> = {},
) {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'eva-knowledge-')));
  const settings: KnowledgeSettings = {
    ...defaultKnowledgeSettings(),
    passageTokens: 64,
    overlapTokens: 8,
    batchSize: 8,
    ...patch,
  };
  const progress: IngestProgress[] = [];
  const notices: Notice[] = [];
  let changes = 0;
  const extractor = workerExtractor({ ...EXTRACT_WORKER, ...reader });
  const service: KnowledgeService = await openKnowledgeService({
    dir: join(root, 'knowledge'),
    embedder,
    extractor,
    settings: () => settings,
    onProgress: (p) => progress.push(p),
    onChanged: () => changes++,
    onNotice: (notice) => notices.push(notice),
    retryMs: 100,
  });
  return {
    root,
    settings,
    service,
    progress,
    notices,
    changes: () => changes,
    /** rows in the database == passages the catalog counts: nothing half-indexed, nothing twice */
    async consistent(baseId: string): Promise<{ rows: number; counted: number }> {
      const base = service.list().bases.find((b) => b.id === baseId)!;
      return { rows: await service.store.count(baseId), counted: base.files.reduce((s, f) => s + f.passages, 0) };
    },
    async dispose(removeDir = true) {
      await service.dispose();
      await extractor.dispose();
      if (removeDir && !dir) await rm(root, { recursive: true, force: true });
    },
  };
}

/** What openKnowledge needs in a test: the real bin dir and reader worker, no GPUs, no links, events recorded. */
export function knowledgeModuleDeps(
  dataDir: string,
  processes: ProcessLifecycle,
  settings: () => AppSettings,
  events: Array<{ event: EventName; payload: unknown }>,
): KnowledgeModuleDeps {
  return {
    dataDir,
    binDirs: [testAssets.binDir],
    processes,
    probeGpus: async () => [],
    settings,
    resolveLink: async () => Promise.reject(new Error('no links here')),
    emit: (event, payload) => events.push({ event, payload }),
    extractWorker: EXTRACT_WORKER,
  };
}

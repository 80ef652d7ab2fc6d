// A knowledge service on a temp data dir with the real embedding server (or any
// embedder), recording its progress events, for integration tests and benches.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultKnowledgeSettings, type KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import type { IngestProgress } from '@shared/knowledge/knowledge-types';
import type { Embedder } from '@main/services/knowledge/embedder';
import { openKnowledgeService, type KnowledgeService } from '@main/services/knowledge/knowledge-service';

export async function makeKnowledgeHarness(embedder: Embedder, patch: Partial<KnowledgeSettings> = {}, dir?: string) {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'eva-knowledge-')));
  const settings: KnowledgeSettings = { ...defaultKnowledgeSettings(), passageTokens: 64, overlapTokens: 8, batchSize: 8, ...patch };
  const progress: IngestProgress[] = [];
  let changes = 0;
  const service: KnowledgeService = await openKnowledgeService({
    dir: join(root, 'knowledge'),
    embedder,
    settings: () => settings,
    onProgress: (p) => progress.push(p),
    onChanged: () => changes++,
    retryMs: 100,
  });
  return {
    root,
    settings,
    service,
    progress,
    changes: () => changes,
    /** rows in the database == passages the catalog counts: nothing half-indexed, nothing twice */
    async consistent(baseId: string): Promise<{ rows: number; counted: number }> {
      const base = service.list().bases.find((b) => b.id === baseId)!;
      return { rows: await service.store.count(baseId), counted: base.files.reduce((s, f) => s + f.passages, 0) };
    },
    async dispose(removeDir = true) {
      await service.dispose();
      if (removeDir && !dir) await rm(root, { recursive: true, force: true });
    },
  };
}

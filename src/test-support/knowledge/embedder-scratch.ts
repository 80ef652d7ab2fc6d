// The set-up the knowledge integration tests share: the real embedding server for
// the file (started before its tests, stopped after), the endpoint a link embedder
// reaches it by, and a scratch folder to write documents and data dirs into.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import { prose } from './document-fixtures';
import { makeEmbedderHarness } from './embedder-harness';

export function useEmbedderScratch(prefix: string, settings?: () => EmbedderSettings) {
  const emb = makeEmbedderHarness(settings);
  const scratch = {
    emb,
    endpoint: { baseUrl: '', apiKey: '' },
    dir: '',
    /** A folder of `files` text files of `paragraphs` paragraphs each. */
    async folderOf(name: string, files: number, paragraphs: number): Promise<string> {
      const folder = join(scratch.dir, name);
      await mkdir(folder, { recursive: true });
      for (let i = 0; i < files; i++) await writeFile(join(folder, `f${i}.txt`), prose(paragraphs, 100 + i));
      return folder;
    },
  };
  beforeAll(async () => {
    const ready = await emb.embedder.ready(AbortSignal.timeout(60_000));
    scratch.endpoint = { baseUrl: ready.endpoint.baseUrl, apiKey: ready.endpoint.apiKey };
    scratch.dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await emb.dispose();
    await rm(scratch.dir, { recursive: true, force: true });
  });
  return scratch;
}

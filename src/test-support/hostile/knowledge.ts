// Hostile inputs that reach the knowledge surface: documents that inflate far
// past their size, added to a knowledge base and read the way the app reads
// them (the real service, the real reader worker started through the process
// lifecycle with its heap cap). No embedder is reached: each must fail on reading.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { linkEmbedder } from '@test-support/knowledge/embedder-harness';
import { makeFlateBombPdf, makeZipBombDocx } from '@test-support/knowledge/hostile-documents';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import type { HostileInput } from './hostile-input';

/** What a reader process may reach while it refuses a bomb: far below its 1 GB heap cap. */
const READER_BOUND_MB = 400;

/** The highest resident set a live process has had, MB; null once it is gone. */
function peakMbOf(pid: number): number | null {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Adds the file at `path` to a new base and says how it ended, and how large its reader grew. */
async function addToKnowledgeBase(dir: string, path: string): Promise<string> {
  const registry = memoryLifecycle();
  const readers: number[] = [];
  const launch: typeof registry.launch = (spec) => {
    const proc = registry.launch(spec);
    if (proc.pid !== null) readers.push(proc.pid);
    return proc;
  };
  // Nothing listens there: a file that got as far as embedding would wait, and the row would say so.
  const embedder = linkEmbedder({ baseUrl: 'http://127.0.0.1:9', apiKey: '' });
  const kb = await makeKnowledgeHarness(embedder, {}, dir, { launch });
  try {
    const { id } = await kb.service.create('Hostile');
    await kb.service.addPaths(id, [path]);
    await kb.service.idle();
    const file = kb.service.list().bases[0]!.files[0]!;
    // The reader stays warm after a refusal, so its high-water mark can still be read.
    const peaks = readers.map(peakMbOf).filter((mb): mb is number => mb !== null);
    const peak = Math.max(0, ...peaks);
    const reader =
      readers.length === 0
        ? 'read in this process'
        : peak > READER_BOUND_MB
          ? `its reader grew to ${peak} MB`
          : `its reader stayed under ${READER_BOUND_MB} MB`;
    return `${file.state} (${file.error?.reason ?? 'no reason'}); ${reader}`;
  } finally {
    await kb.dispose(false);
    await registry.stopAll(500);
  }
}

/**
 * A crafted document added to a base through the real service: it must fail with a reason while its reader stays
 * bounded.
 */
function documentRow(name: string, fileName: string, make: (path: string) => Promise<unknown>): HostileInput {
  return {
    name,
    surface: 'knowledge',
    async probe(dir) {
      const path = join(dir, fileName);
      await make(path);
      return addToKnowledgeBase(dir, path);
    },
    expect: /^failed \(content_too_large\); its reader stayed under 400 MB$/,
  };
}

export const knowledgeInputs: HostileInput[] = [
  documentRow(
    'a 70 KB DOCX zip bomb: a valid zip whose word/document.xml inflates to 20 MB of paragraphs',
    'bomb.docx',
    (path) => makeZipBombDocx(path),
  ),
  documentRow('the same DOCX zip bomb with zip headers that say word/document.xml is 4 KB', 'lying.docx', (path) =>
    makeZipBombDocx(path, { declaredBytes: 4096 }),
  ),
  documentRow(
    'a 70 KB PDF whose one page is a Flate stream that inflates to 20 MB of text operators',
    'flate.pdf',
    (path) => makeFlateBombPdf(path),
  ),
];

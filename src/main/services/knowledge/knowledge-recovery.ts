// What the knowledge base finds wrong when it opens after a stop, and gets past: a catalog that could not be read,
// passages a crash left doubled, and a file whose indexing the stop cut off.
import type { Notice } from '@shared/contract';
import type { KnowledgeCatalog } from './knowledge-catalog';
import type { PassageStore } from './passage-table';

/** The failure of a file that was being indexed when EVA stopped. */
export const INTERRUPTED = 'EVA stopped while reading this file; it was left out';

/** The notice for a catalog that could not be read (and was moved aside: the app starts with no bases). */
export function damagedCatalogNotice({ keptAt, error }: { keptAt: string; error: string }): Notice {
  return {
    level: 'error',
    code: 'knowledge_catalog_damaged',
    message: `The knowledge base list could not be read (${error}); it was kept at ${keptAt} and EVA started with none.`,
    details: { keptAt, error },
  };
}

/** Repairs each base's passages and marks the files cut off mid-index as failed; the caller saves the catalog. */
export async function recoverAfterStop(
  catalog: KnowledgeCatalog,
  store: PassageStore,
  onNotice: ((notice: Notice) => void) | undefined,
): Promise<void> {
  for (const base of catalog.bases) {
    // A crash between adding a file's new passages and dropping its old ones leaves both: every
    // file with stored passages keeps its committed revision, whatever its state (one re-indexing
    // or failed on a new revision when the app stopped still has its old passages). A repair that
    // fails leaves the extra rows for the next start; it must not keep the app from starting.
    await store
      .repair(
        base.id,
        new Map(base.files.filter((f) => f.hash && f.passages > 0).map((f) => [f.id, f.hash!.slice(0, 16)])),
      )
      .catch((error: unknown) => {
        const message = (error as Error).message;
        onNotice?.({
          level: 'warning',
          code: 'knowledge_repair_failed',
          message: `The knowledge base “${base.name}” could not be checked after the last stop (${message}); searches may show a passage twice until it is.`,
          details: { base: base.name, error: message },
        });
      });
    // A file still being indexed when the app stopped may be what stopped it (a document that
    // exhausted memory): it is left out, not tried again at every start until the user adds it again.
    for (const file of base.files)
      if (file.state === 'indexing')
        Object.assign(file, {
          state: 'failed',
          error: { reason: 'interrupted', message: `${file.path}: ${INTERRUPTED}` },
        });
  }
}

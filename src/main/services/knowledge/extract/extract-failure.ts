// A file the knowledge base cannot index, and why: a per-file error, never a
// failed ingest.
import type { KnowledgeFileFailure } from '@shared/knowledge/knowledge-types';

export class ExtractFailure extends Error {
  constructor(
    readonly reason: KnowledgeFileFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A file-system error as a per-file reason: vanished, the disk full, or any other read failure. */
export function fsReason(error: unknown): KnowledgeFileFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'not_found';
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'disk_full';
  return 'read_failed';
}

// Messages between the knowledge service and its reader's worker process, over
// the fork IPC channel. Both sides check the shape: the worker parses hostile
// files, and whatever it sends back must not confuse the core.
import type { KnowledgeFileFailure } from '@shared/knowledge/knowledge-types';
import type { ExtractLimits } from './extract-limits';
import type { ExtractedFile } from './extract-text';

/** core → worker: read one file */
export interface ExtractRequest {
  type: 'extract';
  id: number;
  path: string;
  limits: ExtractLimits;
}

/** worker → core */
export type FromExtractWorker =
  | { type: 'ready' }
  | { type: 'extracted'; id: number; file: ExtractedFile }
  | { type: 'failed'; id: number; reason: KnowledgeFileFailure; message: string };

const LIMIT_FIELDS = ['maxFileBytes', 'maxPartBytes', 'maxUnpackedBytes', 'maxZipEntries', 'maxTextChars'] as const;

export function isExtractRequest(value: unknown): value is ExtractRequest {
  const msg = value as Partial<ExtractRequest> | null;
  if (
    typeof msg !== 'object' ||
    msg === null ||
    msg.type !== 'extract' ||
    typeof msg.id !== 'number' ||
    typeof msg.path !== 'string'
  )
    return false;
  const limits = msg.limits as Record<string, unknown> | undefined;
  return (
    typeof limits === 'object' && limits !== null && LIMIT_FIELDS.every((field) => typeof limits[field] === 'number')
  );
}

export function isFromExtractWorker(value: unknown): value is FromExtractWorker {
  const msg = value as Record<string, unknown> | null;
  if (typeof msg !== 'object' || msg === null) return false;
  if (msg.type === 'ready') return true;
  if (typeof msg.id !== 'number') return false;
  if (msg.type === 'failed') return typeof msg.reason === 'string' && typeof msg.message === 'string';
  if (msg.type !== 'extracted') return false;
  const file = msg.file as Record<string, unknown> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    typeof file.hash === 'string' &&
    typeof file.bytes === 'number' &&
    Array.isArray(file.sections) &&
    file.sections.every(
      (s: { text?: unknown; page?: unknown } | null) =>
        typeof s?.text === 'string' && (s.page === null || typeof s.page === 'number'),
    )
  );
}

// Words for the knowledge page that depend on data: a file's failure reason, why
// an ingest waits, and its time left. Pure.
import type { MessageKey } from '../../i18n';
import type { IngestHalt, KnowledgeFileFailure } from '@shared/knowledge/knowledge-types';

const FAILURE_KEYS: Record<KnowledgeFileFailure, MessageKey> = {
  unsupported_type: 'knowledge.failure.unsupported_type',
  empty_file: 'knowledge.failure.empty_file',
  binary_file: 'knowledge.failure.binary_file',
  file_too_large: 'knowledge.failure.file_too_large',
  content_too_large: 'knowledge.failure.content_too_large',
  out_of_memory: 'knowledge.failure.out_of_memory',
  interrupted: 'knowledge.failure.interrupted',
  encrypted_pdf: 'knowledge.failure.encrypted_pdf',
  corrupt_file: 'knowledge.failure.corrupt_file',
  no_text: 'knowledge.failure.no_text',
  not_found: 'knowledge.failure.not_found',
  disk_full: 'knowledge.failure.disk_full',
  read_failed: 'knowledge.failure.read_failed',
  embed_failed: 'knowledge.failure.embed_failed',
};

export function failureKey(reason: string): MessageKey {
  return Object.hasOwn(FAILURE_KEYS, reason)
    ? FAILURE_KEYS[reason as KnowledgeFileFailure]
    : 'knowledge.failure.read_failed';
}

const HALT_KEYS: Record<IngestHalt, MessageKey> = {
  embedder_down: 'knowledge.halt.embedder_down',
  no_embedder: 'knowledge.halt.no_embedder',
  embedder_is_chat_model: 'knowledge.halt.embedder_is_chat_model',
  embedder_failed: 'knowledge.halt.embedder_failed',
  reembed_needed: 'knowledge.reembedNeededShort',
};

/**
 * Why an ingest waits or stopped, in the UI's words (a reason this page does not know reads as the embedder failing).
 */
export function haltKey(reason: string): MessageKey {
  return Object.hasOwn(HALT_KEYS, reason) ? HALT_KEYS[reason as IngestHalt] : 'knowledge.halt.embedder_failed';
}

/** "1:05" style time left. */
export function formatEta(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}

/** `notes.md, lines 3–9` / `report.pdf, p. 2, lines 1–4` in the UI's words. */
export function sourceVars(source: { path: string; page: number | null; lineStart: number; lineEnd: number }): {
  name: string;
  page: string;
  lines: string;
} {
  return {
    name: source.path.split(/[\\/]/).pop() ?? source.path,
    page: source.page ? String(source.page) : '',
    lines: source.lineStart === source.lineEnd ? String(source.lineStart) : `${source.lineStart}–${source.lineEnd}`,
  };
}

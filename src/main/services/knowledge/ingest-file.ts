// One file into its knowledge base: extract, hash, cut by tokens, embed in
// batches, and write all of its passages at once. Until that write nothing of
// the new revision is visible, so a failure or a cancel leaves the file as it
// was (its old passages, or none). A down embedding server pauses here and the
// same batch is sent again once it is back.
import { randomUUID } from 'node:crypto';
import { AppFailure } from '@shared/errors';
import type { EmbedderIdentity } from '@shared/knowledge/knowledge-types';
import { cutSections } from './cut-sections';
import { embedTexts, EmbeddingError, tokenizeBytes } from './embedding-client';
import type { Embedder } from './embedder';
import { ExtractFailure, fsReason } from './extract/extract-failure';
import { extractLimits } from './extract/extract-limits';
import type { Extractor } from './extract/extract-worker-client';
import { mapInFlight } from './map-in-flight';
import type { PassageRow, PassageStore } from './passage-table';

export interface IngestFileInput {
  baseId: string;
  fileId: string;
  path: string;
  /**
   * the hash of the revision already indexed, to skip an unchanged file; null where the base holds no passages of it
   */
  indexedHash: string | null;
  /** the embedder the base's vectors came from; another one stops the ingest */
  baseEmbedder: EmbedderIdentity | null;
  passageTokens: number;
  overlapTokens: number;
  batchSize: number;
  maxBytes: number;
}

export interface IngestFileDeps {
  /** reads the file's text (in a worker process, in the app) */
  extractor: Extractor;
  embedder: Embedder;
  store: PassageStore;
  signal: AbortSignal;
  /** the embedding server is down: paused with this reason (null: going again) */
  onPause: (reason: string | null) => void;
  onPassages: (count: number) => void;
  /** ms between tries while paused */
  retryMs?: number;
}

export type IngestFileOutcome =
  | { kind: 'indexed'; hash: string; passages: number; bytes: number; embedder: EmbedderIdentity | null }
  | { kind: 'unchanged'; hash: string; bytes: number };

/** Embedding requests a file keeps in flight: the server queues the second while it works on the first. */
const EMBED_IN_FLIGHT = 2;

/** The base holds vectors of another model: it has to be re-embedded before anything is added. */
export class EmbedderMismatch extends Error {}

export async function ingestFile(input: IngestFileInput, deps: IngestFileDeps): Promise<IngestFileOutcome> {
  const { hash, bytes, sections } = await deps.extractor.extract(
    input.path,
    extractLimits(input.maxBytes),
    deps.signal,
  );
  if (hash === input.indexedHash) return { kind: 'unchanged', hash, bytes };

  const ready = await withRetry(() => deps.embedder.ready(deps.signal), deps);
  const tokenize = ready.tokenizer
    ? (text: string) =>
        withRetry(async () => tokenizeBytes((await deps.embedder.ready(deps.signal)).endpoint, text, deps.signal), deps)
    : null;
  const passages = await cutSections(sections, {
    passageTokens: input.passageTokens,
    overlapTokens: input.overlapTokens,
    tokenize,
  });
  if (passages.length === 0) throw new ExtractFailure('no_text', `${input.path} has no text to index`);

  const rev = hash.slice(0, 16);
  let identity: EmbedderIdentity | null = input.baseEmbedder;
  const batches = Math.ceil(passages.length / input.batchSize);
  const vectors = await mapInFlight(batches, EMBED_IN_FLIGHT, async (b) => {
    const batch = passages.slice(b * input.batchSize, (b + 1) * input.batchSize);
    const batchVectors = await withRetry(
      async () =>
        embedTexts(
          (await deps.embedder.ready(deps.signal)).endpoint,
          batch.map((p) => p.text),
          deps.signal,
        ),
      deps,
    );
    const current = { model: ready.model, dimension: batchVectors[0]!.length };
    if (identity && (identity.model !== current.model || identity.dimension !== current.dimension)) {
      throw new EmbedderMismatch(
        `the base holds vectors of ${identity.model} (${identity.dimension} dimensions); the embedder now is ${current.model} (${current.dimension})`,
      );
    }
    identity = current;
    deps.onPassages(batch.length);
    return batchVectors;
  });
  const rows = passages.map((passage, i): PassageRow => ({
    id: randomUUID(),
    file_id: input.fileId,
    rev,
    text: passage.text,
    path: input.path,
    page: passage.page ?? 0,
    line_start: passage.lineStart,
    line_end: passage.lineEnd,
    char_start: passage.charStart,
    char_end: passage.charEnd,
    vector: vectors[Math.floor(i / input.batchSize)]![i % input.batchSize]!,
  }));
  deps.signal.throwIfAborted();
  try {
    await deps.store.replaceFile(input.baseId, input.fileId, rev, rows, { hadPassages: input.indexedHash !== null });
  } catch (error) {
    throw new ExtractFailure(
      fsReason(error) === 'disk_full' || /no space left/i.test(String(error)) ? 'disk_full' : 'read_failed',
      `${input.path}: the passages could not be stored: ${(error as Error).message}`,
    );
  }
  return { kind: 'indexed', hash, passages: rows.length, bytes, embedder: identity };
}

/** Run `work` until it gets through, pausing while the embedding server is unavailable; other failures pass. */
async function withRetry<T>(work: () => Promise<T>, deps: IngestFileDeps): Promise<T> {
  let paused = false;
  for (let attempt = 0; ; attempt++) {
    deps.signal.throwIfAborted();
    try {
      const value = await work();
      if (paused) deps.onPause(null);
      return value;
    } catch (error) {
      if (deps.signal.aborted) throw error;
      if (!retriable(error)) {
        if (error instanceof EmbeddingError) throw new ExtractFailure('embed_failed', error.message);
        throw error;
      }
      paused = true;
      deps.onPause((error as Error).message);
      await sleep(Math.min((deps.retryMs ?? 500) * 2 ** Math.min(attempt, 4), 10_000), deps.signal);
    }
  }
}

function retriable(error: unknown): boolean {
  if (error instanceof EmbeddingError) return error.kind === 'unavailable';
  // No embedder chosen, or a model that cannot load: waiting does not help.
  if (error instanceof AppFailure)
    return (
      error.code === 'server_crashed' ||
      error.code === 'backend_starting' ||
      error.code === 'no_model_loaded' ||
      error.code === 'ready_timeout'
    );
  return false;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    // Removed when the pause ends: a long outage makes thousands of pauses on one file's signal.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

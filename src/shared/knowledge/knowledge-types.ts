// The knowledge base (EVA's 知识库) as data: what crosses between the core and
// the page. Plain types only; the schemas for calls are in knowledge-contract.ts.

/** Why one file could not be indexed; the page words each in the UI's language. */
export type KnowledgeFileFailure =
  | 'unsupported_type'
  | 'empty_file'
  | 'binary_file'
  | 'file_too_large'
  /** a DOCX or PDF that unpacks to more than EVA reads from one file (a zip bomb) */
  | 'content_too_large'
  /** reading it took more memory than the reader's process may use */
  | 'out_of_memory'
  /** EVA stopped while the file was being indexed; it is not tried again until added again */
  | 'interrupted'
  | 'encrypted_pdf'
  | 'corrupt_file'
  | 'no_text'
  | 'not_found'
  | 'disk_full'
  | 'read_failed'
  | 'embed_failed';

/** Where a file stands in its knowledge base. */
export type KnowledgeFileState = 'queued' | 'indexing' | 'indexed' | 'failed';

/** One source file of a knowledge base. */
export interface KnowledgeFile {
  id: string;
  path: string;
  state: KnowledgeFileState;
  /** sha256 of the file's bytes when it was indexed; a changed hash re-indexes it */
  hash: string | null;
  passages: number;
  bytes: number;
  indexedAt: number | null;
  error: { reason: KnowledgeFileFailure; message: string } | null;
}

/** Which embedding model a base's vectors came from; another model means re-embedding, never mixing. */
export interface EmbedderIdentity {
  model: string;
  dimension: number;
}

/** One knowledge base as the page lists it. */
export interface KnowledgeBase {
  id: string;
  name: string;
  createdAt: number;
  files: KnowledgeFile[];
  /** null until the first passage is embedded */
  embedder: EmbedderIdentity | null;
  /** the embedder in use now differs from `embedder`: queries are refused until the base is re-embedded */
  needsReembed: boolean;
}

/** Where a passage came from: the file, and its page (PDF) or line range in the extracted text. */
export interface PassageSource {
  fileId: string;
  path: string;
  /** 1-based; null where the format has no pages */
  page: number | null;
  /** 1-based, inclusive, in the extracted text (of the page, for a PDF) */
  lineStart: number;
  lineEnd: number;
}

/** One retrieved passage with how it ranked on each side of the hybrid search. */
export interface KnowledgeHit {
  id: string;
  baseId: string;
  text: string;
  source: PassageSource;
  /** reciprocal rank fusion score: the order of the list */
  score: number;
  /** cosine similarity to the query, where the vector side found it */
  similarity: number | null;
  /** BM25 score, where the full-text side found it */
  bm25: number | null;
}

/** Progress of one ingest job, a few times a second at most. */
export interface IngestProgress {
  jobId: string;
  baseId: string;
  state: 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  filesDone: number;
  filesTotal: number;
  filesFailed: number;
  passagesDone: number;
  /** passages of the file under way, as far as it has been cut */
  currentFile: string | null;
  /** seconds left at the current rate; null until there is a rate */
  etaSeconds: number | null;
  /** why it is paused or stopped; the page words it in the UI's language */
  pausedReason: IngestHalt | null;
  /** the underlying error's own words (the server's answer, the file system's), for the curious */
  detail: string | null;
}

/**
 * Why an ingest waits or stopped: the embedding server is down or restarting
 * (it resumes by itself), no embedding model is chosen, the one chosen is a chat model the user has not insisted on,
 * or it cannot start (it resumes when the embedder is set), the base holds another model's vectors.
 */
export type IngestHalt =
  'embedder_down' | 'no_embedder' | 'embedder_is_chat_model' | 'embedder_failed' | 'reembed_needed';

/** The embedding server's state, for the page. */
export interface EmbedderStatus {
  kind: 'local' | 'link' | 'none';
  state: 'stopped' | 'starting' | 'ready' | 'error';
  model: string | null;
  port: number | null;
  restarts: number;
  error: string | null;
}

/** What the Test button shows: how close two related sentences come, against two unrelated ones. */
export interface EmbedderTestResult {
  model: string;
  dimension: number;
  /** two sentences that mean nearly the same */
  texts: [string, string];
  /** cosine similarity of `texts` */
  similarity: number;
  /** a sentence about something else, compared with the first of `texts` */
  unrelatedText: string;
  unrelatedSimilarity: number;
  /** the related pair scores clearly above the unrelated one (embedderSeparates) */
  separates: boolean;
  ms: number;
}

/** What an embedding model file's header says about it, checked before its server starts. */
export interface EmbeddingModelCheck {
  path: string;
  /**
   * 'embedding': an encoder architecture or a named pooling; 'chat': a causal language model that names no pooling;
   * 'unreadable': no GGUF header to judge by (the start will say why)
   */
  verdict: 'embedding' | 'chat' | 'unreadable';
  /** general.architecture, or null where the header cannot be read */
  architecture: string | null;
  /** `<arch>.pooling_type` (1 mean, 2 cls, 3 last, 4 rank), or null where the file names none */
  pooling: number | null;
  /** the file has a chat template (tokenizer.chat_template) */
  chatTemplate: boolean;
  /** in English words (logs, CLI); the page words the verdict in its own language */
  reason: string;
}

/** A passage opened in its source: the section's extracted text and where the passage lies in it. */
export interface PassageView {
  source: PassageSource;
  /** the extracted text of the file (of the page, for a PDF), capped */
  text: string;
  /** character range of the passage in `text` */
  start: number;
  end: number;
}

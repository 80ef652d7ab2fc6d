// What a comparison is: one prompt (or a set of them) put to two to four models
// or quantizations, each column a model with its own conversation, its answers
// and the figures measured on this machine while it answered. A run is saved
// whole (compare-schemas.ts reads it back) and shown to the page as a view
// that hides the models in blind mode until the user votes or reveals them.
import type { SamplingSettings } from '../chat/types';

/** A model a column asks: a GGUF file (EVA starts a llama-server of its own for it) or one of the pool's models. */
export type CompareEntrant = { kind: 'file'; path: string } | { kind: 'pool'; id: string };

/** What every column is asked with: the same for all, so the figures compare like with like. */
export interface CompareSettings {
  systemPrompt: string;
  sampling: SamplingSettings;
  /** the context each model's server is started with; 0: the model's trained context */
  contextSize: number;
  /** columns labelled A–D, the models' names and figures hidden until a vote or a reveal */
  blind: boolean;
  /** one model after another even where they fit together: each answers with the processor to itself */
  oneAfterAnother: boolean;
}

/** One prompt of the run, sent to every column. */
export interface CompareTurn {
  prompt: string;
  /** a follow-up continues each column's conversation; a prompt of a set is asked afresh */
  followUp: boolean;
}

export type CompareAnswerStatus = 'waiting' | 'loading' | 'streaming' | 'done' | 'stopped' | 'error';

/** How a column's peak memory was measured. */
export type CompareMemorySource =
  /** the resident set of the llama-server EVA started for this column, sampled while it answered */
  | 'server'
  /** the resident set of the pool's llama-server for this model (a child of the router), sampled likewise */
  | 'pool-model'
  /** not measured: the process could not be read on this system */
  | 'none';

/** What one answer took on this machine; null where the server or the system did not say. */
export interface CompareFigures {
  /** from the request leaving the core to the first token arriving there */
  ttftMs: number | null;
  /** the server's generation speed (timings.predicted_per_second) */
  tokensPerSecond: number | null;
  /** the server's prompt reading speed (timings.prompt_per_second) */
  promptTokensPerSecond: number | null;
  promptTokens: number | null;
  /** prompt tokens the server took from its cache instead of reading them */
  cachedTokens: number | null;
  generatedTokens: number | null;
  /** tokens held in the context after the answer: cached + read + generated */
  contextUsed: number | null;
  /** the context the server runs with */
  nCtx: number | null;
  /** the largest resident set seen while the answer was computed */
  peakRssBytes: number | null;
  /** how many times the resident set was read for that peak */
  rssSamples: number;
  memorySource: CompareMemorySource;
  /** how long the model's server took to start for this answer; null: it was running already */
  loadMs: number | null;
}

/** Why an answer failed: a contract code (the server did not start) or a stream's (the answer broke off). */
export interface CompareError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface CompareAnswer {
  status: CompareAnswerStatus;
  content: string;
  reasoning: string;
  error: CompareError | null;
  figures: CompareFigures;
}

export interface CompareColumn {
  /** 'a'…'d', the column's letter */
  id: string;
  entrant: CompareEntrant;
  /** the model as the page names it: the file name without `.gguf`, or the pool's id */
  name: string;
  /** one per turn, in turn order */
  answers: CompareAnswer[];
}

/** Together, or one model after another: what the memory on this machine allows. */
export interface CompareSchedule {
  mode: 'parallel' | 'sequential';
  /**
   * why: everything fits; the models together need more than is free; the pool cannot hold them together; the user
   * chose one after another
   */
  reason: ScheduleReason;
  /** what the models EVA would start need together (weights and KV cache of the context, as the pool counts them) */
  neededBytes: number;
  /** free memory on this machine when the run was planned */
  freeBytes: number;
  /** each column's estimate (0 for a pool model already loaded) */
  estimates: Array<{ columnId: string; bytes: number }>;
  /** columns whose model needs more than is free even alone: it may still run, slower, as pages are evicted */
  tooLarge: string[];
}

/** The best answer of one turn, as the user chose it. */
export interface CompareVote {
  turn: number;
  columnId: string;
  at: number;
}

export interface CompareRun {
  version: 1;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  settings: CompareSettings;
  turns: CompareTurn[];
  columns: CompareColumn[];
  schedule: CompareSchedule;
  votes: CompareVote[];
  /** blind mode only: the names and figures are shown */
  revealed: boolean;
  /** the run this one repeats with the same prompts and settings (one model swapped, or none) */
  repeatOf: string | null;
  /** answering now */
  running: boolean;
}

/** A column as the page sees it: in blind mode, before a vote or a reveal, without its model or figures. */
export interface CompareColumnView extends Omit<CompareColumn, 'entrant' | 'name'> {
  entrant: CompareEntrant | null;
  name: string | null;
}

/** A run as the page sees it. */
export interface CompareRunView extends Omit<CompareRun, 'columns' | 'schedule'> {
  columns: CompareColumnView[];
  /** the schedule, with the estimates per column left out while the models are hidden */
  schedule: CompareSchedule;
  /** the models and figures are hidden now */
  hidden: boolean;
}

/** A saved run in the tab's list. */
export interface CompareRunSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** the columns' model names; null while a blind run is not revealed */
  models: Array<string | null>;
  turns: number;
  votes: number;
  blind: boolean;
  hidden: boolean;
  mode: CompareSchedule['mode'];
  repeatOf: string | null;
  running: boolean;
}

/** A set of prompts saved to be asked again (each afresh) in later runs. */
export interface ComparePromptSet {
  name: string;
  prompts: string[];
}

/** What a column can be asked of: the library's model files and the pool's models. */
export interface CompareCandidates {
  files: Array<{ path: string; name: string; fileName: string; quantization: string; sizeBytes: number }>;
  /** the running pool's models (none when the pool is stopped) */
  pool: Array<{ id: string; path: string; loaded: boolean }>;
}

/** One file a run is exported as. */
export interface CompareExport {
  text: string;
  fileName: string;
  mime: string;
}

export type CompareExportFormat = 'json' | 'csv' | 'markdown';

/** The most columns a run has, and the fewest. */
export const COMPARE_MAX_COLUMNS = 4;
export const COMPARE_MIN_COLUMNS = 2;
/** Column ids in order; the page shows them as capitals. */
export const COMPARE_COLUMN_IDS = ['a', 'b', 'c', 'd'] as const;

/** Why a run's models go together or one after another (CompareSchedule.reason). */
export type ScheduleReason = 'fits' | 'memory' | 'pool' | 'chosen';

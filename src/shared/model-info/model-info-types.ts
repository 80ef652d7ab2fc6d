// What the Model info page (EVA's 模型信息) shows: a GGUF file's header read by
// the core (summary, quantization, tensors, tokenizer, chat templates), pages of
// its tensors and vocabulary searched in the core, and the running server's
// /props and /slots. Plain data, shared by the core and the page.

/** How much of the model one ggml type holds. */
export interface QuantShare {
  /** ggml type name: F16, Q4_K, … */
  type: string;
  tensors: number;
  /** weights (tensor elements) of this type */
  elements: number;
  bytes: number;
}

/** One tensor of the file. */
export interface TensorRow {
  name: string;
  type: string;
  /** ggml's ne[]: innermost first */
  dims: number[];
  elements: number;
  bytes: number;
  /** where its data starts, in bytes from the start of the file */
  offset: number;
}

/** A token the tokenizer names by role (tokenizer.ggml.<role>_token_id). */
export interface SpecialToken {
  /** bos, eos, eot, unknown, padding, … as the key names it */
  role: string;
  id: number;
  /** null when the id lies outside the vocabulary */
  text: string | null;
}

/** llama.cpp's token types (tokenizer.ggml.token_type), by name. */
export type TokenKind = 'undefined' | 'normal' | 'unknown' | 'control' | 'user-defined' | 'unused' | 'byte';

/** One vocabulary entry. */
export interface VocabToken {
  id: number;
  text: string;
  kind: TokenKind;
}

/** A chat template of the file: the default one (name null) or a named one (tokenizer.chat_template.<name>). */
export interface ChatTemplateText {
  name: string | null;
  text: string;
}

/** One metadata key/value as text; arrays are summarised, long strings cut. */
export interface MetadataEntry {
  key: string;
  /** GGUF value type: uint32, string, array of string, … */
  type: string;
  /** '' for an array */
  value: string;
  /** an array's element count (its elements are not sent); null for other values */
  arrayLength: number | null;
}

/** The summary of a GGUF file (`model-info:read`); tensors and vocabulary come by the page. */
export interface ModelInfo {
  path: string;
  fileSize: number;
  ggufVersion: number;
  name: string;
  architecture: string;
  /** general.file_type by name (Q4_K_M); null when absent or unknown */
  fileType: string | null;
  /** general.size_label (7B) */
  sizeLabel: string | null;
  contextLength: number | null;
  embeddingLength: number | null;
  layers: number | null;
  heads: number | null;
  headsKv: number | null;
  feedForwardLength: number | null;
  experts: number | null;
  expertsUsed: number | null;
  /** the sum of every tensor's element count */
  parameters: number;
  tensorCount: number;
  /** bytes of tensor data */
  tensorBytes: number;
  bitsPerWeight: number | null;
  /** by bytes, most first */
  quantization: QuantShare[];
  tokenizer: {
    model: string | null;
    pre: string | null;
    vocabSize: number;
    mergesCount: number;
    /** tokens of kind control, user-defined or unknown */
    specialCount: number;
    addBos: boolean | null;
    addEos: boolean | null;
  };
  specialTokens: SpecialToken[];
  chatTemplates: ChatTemplateText[];
  metadata: MetadataEntry[];
}

/** One page of a search through a list kept in the core. */
export interface SearchPage<T> {
  /** entries in the list */
  total: number;
  /** entries matching the query */
  matched: number;
  offset: number;
  rows: T[];
}

/** One server slot: a parallel sequence with its own share of the context. */
export interface LiveSlot {
  id: number;
  nCtx: number;
  processing: boolean;
  /** tokens in the slot's context now (prompt and answer); null before its first task */
  tokens: number | null;
  promptProcessed: number | null;
  promptCached: number | null;
  decoded: number | null;
}

/** What the running local server says about itself (`/props`). */
export interface LiveProps {
  modelPath: string | null;
  modelAlias: string | null;
  /** context per slot */
  nCtx: number;
  totalSlots: number | null;
  build: string | null;
  vision: boolean;
  audio: boolean;
  sleeping: boolean;
}

/**
 * The local server now (`model-info:live`): not running, or its /props and /slots.
 * /slots may be off (`--no-slots`: 'disabled') or fail on its own ('failed') without
 * taking /props with it.
 */
export type LiveServer =
  | { state: 'stopped' }
  | { state: 'unreachable'; message: string }
  | {
      state: 'running';
      props: LiveProps;
      slots: LiveSlot[];
      slotsState: 'ok' | 'disabled' | 'failed';
      slotsMessage: string | null;
    };
